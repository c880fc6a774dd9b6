import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an append-only log could not be opened, locked, read or written. `reason` is the
/// system's words for the error of the call that failed, taken at that call (never a stale
/// `errno` from an earlier one).
///
/// Said in the reader's language by its catalogues (`JSONLinesLogError+English.swift`,
/// `JSONLinesLogError+Korean.swift`); `reason` stays the system's words.
public struct JSONLinesLogError: Error, Spoken, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A symbolic link is at the path: it is never followed.
        case symbolicLink
        case cannotOpen
        /// Another process holds the lock (only when not waiting for it).
        case busy
        case cannotRead
        /// An append or a rewrite failed; an append was taken back to where the file ended.
        case cannotWrite
    }

    /// What this program says of a log file, where the system says nothing.
    public enum Detail: Spoken, Hashable {
        case symbolicLink
        case notRegularFile
    }

    public var kind: Kind
    public var path: String
    public var reason: String

    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    init(_ kind: Kind, path: String, code: Int32) {
        self.init(kind, path: path, reason: String(cString: strerror(code)))
    }

    /// What was wrong, without the path: the system's words, or what a symbolic link means
    /// (in the reader's language).
    public var why: String {
        kind == .symbolicLink ? Detail.symbolicLink.text : reason
    }

    /// The whole sentence, in the reader's language.
    public var description: String { text }
}

/// A JSON Lines file read back: its lines (empty ones left out) as slices of its bytes.
public struct JSONLinesContent: Sendable {
    public let data: Data
    public let lines: [Data]

    public init(_ data: Data) {
        self.data = data
        lines = data.jsonLines
    }

    /// What `lines` (any of this content's lines) decode to, and the file's line numbers (from
    /// 1) of those that do not decode: a line cut short by a crash or a full disk is skipped and
    /// named, never joined to the next.
    public func decode<T: Decodable>(
        _ type: T.Type, _ lines: some Collection<Data>, using decoder: JSONDecoder
    ) -> (entries: [T], damaged: [Int]) {
        var entries: [T] = []
        var damaged: [Int] = []
        entries.reserveCapacity(lines.count)
        for line in lines {
            if let entry = try? decoder.decode(T.self, from: line) {
                entries.append(entry)
            } else {
                damaged.append(lineNumber(of: line))
            }
        }
        return (entries, damaged)
    }

    /// The line number (from 1) of one of `lines` in the file.
    public func lineNumber(of line: Data) -> Int {
        data[data.startIndex..<line.startIndex].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

/// One append-only JSON Lines file (the change logs, the script journals): opened never through a
/// symbolic link (`O_NOFOLLOW`), made 0600, locked with `flock` (which keeps out other processes
/// and, as each `open` is a file description of its own, other tasks of this one), appended to
/// whole entries at a time, read back, and rewritten (pruned) by putting a new file in place.
///
/// An append that fails part-way (a full disk writes what fits, then says `ENOSPC`) is taken back:
/// the file is cut to the length it had, so no fragment is left for the next entry to be glued
/// to. A file that does not end with a line break (a fragment a crash left) gets one before the
/// next entry, and a reader skips and names a line that does not decode.
public struct JSONLinesLog: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The file read back without taking the lock; nil when there is none. (Each entry is appended
    /// whole under the lock, so a reader sees whole lines, apart from one cut short by a crash.)
    public func read() throws(JSONLinesLogError) -> JSONLinesContent? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw code == ELOOP
                ? JSONLinesLogError(.symbolicLink, path: path, reason: "") : .init(.cannotRead, path: path, code: code)
        }
        defer { close(descriptor) }
        return JSONLinesContent(try Self.readAll(descriptor, path: path))
    }

