import CEditLine
import Foundation
import TerminalText

/// libedit on a terminal: emacs key bindings, history with Ctrl-R search, TAB completion.
///
/// Sendable unchecked, because of a C invariant: libedit's `EditLine` and `History` are not
/// thread-safe and its callbacks (prompt, completion) run inside `el_gets` on the calling thread,
/// reaching this object through a raw client-data pointer that no Swift lock can cover. The
/// `LineReader` contract (one caller at a time, from any thread) is what keeps them safe, and
/// nothing here is tied to a particular thread.
final class EditLineReader: LineReader, @unchecked Sendable {
    private let editLine: OpaquePointer
    private let historyHandle: OpaquePointer
    private let historyPath: String?
    private let completer: Completer?
    /// This run's lines, oldest first, not saved yet: what `saveHistory` adds to the file as it
    /// is then.
    private var added: [String] = []
    /// The list the last TAB printed, and for which line (see `complete`).
    private var lastListing: Listing?
    private struct Listing: Equatable {
        var line: String
        var lines: [String]
    }
    // libedit keeps the pointer the prompt callback returns, so the bytes live in C memory that
    // stays put until the next prompt change.
    private var promptBytes: UnsafeMutablePointer<CChar>

    var prompt: String {
        didSet {
            let old = promptBytes
            promptBytes = strdup(prompt) ?? strdup("")!
            free(old)
        }
    }

    var isInteractive: Bool { true }

    init?(programName: String, historyFile: URL?, completer: Completer?) {
        guard let editLine = cel_init(programName) else { return nil }
        guard let historyHandle = history_init() else {
            el_end(editLine)
            return nil
        }
        self.editLine = editLine
        self.historyHandle = historyHandle
        self.historyPath = historyFile?.path
        self.completer = completer
        self.prompt = ""
        self.promptBytes = strdup("")!

        cel_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        cel_set_prompt(editLine) { editLine in
            EditLineReader.from(editLine)?.promptBytes
        }
        cel_set_editor(editLine, "emacs")
        // libedit restores the terminal on fatal signals and follows SIGWINCH/SIGTSTP.
        cel_set_signal(editLine, 1)

        Self.configure(historyHandle)
        cel_set_hist(editLine, historyHandle)

        // The user's ~/.editrc first, so a choice such as `bind -v` stands, then the bindings
        // this reader depends on on top of it.
        cel_source_editrc(editLine)
        cel_addfn(editLine, "lineeditor-complete", "Complete the word before the cursor") { editLine, _ in
            guard let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return reader.complete()
        }
        cel_bind(editLine, "^I", "lineeditor-complete")
        // Not libedit's em-inc-search-prev, which looks each typed key up by its low byte: a
        // syllable such as 켓 (U+CF13, low byte ^S) ended the search and went into the line.
        // This one (shim.c) reads whole characters. Bound after the editrc, so it stands.
        cel_addfn(editLine, "lineeditor-search-back", "Search the history backwards") { editLine, _ in
            guard let reader = EditLineReader.from(editLine) else { return UInt8(CC_ERROR) }
            return cel_inc_search(editLine, reader.historyHandle)
        }
        cel_bind(editLine, "^R", "lineeditor-search-back")

        if let historyPath {
            // A missing file is the normal first run. Read under the lock a saving shell holds,
            // so a file half written is never read.
            Self.locking(historyPath, O_RDONLY, LOCK_SH) { _ = cel_hist_load(historyHandle, historyPath) }
        }
        cel_use_interruptible_getc(editLine)
    }

    deinit {
        el_end(editLine)
        history_end(historyHandle)
        free(promptBytes)
    }

