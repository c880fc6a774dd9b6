import Foundation
import SellerShell
import TerminalText

/// `run FILE --step` / `source FILE --step`: before each command, its comment block and the
/// command are shown and the person answers — Enter sends it, `s` skips it, `c` runs the rest
/// without stopping, `q` (or Ctrl-C, or the end of input) stops. For lessons in class.
struct StepControl {
    enum Answer: Equatable {
        case send, skip, continueToEnd, quit
    }

    /// The file's physical lines, for the comments above each command.
    let fileLines: [String]
    /// False once `c` was answered.
    var stepping = true
    var sent = 0
    var skipped = 0
    /// The names a skipped line would have set (`… as mug`, `last`, `response`, `set NAME`),
    /// each with that line's number: a later line that reads one cannot run as written (a
    /// lesson's `expect ${response.status} == 201` would check the request before), so it is
    /// skipped with it. A line that sets a name again takes it off. `fieldsOnly`: a product a
    /// skipped change named, whose id still holds but whose fields the change would have moved.
    private(set) var unsetBySkip: [String: (line: Int, fieldsOnly: Bool)] = [:]

    /// What a line sets that a later line may read (`ScriptRuntime.sets(_:)`): names it (re)binds,
    /// and products it changes, whose fields a skip leaves as they were.
    struct Sets {
        var names: [String] = []
        var changedProducts: [String] = []
    }

    /// Why `line` cannot run as written: it reads a name a skipped line would have set, or a
    /// field of a product a skipped line would have changed; nil when it reads neither.
    func readsSkipped(_ line: ScriptLine) -> ScriptMessage? {
        guard !unsetBySkip.isEmpty, let words = try? WordSplitter.words(line.text) else { return nil }
        for reference in words.flatMap(\.references) {
            let (name, hasField) = Self.variable(of: reference)
            guard let unset = unsetBySkip[name] else { continue }
            if !unset.fieldsOnly { return .skippedWithStep(line: line.number, name: name, step: unset.line) }
            if hasField { return .skippedWithChange(line: line.number, name: name, step: unset.line) }
        }
        return nil
    }

    /// The variable a reference reads (`mug` of `mug.price`), cut at the first `.` byte (a
    /// `Character` would join a `.` to a combining mark after it), and whether a field follows.
    static func variable(of reference: String) -> (name: String, hasField: Bool) {
        guard let dot = reference.utf8.firstIndex(of: UInt8(ascii: ".")) else { return (reference, false) }
        return (String(reference[..<dot]), true)
    }

    /// Notes what line `number` sets: unset when it was skipped, set again when it ran.
    mutating func note(_ sets: Sets, line number: Int, skipped: Bool) {
        for name in sets.names { unsetBySkip[name] = skipped ? (number, false) : nil }
        for name in sets.changedProducts {
            if !skipped {
                unsetBySkip[name] = nil
            } else if unsetBySkip[name] == nil {
                unsetBySkip[name] = (number, true)
            }
        }
    }

    /// What a typed answer means; nil for anything else (asked again). No answer at all (the
    /// end of input, Ctrl-C) stops, as `q` does. With a Korean keyboard layout on, the keys
    /// `s`, `c` and `q` type `ㄴ`, `ㅊ` and `ㅂ` (2-set Hangul): those answer the same.
    static func answer(_ typed: String?) -> Answer? {
        guard let typed else { return .quit }
        switch typed.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": return .send
        case "s", "skip", "ㄴ": return .skip
        case "c", "continue", "ㅊ": return .continueToEnd
        case "q", "quit", "ㅂ": return .quit
        default: return nil
        }
    }

    /// The comment lines directly above line `number` (1-based), without their `#`, the shebang
    /// left out: what the lesson says about the command.
    func commentBlock(above number: Int) -> [String] {
        var block: [String] = []
        var index = number - 2
        while index >= 0, index < fileLines.count {
            let line = fileLines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("#"), !line.hasPrefix("#!") else { break }
            block.insert(line, at: 0)
            index -= 1
        }
        return block
    }

    /// The lesson's title block: the comment lines at the top of the file (after a shebang), up
    /// to the first line that is not a comment, without a trailing `#` line. Empty when there is
    /// none, or when it sits right above `firstStep` (1-based), which shows it with its command.
    func titleBlock(firstStep: Int?) -> [String] {
        var index = fileLines.first?.hasPrefix("#!") == true ? 1 : 0
        var block: [String] = []
        while index < fileLines.count {
            let line = fileLines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("#") else { break }
            block.append(line)
            index += 1
        }
        if let firstStep, index == firstStep - 1 { return [] }
        while let last = block.last, last == "#" { block.removeLast() }
        return block
    }

    /// A step as the screen shows it: the comment block (folded at spaces under its `# `), then
    /// `▶ COMMAND` folded between words under the command's start, a word wider than the line
    /// cut with `…` (the whole command is in the file, and in `exchanges`), so no line is wider
    /// than `columns` (the terminal's; nil when there is none: then nothing is folded).
    static func shown(block: [String], command: String, columns: Int?) -> String {
        let text = (block.isEmpty ? "" : "\n" + block.joined(separator: "\n") + "\n")
        guard let columns else { return text + "▶ \(command)" }
        return TerminalText.wrapped(text, columns: columns - 1)
            + TerminalText.wrapped("▶ \(command)", columns: columns - 1, longWords: .ellipsis)
    }

    /// The lines a stepped command's screenful keeps on the screen: the command as `shown`, and
    /// the step's prompt.
    static func kept(command: String, columns: Int?) -> [String] {
        shown(block: [], command: command, columns: columns).split(separator: "\n").map(String.init)
            + [Message.stepPrompt(index: 1, total: 1).text]
    }

    /// The line whose step `showTitle` already showed (its comments and command), so that
    /// asking about it does not show them again.
    var shownStep: Int?

    /// What the screen shows before asking about `line`: its comment block and the command.
    func display(of line: ScriptLine, columns: Int?) -> String {
        Self.shown(block: commentBlock(above: line.number), command: line.text, columns: columns)
    }

    /// Shows the lesson's title block, then the first step (`firstStep`, when there is one), in
    /// one screenful: a title taller than the screen pauses, and so does one that would push
    /// itself off the screen with the first step's comments. `.quit` when the person pressed
    /// `q` at a pause.
    mutating func showTitle(before firstStep: ScriptLine?, on console: any ShellConsole) -> ScreenfulEnd {
        let title = titleBlock(firstStep: firstStep?.number)
        guard !title.isEmpty else { return .shown }
        console.beginScreenful(keeping: [])
        let text = title.joined(separator: "\n")
        console.write(console.columns.map { TerminalText.wrapped(text, columns: $0 - 1) } ?? text)
        if let firstStep {
            console.write(display(of: firstStep, columns: console.columns))
            shownStep = firstStep.number
        }
        return console.endScreenful()
    }

    /// The closing line of a stepped run: `01-methods.om: 11 requests, 14 checks passed`, and
    /// how many lines were skipped (by `s`, and with a skipped line).
    static func closingLine(name: String, requests: Int, checks: Int, skipped: Int) -> String {
        Message.stepClosing(name: name, requests: requests, checks: checks, skipped: skipped).text
    }

    /// Reads a script's physical lines (for comments); empty when it cannot be read.
    static func lines(of path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: ScriptReader.withoutByteOrderMark(data), as: UTF8.self).components(separatedBy: "\n").map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : $0
        }
    }
}