    /// The file opened (made 0600 when it is not there) and locked. With `waiting` false, a lock
    /// another process holds is `busy` at once; otherwise this thread waits for it.
    public func lock(waiting: Bool = true) throws(JSONLinesLogError) -> Locked {
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else {
                let code = errno
                throw code == ELOOP
                    ? JSONLinesLogError(.symbolicLink, path: path, reason: "") : .init(.cannotOpen, path: path, code: code)
            }
            var info = stat()
            // Only a regular file is made private: a device named as a journal keeps its mode.
            if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o777 != 0o600 {
                fchmod(descriptor, 0o600)
            }
            guard flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB)) == 0 else {
                let code = errno
                close(descriptor)
                if code == EINTR { continue }
                throw JSONLinesLogError(code == EWOULDBLOCK ? .busy : .cannotOpen, path: path, code: code)
            }
            // A rewrite puts a new file in place while others wait for the old one's lock: the lock
            // got must be the file's at the path now.
            var now = stat()
            if lstat(path, &now) == 0, fstat(descriptor, &info) == 0, now.st_ino == info.st_ino, now.st_dev == info.st_dev {
                return Locked(path: path, descriptor: descriptor)
            }
            close(descriptor)
        }
    }

    /// `lock()`, waiting for the lock (when another holds it) on a thread of its own: a blocked
    /// `flock` must not hold one of the cooperative pool's few threads.
    public func lock() async throws(JSONLinesLogError) -> Locked {
        do {
            return try lock(waiting: false)
        } catch  where error.kind == .busy {}
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Locked, JSONLinesLogError>, Never>) in
            let log = self
            Thread {
                continuation.resume(returning: Result { () throws(JSONLinesLogError) in try log.lock(waiting: true) })
            }.start()
        }
        return try result.get()
    }

    /// Everything the open file holds, read from its start (`path` names it in an error).
    /// Only a regular file is read: a device (`/dev/full` named as a journal reads zeros without
    /// end) or a pipe is refused.
    public static func readAll(_ descriptor: Int32, path: String) throws(JSONLinesLogError) -> Data {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw JSONLinesLogError(.cannotRead, path: path, reason: JSONLinesLogError.Detail.notRegularFile.text)
        }
        // Read straight into the bytes returned, sized by the file (and a byte more, to meet its
        // end), grown if it grows meanwhile. Appending each read from a buffer cost an
        // instruction a byte, and so did `Data(count:)`'s zeroing (5 M a change with a full
        // change log of 4.8 MB): the bytes are the C library's, handed to `Data` as they are.
        var capacity = Int(max(info.st_size, 0)) + 1
        guard var base = malloc(capacity) else { throw JSONLinesLogError(.cannotRead, path: path, code: ENOMEM) }
        var filled = 0
        while true {
            if filled == capacity {
                capacity = capacity * 2 + 64 * 1024
                guard let grown = realloc(base, capacity) else {
                    free(base)
                    throw JSONLinesLogError(.cannotRead, path: path, code: ENOMEM)
                }
                base = grown
            }
            let count = pread(descriptor, base + filled, capacity - filled, off_t(filled))
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                free(base)
                throw JSONLinesLogError(.cannotRead, path: path, code: code)
            }
            guard count > 0 else { break }
            filled += count
        }
        return Data(bytesNoCopy: base, count: filled, deallocator: .free)
    }

    /// Writes all of `bytes` (a full disk may take a part of them, then refuse the rest): how
    /// many were written, and the error that stopped it, taken at the call that failed.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> (written: Int, error: Int32?) {
        guard let base = bytes.baseAddress else { return (0, nil) }
        var done = 0
        while done < bytes.count {
            let count = write(descriptor, base + done, bytes.count - done)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                return (done, code)
            }
            if count == 0 { return (done, EIO) }
            done += count
        }
        return (done, nil)
    }
}

extension JSONLinesLog {
    /// The log open and locked: read it, append to it, rewrite it. Closing it (or letting it go)
    /// unlocks it.
    public final class Locked: Sendable {
        public let path: String
        private let descriptor: Int32
        private struct State {
            /// Where the file ends and whether with a line break; nil until known.
            var end: (size: off_t, newline: Bool)?
            var closed = false
        }
        private let state = Mutex(State())