    private static func from(_ editLine: OpaquePointer?) -> EditLineReader? {
        guard let editLine, let data = cel_get_clientdata(editLine) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    func readLine() -> ReadResult {
        lastListing = nil
        cel_sigint_acquire()
        defer { cel_sigint_release() }
        // A Ctrl-C left over from a command that could not be cancelled must not end this read.
        cel_sigint_discard()
        cel_clear_edit_interrupted()
        cel_set_reading(1)
        defer { cel_set_reading(0) }
        cel_sigcont_watch(1)
        defer { cel_sigcont_watch(0) }
        cel_sigquit_watch(1)
        defer { cel_sigquit_watch(0) }

        var count: Int32 = 0
        let line = el_gets(editLine, &count)
        if cel_edit_was_interrupted() != 0 {
            // libedit's raw mode has echo off, so the terminal showed nothing for the key.
            cel_write(editLine, "^C\n")
            return .interrupted
        }
        guard let line else {
            // Ctrl-D has printed "^D" on the prompt line; the caller's next output starts below.
            cel_write(editLine, "\n")
            return .eof
        }
        return .line(String(cString: line).strippingLineEnding())
    }

    func setSearchLabels(found: String, failed: String) {
        _ = cel_set_search_labels(found, failed)
    }

    func addHistory(_ line: String) {
        guard !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        cel_hist_enter(historyHandle, line)
        added.append(line)
    }

    func forgetHistory(_ line: String) {
        _ = cel_hist_delete_newest(historyHandle, line)
        if let index = added.lastIndex(of: line) { added.remove(at: index) }
    }

    /// `body` under `flock(operation)` on the history file opened with `flags` (made 0600 with
    /// `O_CREAT`), the lock every shell takes around reading or writing it; without the lock when
    /// the file cannot be opened (a first run's missing file, read).
    private static func locking<T>(_ path: String, _ flags: Int32, _ operation: Int32, _ body: () -> T) -> T {
        let lock = open(path, flags | O_CLOEXEC, 0o600)
        if lock >= 0 { flock(lock, operation) }
        defer { if lock >= 0 { close(lock) } }
        return body()
    }

    /// The most lines kept, and a line entered twice in a row kept once.
    private static func configure(_ history: OpaquePointer) {
        cel_hist_setsize(history, 1000)
        cel_hist_setunique(history, 1)
    }

    func readSecret(prompt: String) -> String? {
        readSecretFromTerminal(prompt: prompt, promptFD: STDOUT_FILENO)
    }

    func saveHistory() {
        guard let historyPath else { return }
        Self.makeFolders(above: historyPath)
        // H_SAVE writes its list over the file, and another shell may have saved its lines since
        // this one read it: the file is read again, under a lock the other shells take too, and
        // only this run's lines go after what it holds (libedit's history cannot append).
        let saved = Self.locking(historyPath, O_RDWR | O_CREAT, LOCK_EX) { () -> Bool in
            guard let merged = history_init() else { return false }
            defer { history_end(merged) }
            Self.configure(merged)
            _ = cel_hist_load(merged, historyPath)
            for line in added { cel_hist_enter(merged, line) }
            return cel_hist_save(merged, historyPath) >= 0
        }
        guard saved else {
            StandardStreams.write("warning: could not save history to \(historyPath)\n", to: STDERR_FILENO)
            return
        }
        // Saved: a second save (the demo saves at each quit) adds them only once.
        added = []
        // libedit already creates it 0600; this also tightens a file an older version left open.
        chmod(historyPath, 0o600)
    }

    /// The folders above `path` that are missing (as `mkdir -p`), each made private (0700).
    /// Written with mkdir(2) rather than `FileManager.createDirectory(…attributes:)`: its
    /// attribute dictionary and reading back cost three scans of the binary's protocol
    /// conformances at every exit of the shell.
    static func makeFolders(above path: String) {
        let bytes = Array(path.utf8)
        for end in bytes.indices where end > 0 && bytes[end] == UInt8(ascii: "/") {
            let folder = String(decoding: bytes[..<end], as: UTF8.self)
            if mkdir(folder, 0o700) == 0 { chmod(folder, 0o700) }
        }
    }

    func history() -> [String] {
        var entries: [String] = []
        var entry = cel_hist_oldest(historyHandle)
        while let current = entry {
            entries.append(String(cString: current))
            entry = cel_hist_newer(historyHandle)
        }
        return entries
    }

    // MARK: Completion

    private func complete() -> UInt8 {
        guard let completer, let info = el_line(editLine) else { return UInt8(CC_REFRESH_BEEP) }
        let start = UnsafeRawPointer(info.pointee.buffer!)
        let length = UnsafeRawPointer(info.pointee.cursor!) - start
        let lineBeforeCursor = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)

        let (word, candidates) = completer(lineBeforeCursor)
        let plan = CompletionPlan.make(word: word, candidates: candidates, columns: Int(cel_columns(editLine)))
        if case .list = plan {} else { lastListing = nil }
        switch plan {
        case .insert(let text):
            return el_insertstr(editLine, text) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
        case .replaceWord(let text):
            guard lineBeforeCursor.unicodeScalars.reversed().starts(with: word.unicodeScalars.reversed()) else {
                return UInt8(CC_REFRESH_BEEP)
            }
            // libedit counts wide characters, which on Linux are Unicode scalars.
            el_deletestr(editLine, Int32(word.unicodeScalars.count))
            return el_insertstr(editLine, text) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
        case .list(let lines):
            // A second TAB on the same line would print the same list again and scroll it away:
            // it beeps instead.
            let listing = Listing(line: lineBeforeCursor, lines: lines)
            if lastListing == listing { return UInt8(CC_REFRESH_BEEP) }
            lastListing = listing
            cel_write(editLine, "\n" + lines.joined(separator: "\n") + "\n")
            return UInt8(CC_REDISPLAY)
        case .beep:
            return UInt8(CC_REFRESH_BEEP)
        }
    }
}
