import Digests
import Foundation
import OpenMarketContract

/// One command of a script: its text with comments removed and continuations joined, and the
/// number of the physical line it starts on (what `FILE:LINE:` messages and the journal use).
public struct ScriptLine: Sendable, Equatable {
    public var number: Int
    public var text: String {
        didSet { hash = Self.hash(text) }
    }
    /// What the journal compares on resume: a line that changed has a different hash. Computed
    /// once per line (a journal writes it once or twice per line).
    public private(set) var hash: String
    /// Why the line cannot run whatever it says (its bytes are not UTF-8); it fails when reached.
    public var problem: String?

    public init(number: Int, text: String, problem: String? = nil) {
        self.number = number
        self.text = text
        self.hash = Self.hash(text)
        self.problem = problem
    }

    static func hash(_ text: String) -> String {
        // From the string's own bytes, and the digest's: a `Data` copy and a generic walk of the
        // digest showed in the cost of every line of a long script.
        var text = text
        let digest = text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return digest.withUnsafeBytes { $0.prefix(12).hexadecimal }
    }
}

/// Turns a script's physical lines into commands. Written by hand: the rules are the shell's own
/// quoting (so a `#` inside quotes is text, not a comment) and fit in one screen.
public struct ScriptReader: Sendable {
    private var pending: String?
    private var pendingNumber = 0
    /// The quote still open at the end of the pending text, and the line it opened on.
    private var openQuote: (quote: Character, line: Int)?
    /// Where each physical line of the pending command starts in it (in Unicode scalars).
    private var starts: [(offset: Int, line: Int)] = []

    public init() {}

    /// Feeds one physical line; returns a command when one is complete. A quote left open at
    /// the end of the line goes on to the next one, line break included, as in sh.
    public mutating func feed(_ physical: String, number: Int) -> ScriptLine? {
        var line = physical
        if line.utf8.last == 0x0D { line.removeLast() }
        if pending == nil {
            pendingNumber = number
            // The shebang (`#!/usr/bin/env openmarket`) is a comment like any other.
        }
        if pending == nil { starts = [] }
        starts.append((offset: pending?.unicodeScalars.count ?? 0, line: number))
        let joined = (pending ?? "") + line
        let scanned = Self.scan(joined)
        if let open = scanned.openQuote {
            pending = scanned.code + "\n"
            let offset = joined.unicodeScalars.distance(from: joined.startIndex, to: open.index)
            openQuote = (open.quote, starts.last { $0.offset <= offset }?.line ?? pendingNumber)
            return nil
        }
        openQuote = nil
        if Self.endsWithContinuation(scanned.code) {
            pending = String(scanned.code.dropLast())
            return nil
        }
        pending = nil
        let text = Self.trimmingSpaces(scanned.code)
        return text.isEmpty ? nil : ScriptLine(number: pendingNumber, text: text)
    }

