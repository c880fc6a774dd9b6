import Foundation

/// Finds the lines of a terminal transcript that still hold an English sentence (issue 40,
/// item 2): what a Korean reader would have to read in English.
///
/// A line is not a sentence when it is something a program reads or a person types: the
/// prompt and the command typed after it, JSON, an HTTP status line or header. From any other
/// line these are removed first: quoted spans ('…', "…", `…`), URLs, paths, `--flags`,
/// `name=value` items, hyphenated names (`neighbour-shop`, `If-Match`), HTTP status phrases
/// (`404 Not Found`), command and field names, and the words of product text the test typed.
/// What is left is English when it holds
/// - an English function word (`is`, `not`, `the`, `to`, …), or
/// - two or more English words in a row (lowercase, or capitalised beside a lowercase one), or
/// - one of the words the program's English messages are made of (`product`, `registered`, …).
///
/// A Latin word written against Hangul (`price은(는)`, `secret은`) is part of a Korean
/// sentence, and an all-capitals or mixed-case word (`JSON`, `KRW`, `ETag`, `pageNo`) is a name.
enum EnglishOnScreen {
    /// The transcript's lines that hold English, cleaned of terminal escapes. A line is read
    /// piece by piece between carriage returns: a progress line that the next one overwrites
    /// was on screen too.
    static func lines(in transcript: String, typed: Set<String> = []) -> [String] {
        // Split on scalars: "\r\n" is one Character, and would not split at "\n" or "\r".
        transcript.unicodeScalars.split(separator: "\n").flatMap { $0.split(separator: "\r") }
            .map { visibleText(String(String.UnicodeScalarView($0))) }
            .filter { isEnglish($0, typed: typed) }
    }

    /// Whether one screen line (escapes already removed) holds an English sentence.
    static func isEnglish(_ line: String, typed: Set<String> = []) -> Bool {
        guard let text = sentencePart(of: line) else { return false }
        let ignored = names.union(typed.map { $0.lowercased() })
        var run: [Word] = []
        for word in words(in: text) {
            guard let word, !ignored.contains(word.lowered) else {
                run = []
                continue
            }
            if functionWords.contains(word.lowered) || (word.isLowercase && messageWords.contains(word.lowered)) {
                return true
            }
            run.append(word)
            if run.count >= 2, run.contains(where: \.isLowercase) { return true }
        }
        return false
    }

    /// The words of product text a test typed, to be ignored on screen: `Blue mug` gives
    /// `blue` and `mug`.
    static func words(ofTyped texts: [String]) -> Set<String> {
        var result: Set<String> = []
        for text in texts {
            var current = ""
            for scalar in text.unicodeScalars {
                if isLatinLetter(scalar) {
                    current.unicodeScalars.append(scalar)
                } else if !current.isEmpty {
                    result.insert(current.lowercased())
                    current = ""
                }
            }
            if !current.isEmpty { result.insert(current.lowercased()) }
        }
        return result
    }

    // MARK: The line

    /// What the terminal shows of a piece of a line: escape sequences and control characters
    /// removed.
    static func visibleText(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = raw.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                skipEscape(&scalars)
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func skipEscape(_ scalars: inout Substring.UnicodeScalarView) {
        guard let kind = scalars.popFirst() else { return }
        if kind == "[" {
            while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) {}
        } else if kind == "]" {
            while let next = scalars.popFirst(), next != "\u{07}" {
                if next == "\u{1B}" {
                    _ = scalars.popFirst()
                    return
                }
            }
        }
    }

    /// The part of a line that may be a sentence, with the spans that are not removed; nil for
    /// a line that is none (prompt and command, JSON, HTTP status line or header).
    static func sentencePart(of line: String) -> String? {
        var text = line.trimmingCharacters(in: .whitespaces)
        for marker in ["> ", "< "] where text.hasPrefix(marker) && isHTTPLine(String(text.dropFirst(2))) {
            return nil
        }
        if text.isEmpty || isHTTPLine(text) || isPrompt(text) { return nil }
        if isJSON(text) { return nil }
        text = removingQuotedSpans(text)
        for phrase in statusPhrases { text = text.replacingOccurrences(of: phrase, with: " ") }
        return text
    }

