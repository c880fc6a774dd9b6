extension TerminalText {
    /// `line` cut to `columns` with `…` at its end when it is wider (a trace's header line).
    public static func cutAtEnd(_ line: String, to columns: Int) -> String {
        guard width(line) > columns else { return line }
        return LineFolding.cut(line, to: columns, ellipsis: true).head
    }
}

/// One line folded at spaces to a width (`TerminalText.wrapped`): the words with the spaces
/// before each, the line's lead (its leading spaces and marker) and the indent its continuation
/// lines take.
struct LineFolding {
    let line: String
    let columns: Int
    let longWords: TerminalText.LongWords

    init(_ line: String, columns: Int, longWords: TerminalText.LongWords) {
        self.line = line
        self.columns = columns
        self.longWords = longWords
    }

    /// The markers after which a continuation line starts (a list item, an explanation, a
    /// comment, a stepped command).
    static let markers: [[Unicode.Scalar]] = [["↳", " "], ["-", " "], ["•", " "], ["*", " "], ["#", " "], ["▶", " "]]

    /// A word, and the spaces before it on the line as written.
    struct Word {
        var gap: Int
        var text: String
        var width: Int
    }

    func folded() -> String {
        guard TerminalText.width(line) > columns, !line.unicodeScalars.contains("\u{1B}") else { return line }
        let scalars = Array(line.unicodeScalars)
        var start = scalars.firstIndex { $0 != " " } ?? scalars.count
        if let marker = Self.markers.first(where: { Array(scalars[start...].prefix($0.count)) == $0 }) {
            start += marker.count
            while start < scalars.count, scalars[start] == " " { start += 1 }
        }
        let lead = String(String.UnicodeScalarView(scalars[..<start]))
        let words = Self.words(scalars[start...])
        // One word alone (a URL on a line of its own): cutting it only breaks it where the
        // terminal would, and makes it one that cannot be copied whole; a command is cut with `…`.
        if words.count == 1, longWords != .ellipsis { return line }
        let indent = hangingIndent(lead: lead, words: words)
        guard indent < columns / 2 else { return line }
        return lay(words, lead: lead, indent: String(repeating: " ", count: indent))
    }

    /// The words of `text`, each with the count of spaces before it.
    static func words(_ text: ArraySlice<Unicode.Scalar>) -> [Word] {
        var words: [Word] = []
        var gap = 0
        var current = String.UnicodeScalarView()
        func flush() {
            guard !current.isEmpty else { return }
            let text = String(current)
            words.append(Word(gap: gap, text: text, width: TerminalText.width(text)))
            (current, gap) = (String.UnicodeScalarView(), 0)
        }
        for scalar in text {
            if scalar == " " {
                flush()
                gap += 1
            } else {
                current.append(scalar)
            }
        }
        flush()
        return words
    }

    /// Under the text after the lead; for a table's row (a gap of two spaces or more after its
    /// first words, within the first half of the line), under its second column.
    func hangingIndent(lead: String, words: [Word]) -> Int {
        var column = TerminalText.width(lead)
        for (index, word) in words.enumerated() {
            if index > 0 { column += word.gap }
            if index > 0, word.gap >= 2, column < columns / 2 { return column }
            column += word.width
            if column >= columns / 2 { break }
        }
        return TerminalText.width(lead)
    }

    /// The words laid out in lines of at most `columns`.
    func lay(_ words: [Word], lead: String, indent: String) -> String {
        var lines: [String] = []
        var current = lead
        var used = TerminalText.width(lead)
        var empty = true
        func breakLine() {
            lines.append(current)
            (current, used, empty) = (indent, indent.count, true)
        }
        for word in words {
            let gap = empty ? 0 : max(1, word.gap)
            if !empty, used + gap + word.width > columns { breakLine() }
            if used + (empty ? 0 : gap) + word.width <= columns {
                current += String(repeating: " ", count: empty ? 0 : gap) + word.text
                used += (empty ? 0 : gap) + word.width
                empty = false
                continue
            }
            // A word wider than a whole line.
            switch longWords {
            case .ellipsis:
                current += Self.cut(word.text, to: columns - used, ellipsis: true).head
                breakLine()
            case .whole:
                current += word.text
                breakLine()
            case .cut:
                var rest = word.text
                while !rest.isEmpty {
                    let (head, tail) = Self.cut(rest, to: columns - used, ellipsis: false)
                    guard !head.isEmpty else { break }
                    current += head
                    used += TerminalText.width(head)
                    empty = false
                    rest = tail
                    if !rest.isEmpty { breakLine() }
                }
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return lines.joined(separator: "\n")
    }

    /// The longest head of `word` that fits `room` columns (with `…` after it, when `ellipsis`),
    /// and the rest.
    static func cut(_ word: String, to room: Int, ellipsis: Bool) -> (head: String, rest: String) {
        var head = String.UnicodeScalarView()
        var used = 0
        var rest = word.unicodeScalars[...]
        let limit = room - (ellipsis ? 1 : 0)
        while let scalar = rest.first, used + TerminalText.width(of: scalar) <= limit {
            head.append(scalar)
            used += TerminalText.width(of: scalar)
            rest = rest.dropFirst()
        }
        let tail = String(String.UnicodeScalarView(rest))
        return ellipsis && !tail.isEmpty ? (String(head) + "…", tail) : (String(head), tail)
    }
}