        init(path: String, descriptor: Int32) {
            self.path = path
            self.descriptor = descriptor
        }

        deinit { close() }

        /// Unlocks and closes it (once).
        public func close() {
            let open = state.withLock { state in
                defer { state.closed = true }
                return !state.closed
            }
            if open { _ = Glibc.close(descriptor) }
        }

        /// Everything the file holds now.
        public func content() throws(JSONLinesLogError) -> JSONLinesContent {
            let data = try JSONLinesLog.readAll(descriptor, path: path)
            state.withLock { $0.end = (off_t(data.count), data.last.map { $0 == 0x0A } ?? true) }
            return JSONLinesContent(data)
        }

        /// Empties it (a run starting over), under the lock taken when it was opened.
        public func truncate() {
            let cut = ftruncate(descriptor, 0) == 0
            state.withLock { $0.end = cut ? (0, true) : nil }
        }

        /// Appends `entries`, each a JSON value on one line (no line break in it), in one write:
        /// all of them, or (the file cut back to where it ended) none, and the error said.
        public func append(_ entries: [Data]) throws(JSONLinesLogError) {
            var bytes = Data(capacity: entries.reduce(0) { $0 + $1.count + 1 })
            for entry in entries {
                bytes.append(entry)
                bytes.append(0x0A)
            }
            let failure = bytes.withUnsafeBytes { appendLines($0) }
            if let failure { throw failure }
        }

        /// Writes `bytes` at the end, after a line break when the file does not end with one; on a
        /// failure cuts the file back to where it ended.
        private func appendLines(_ bytes: UnsafeRawBufferPointer) -> JSONLinesLogError? {
            state.withLock { state -> JSONLinesLogError? in
                guard !state.closed else { return JSONLinesLogError(.cannotWrite, path: path, code: EBADF) }
                guard let end = state.end ?? self.end() else {
                    return JSONLinesLogError(.cannotWrite, path: path, code: errno)
                }
                var written = 0
                var failure: Int32?
                if !end.newline {
                    var newline: UInt8 = 0x0A
                    (written, failure) = withUnsafeBytes(of: &newline) { JSONLinesLog.writeAll(descriptor, $0) }
                }
                if failure == nil {
                    let (count, error) = JSONLinesLog.writeAll(descriptor, bytes)
                    (written, failure) = (written + count, error)
                }
                guard let failure else {
                    state.end = (end.size + off_t(written), true)
                    return nil
                }
                // Taken back: the next entry must not be glued to a fragment of this one.
                state.end = written == 0 || ftruncate(descriptor, end.size) == 0 ? end : nil
                return JSONLinesLogError(.cannotWrite, path: path, code: failure)
            }
        }

        /// Where the file ends now, and whether with a line break.
        private func end() -> (size: off_t, newline: Bool)? {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            guard info.st_size > 0 else { return (0, true) }
            var last: UInt8 = 0
            let count = pread(descriptor, &last, 1, info.st_size - 1)
            return (info.st_size, count != 1 || last == 0x0A)
        }

        /// Puts a file holding only `entries` in place of the log (written beside it, then renamed
        /// over it) and unlocks: the lock was the old file's, which is now gone.
        public func replace(with entries: [Data]) throws(JSONLinesLogError) {
            defer { close() }
            var bytes = Data(capacity: entries.reduce(0) { $0 + $1.count + 1 })
            for entry in entries {
                bytes.append(entry)
                bytes.append(0x0A)
            }
            let temporary = path + ".\(UUID().uuidString).tmp"
            let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard file >= 0 else { throw JSONLinesLogError(.cannotWrite, path: temporary, code: errno) }
            let (_, failure) = bytes.withUnsafeBytes { JSONLinesLog.writeAll(file, $0) }
            _ = Glibc.close(file)
            if let failure {
                unlink(temporary)
                throw JSONLinesLogError(.cannotWrite, path: temporary, code: failure)
            }
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw JSONLinesLogError(.cannotWrite, path: path, code: code)
            }
        }
    }
}