    /// `text` without the spaces and tabs around it, exactly as `trimmingCharacters(in:
    /// .whitespaces)` cuts them (a tab, U+3000 as a Korean keyboard types it, any Unicode space),
    /// but without walking Foundation's character set for a line whose ends are ASCII letters:
    /// that cost a microsecond of every script line. Only a non-ASCII end asks the set.
    static func trimmingSpaces(_ text: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) }) ?? start
        if start == scalars.startIndex, scalars.index(after: end) == scalars.endIndex { return text }
        return String(scalars[start...end])
    }

    /// A last line that ended with `\`, or a quote never closed (a line that fails when reached,
    /// naming the line where the quote opened).
    public mutating func finish() -> ScriptLine? {
        guard let rest = pending else { return nil }
        pending = nil
        if let (quote, line) = openQuote {
            openQuote = nil
            let text = rest.trimmingCharacters(in: .whitespacesAndNewlines)
            let command = text.prefix { !$0.isWhitespace }
            let problem = ScriptMessage.unterminatedQuote(command: String(command), quote: "\(quote)", line: line).text
            return ScriptLine(number: pendingNumber, text: text, problem: problem)
        }
        let text = Self.trimmingSpaces(rest)
        return text.isEmpty ? nil : ScriptLine(number: pendingNumber, text: text)
    }

    /// Whether a line ended with `\` and the command goes on.
    public var isContinuing: Bool { pending != nil }

    /// The file's bytes without the UTF-8 byte order mark a Windows editor (Notepad) writes at
    /// its start, which would otherwise be part of the first command's name.
    static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// The same for text already decoded (a pipe's first line), looked for as a Unicode scalar:
    /// a mark followed by a combining mark is one `Character`, and `hasPrefix` would miss it.
    static func withoutByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// All commands of a script file's bytes, decoded line by line: a line that is not UTF-8
    /// (a Latin-1 `é`, one stray byte) becomes a line that fails with its number when reached,
    /// instead of the whole file failing to read. Bad bytes in a comment do not matter.
    public static func lines(of data: Data) -> [ScriptLine] {
        var reader = ScriptReader()
        var result: [ScriptLine] = []
        var number = 0
        var problem: String?
        for physical in Self.withoutByteOrderMark(data).split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if !reader.isContinuing, let plain = Self.plain(physical) {
                let text = Self.trimmingSpaces(plain)
                if !text.isEmpty { result.append(ScriptLine(number: number, text: text)) }
                continue
            }
            let text: String
            if let valid = String(validating: physical, as: UTF8.self) {
                text = valid
            } else {
                text = String(decoding: physical, as: UTF8.self)
                if problem == nil { problem = describeInvalidUTF8(Array(physical)) }
            }
            if var line = reader.feed(text, number: number) {
                if line.text.unicodeScalars.contains("\u{FFFD}") { line.problem = problem }
                result.append(line)
                problem = nil
            } else if !reader.isContinuing {
                problem = nil
            }
        }
        if var last = reader.finish() {
            if last.problem == nil, last.text.unicodeScalars.contains("\u{FFFD}") { last.problem = problem }
            result.append(last)
        }
        return result
    }

    /// A physical line that is a whole command as it is (its carriage return cut): UTF-8 with
    /// no quote, backslash or `#`, the only bytes `feed`'s rules act on. Most lines of a script
    /// are: for them the scan is skipped, which was most of reading a long script (`perf
    /// record`). Nil for any other line, which `feed` reads.
    /// Read from the bytes' own storage: `Data`'s generic `contains(where:)` and its iterator
    /// cost more than the rest of a short line's reading (bench-instructions).
    static func plain(_ physical: Data.SubSequence) -> String? {
        physical.withUnsafeBytes { (all: UnsafeRawBufferPointer) -> String? in
            let bytes = all.last == 0x0D ? UnsafeRawBufferPointer(rebasing: all.dropLast()) : all
            for byte in bytes where byte == 0x22 || byte == 0x23 || byte == 0x27 || byte == 0x5C { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// "this line is not valid UTF-8 (byte 0xE9 at column 12): …", naming the first bad byte
    /// (the caller puts `FILE:LINE:` in front).
    static func describeInvalidUTF8(_ bytes: [UInt8]) -> String {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error:
                let byte = bytes[offset]
                return ScriptMessage.notUTF8(byte: String(byte, radix: 16, uppercase: true), column: offset + 1).text
            case .emptyInput:
                return ScriptMessage.notUTF8(byte: nil, column: 0).text
            }
        }
    }

    /// All commands of a script's text.
    public static func lines(of text: String) -> [ScriptLine] {
        var reader = ScriptReader()
        var result: [ScriptLine] = []
        var number = 0
        let text = Self.withoutByteOrderMark(text)
        for physical in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if let line = reader.feed(String(physical), number: number) { result.append(line) }
        }
        if let last = reader.finish() { result.append(last) }
        return result
    }

    /// Cuts the line at a `#` that begins a word outside quotes, as sh does.
    public static func stripComment(_ line: String) -> String { scan(line).code }

    /// The line without its comment, and the quote left open at its end (with where it opened).
    /// Knows the splitter's quotes: `'…'`, `"…"` (where `\` escapes) and `$'…'` (where `\'` does
    /// not close).
    static func scan(_ line: String) -> (code: String, openQuote: (quote: Character, index: String.Index)?) {
        // On Unicode scalars, as the splitter reads the line (a quote followed by a combining
        // mark is still a quote).
        var quote: (kind: Unicode.Scalar, index: String.Index)?
        var escaped = false
        var atWordStart = true
        var afterDollar = false
        let scalars = line.unicodeScalars
        for index in scalars.indices {
            let c = scalars[index]
            let dollar = afterDollar
            afterDollar = false
            if escaped {
                // An escaped character is text, even an escaped space: `Mug\ #1` is one word.
                escaped = false
                atWordStart = false
                continue
            }
            defer { if quote == nil, !escaped { atWordStart = c == " " || c == "\t" || c == "\n" } }
            if let open = quote {
                if c == .backslash, open.kind != .singleQuote {
                    escaped = true
                } else if c == (open.kind == .dollar ? .singleQuote : open.kind) {
                    quote = nil
                }
                continue
            }
            switch c {
            case "\\": escaped = true
            case "$": afterDollar = true
            case .singleQuote: quote = (dollar ? .dollar : .singleQuote, index)
            case .doubleQuote: quote = (.doubleQuote, index)
            case "#" where atWordStart: return (String(scalars[..<index]), nil)
            default: break
            }
        }
        return (line, quote.map { (Character($0.kind == .dollar ? .singleQuote : $0.kind), $0.index) })
    }

    /// An odd number of trailing backslashes: the last one escapes the line break.
    static func endsWithContinuation(_ line: String) -> Bool {
        line.unicodeScalars.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }
}