    /// A line of JSON: it starts an object, ends one, is a string or a key, or starts an array
    /// (`[`, `[{`, `["`, `]`), not a bracketed label such as a step's `[2/27]`.
    static func isJSON(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if "{}]\"".unicodeScalars.contains(first) { return true }
        guard first == "[" else { return false }
        let next = text.unicodeScalars.dropFirst().first { $0 != " " }
        return next.map { "{\"][".unicodeScalars.contains($0) } ?? true
    }

    static func isPrompt(_ text: String) -> Bool {
        text.hasPrefix("openmarket ") && text.contains("> ")
    }

    /// An HTTP status line (`HTTP/1.1 200 OK`) or a header (`Content-Type: …`, `ETag: "4-1"`).
    static func isHTTPLine(_ text: String) -> Bool {
        if text.hasPrefix("HTTP/") { return true }
        guard let colon = text.range(of: ": ") else { return false }
        let name = text[..<colon.lowerBound]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ isLatinLetter($0) || $0 == "-" }) else { return false }
        return name.contains("-") || headerNames.contains(name.lowercased())
    }

    /// The line with every quoted span blanked: '…' (opened where no letter or digit comes
    /// before, so `don't` is no quote), "…", `…`, ‘…’ and “…”.
    static func removingQuotedSpans(_ text: String) -> String {
        let pairs: [Unicode.Scalar: Unicode.Scalar] = ["'": "'", "\"": "\"", "`": "`", "‘": "’", "“": "”"]
        var result = String.UnicodeScalarView()
        var closing: Unicode.Scalar?
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if let expected = closing {
                if scalar == expected {
                    closing = nil
                    result.append(" ")
                }
            } else if let close = pairs[scalar], scalar != "'" || !(isLatinLetter(previous) || isDigit(previous)) {
                closing = close
            } else {
                result.append(scalar)
            }
            previous = scalar
        }
        return String(result)
    }

    // MARK: Words

    struct Word {
        var lowered: String
        var isLowercase: Bool
    }

    /// The words of `text` in order; nil stands for anything that breaks a run of words (a
    /// name, a number, a Latin word against Hangul, a token that is no word).
    static func words(in text: String) -> [Word?] {
        var result: [Word?] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            let trimmed = token.unicodeScalars.drop { isOpening($0) }
            guard isWordToken(Substring(trimmed)) else {
                result.append(nil)
                continue
            }
            result += wordsOf(token: Array(trimmed))
        }
        return result
    }

    private static func isOpening(_ scalar: Unicode.Scalar) -> Bool { "([{<".unicodeScalars.contains(scalar) }

    /// False for a token that is a name, not words: a URL, a path, a flag, an item
    /// (`price=3500`, `price:=1`, `Header:value`), a hyphenated or dotted name, an identifier
    /// with `_`, `$`, `@` or `#`.
    static func isWordToken(_ token: Substring) -> Bool {
        let scalars = Array(token.unicodeScalars)
        guard let first = scalars.first else { return false }
        if "-+=~./#$@".unicodeScalars.contains(first) { return false }
        if scalars.contains(where: { "/=_$@\\|".unicodeScalars.contains($0) }) { return false }
        for index in scalars.indices.dropFirst().dropLast() where "-.:".unicodeScalars.contains(scalars[index]) {
            if isLatinLetter(scalars[index - 1]) && (isLatinLetter(scalars[index + 1]) || isDigit(scalars[index + 1])) {
                return false
            }
        }
        return true
    }

    /// The Latin words of one token; a word against Hangul (or against a digit) is part of
    /// something else and breaks the run.
    private static func wordsOf(token scalars: [Unicode.Scalar]) -> [Word?] {
        var result: [Word?] = []
        var index = 0
        while index < scalars.count {
            guard isLatinLetter(scalars[index]) else {
                if isHangul(scalars[index]) || isDigit(scalars[index]) { result.append(nil) }
                index += 1
                continue
            }
            var end = index
            while end < scalars.count && (isLatinLetter(scalars[end]) || isApostropheInWord(scalars, end)) { end += 1 }
            let before = index > 0 ? scalars[index - 1] : " "
            let after = end < scalars.count ? scalars[end] : " "
            let attached = isHangul(before) || isHangul(after) || isDigit(before) || isDigit(after)
            result.append(attached ? nil : word(scalars[index..<end]))
            index = end
        }
        return result
    }

    private static func isApostropheInWord(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        scalars[index] == "'" && index + 1 < scalars.count && isLatinLetter(scalars[index + 1])
    }

    /// A word that may be English: two or more letters, all lowercase or capitalised.
    private static func word(_ scalars: ArraySlice<Unicode.Scalar>) -> Word? {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let string = String(text)
        guard scalars.count >= 2 else { return nil }
        let rest = scalars.dropFirst().filter { $0 != "'" }
        guard rest.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        return Word(lowered: string.lowercased(), isLowercase: ("a"..."z").contains(scalars.first!))
    }

    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }

    // MARK: Lists

    /// Words that make a sentence English by themselves.
    static let functionWords: Set<String> = [
        "the", "is", "are", "was", "were", "be", "been", "not", "of", "to", "and", "with", "for", "from", "this",
        "that", "these", "those", "has", "have", "had", "can", "cannot", "can't", "don't", "doesn't", "isn't",
        "won't", "does", "did", "will", "would", "should", "must", "there", "here", "your", "you", "its", "it",
        "an", "by", "no", "into", "than", "which", "what", "when", "where", "why", "how", "please", "already",
        "yet", "only", "in", "at", "about", "after", "before", "again", "so", "but", "nothing",
    ]

    /// Words the program's English messages are made of, English on their own (`1 product`,
    /// `registered #1`, `pages 1/1`).
    static let messageWords: Set<String> = [
        "product", "products", "row", "rows", "page", "pages", "registered", "updated", "deleted", "exported",
        "imported", "changed", "restocked", "undone", "redone", "undid", "redid", "problem", "problems", "warning",
        "error", "passed", "failed", "skipped", "usage", "options", "examples", "aliases", "commands", "done",
        "sent", "kept", "unchanged", "check", "left", "part",
    ]

    /// Names: commands, fields, option values and terms Korean text writes in Latin letters.
    static let names: Set<String> = [
        // Commands and aliases.
        "help", "health", "list", "search", "show", "open", "register", "patch", "edit", "stock", "delete", "login",
        "logout", "whoami", "use", "profiles", "connect", "set", "history", "changes", "undo", "redo", "exchanges",
        "exchange", "explain", "clear", "expect", "source", "record", "vars", "import", "export", "exit", "run",
        "test", "add", "new", "rm", "openmarket",
        // `as NAME` ends a command that names its product.
        "as",
        // Fields and JSON names.
        "name", "description", "price", "currency", "discount", "image", "images", "thumbnail", "id", "vendor",
        "vendors", "secret", "identifier", "params", "response", "status", "body", "headers",
        // Option values and terms.
        "on", "off", "table", "json", "jsonl", "csv", "ids", "trace", "photos", "lang", "ko", "en", "multipart",
        "boundary", "curl", "ms", "yes",
    ]

    /// Header names with no hyphen (hyphenated ones are headers whatever they are).
    static let headerNames: Set<String> = [
        "date", "server", "etag", "connection", "allow", "host", "accept", "location", "vary", "identifier", "age",
        "expires", "pragma", "via",
    ]

    /// HTTP status codes with their reason phrases, as status lines and exchange lines show them.
    static let statusPhrases: [String] = [
        "200 OK", "201 Created", "202 Accepted", "204 No Content", "304 Not Modified", "400 Bad Request",
        "401 Unauthorized", "403 Forbidden", "404 Not Found", "405 Method Not Allowed", "406 Not Acceptable",
        "409 Conflict", "411 Length Required", "412 Precondition Failed", "413 Payload Too Large",
        "413 Content Too Large", "415 Unsupported Media Type", "422 Unprocessable Content",
        "422 Unprocessable Entity", "428 Precondition Required", "429 Too Many Requests",
        "431 Request Header Fields Too Large", "500 Internal Server Error", "502 Bad Gateway",
        "503 Service Unavailable", "504 Gateway Timeout",
    ]
}
