import OpenMarketContract
import TerminalText

/// A command's words sorted by its spec into positional words, `--flags` (with a value where
/// the spec says the flag takes one) and `key=value` fields, and checked against the spec:
/// unknown flags and fields, and too many words, fail before the command sees them. A command
/// reads its flags through its ``CommandOption``s (`apply(_:to:)`), never by name.
public struct Arguments: Sendable {
    public private(set) var positional: [Word] = []
    public private(set) var flags: [String: FlagValue] = [:]
    public private(set) var fields: [(key: String, value: Word)] = []

    /// Sorts `words` (the words after the command's name) as `spec` declares them.
    public init(_ words: [Word], spec: CommandSpec) throws(CommandFailure) {
        if spec.rawWords {
            positional = words
            return
        }
        var i = 0
        while i < words.count {
            let word = words[i]
            if !word.wasQuoted, word.text.hasPrefix("--"), word.text.count > 2 {
                let parts = word.text.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 {
                    flags[parts[0]] = .value(parts[1])
                } else if let flag = spec.flag(word.text), flag.kind != .bare, i + 1 < words.count {
                    flags[word.text] = .value(words[i + 1].text)
                    i += 1
                } else {
                    flags[word.text] = .bare
                }
            } else if let field = Self.field(word) {
                fields.append(field)
            } else {
                positional.append(word)
            }
            i += 1
        }
        try check(against: spec)
    }

    /// Words for a command that takes everything as it comes (script commands such as `expect`).
    public init(unsorted words: [Word]) { positional = words }

    /// `key=value` with a key of letters and `_` (read on Unicode scalars, as `WordQuoting`
    /// writes it).
    static func field(_ word: Word) -> (key: String, value: Word)? {
        let scalars = word.text.unicodeScalars
        guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex,
            scalars[..<equals].allSatisfy({ WordQuoting.isLetter($0) || $0 == "_" })
        else { return nil }
        let value = Word(String(scalars[scalars.index(after: equals)...]), wasQuoted: word.wasQuoted)
        return (String(scalars[..<equals]), value)
    }

    private func check(against spec: CommandSpec) throws(CommandFailure) {
        if spec.takesSeveralIDs { return try checkFlagsAndFields(against: spec) }
        if positional.count > spec.positional.count, let message = spec.tooManyWords { throw .usage(message.text) }
        try checkFlagsAndFields(against: spec)
        if positional.count > spec.positional.count {
            throw .usage(Message.unexpectedWord(positional[spec.positional.count].text).text)
        }
    }

    private func checkFlagsAndFields(against spec: CommandSpec) throws(CommandFailure) {
        if let unknown = flags.keys.sorted().first(where: { spec.flag($0) == nil }) {
            if let instead = SetOption.programOptions[unknown] {
                throw .usage(Message.programsOption(unknown, instead: instead).text)
            }
            let guesses = EditDistance.closest(to: unknown, among: spec.flags.map(\.name))
            throw .usage(Message.unknownOption(unknown, guesses: guesses).text)
        }
        for name in flags.keys.sorted() where flags[name] == .bare && spec.flag(name)?.kind != .bare {
            throw .usage(Message.needsValue(name).text)
        }
        // `delete 4 --yes=no` deleted: what followed the `=` of a flag that takes none was
        // ignored, the flag set.
        for name in flags.keys.sorted() where spec.flag(name)?.kind == .bare {
            if case .value(let given) = flags[name] { throw .usage(Message.takesNoValue(name, given: given).text) }
        }
        let allowed = Set(spec.fields.map(\.rawValue))
        if let unknown = fields.first(where: { !allowed.contains($0.key) }) {
            let known = allowed.sorted().joined(separator: ", ")
            let guesses = EditDistance.closest(to: unknown.key, among: allowed.sorted())
            throw .usage(Message.unknownField(unknown.key, known: known, guesses: guesses).text)
        }
    }

    /// Each field's value by name; a field given twice is an error.
    public func uniqueFields(except repeated: Set<String> = []) throws(CommandFailure) -> [String: Word] {
        var values: [String: Word] = [:]
        for (key, value) in fields where !repeated.contains(key) {
            if values[key] != nil { throw .usage(Message.givenTwice(key).text) }
            values[key] = value
        }
        return values
    }

    /// The first positional word as a product id.
    public func productID() throws(CommandFailure) -> Int {
        guard let word = positional.first else { throw .usage(Message.whichProduct.text) }
        return try Self.productID(word.text, typed: !word.holdsAValue)
    }

    /// The positional words as product ids (`delete 3 4 5`), leaving the last `trailing` words
    /// (`stock 3 4 5 +1`); each word is checked as `productID()` checks one, an id given twice
    /// counts once.
    public func productIDs(leaving trailing: Int = 0) throws(CommandFailure) -> [Int] {
        let words = positional.dropLast(min(trailing, positional.count))
        guard !words.isEmpty else { throw .usage(Message.whichProduct.text) }
        var ids: [Int] = []
        for word in words {
            let id = try Self.productID(word.text, typed: !word.holdsAValue)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// `text` as a product id, or a message that says what it is instead: 0, a number too large
    /// for any market, digits of another script (a full-width `１２` typed with a Korean input
    /// method), a field that wants `=` (`patch 4 price 5`), or a name that wants a `$`
    /// (`show last` → `$last`). Digits are told on Unicode scalars, ASCII ones only: `isNumber`
    /// also holds for `１`, `٣` and `½`, which were said to be too large. `typed` false: the text
    /// is a variable's value (`show $id`), which no `=` or `$` typed differently would mend.
    public static func productID(_ text: String, typed: Bool = true) throws(CommandFailure) -> Int {
        if let id = Int(text), (1...ProductRules.maxProductID).contains(id) { return id }
        let shown = TerminalText.visible(String(text.prefix(40)))
        let scalars = text.unicodeScalars
        if !scalars.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) }) {
            if scalars.allSatisfy({ $0 == "0" }) { throw .usage(Message.productIDStartsAtOne(shown).text) }
            throw .usage(Message.productIDTooLarge(shown).text)
        }
        if let ascii = asciiDigits(of: text) { throw .usage(Message.productIDNotASCII(shown, ascii: ascii).text) }
        if typed, ProductField(rawValue: text) != nil { throw .usage(Message.fieldWantsEquals(shown).text) }
        if typed, let first = text.first, first.isLetter || first == "_",
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        {
            throw .usage(Message.nameWantsDollar(shown).text)
        }
        throw .usage(Message.notAProductID(shown).text)
    }

    /// `１２` or `١٢` in ASCII digits (`12`) when every scalar is a decimal digit of some script;
    /// nil otherwise (`½` is a number, not a decimal digit).
    static func asciiDigits(of text: String) -> String? {
        var digits = ""
        for scalar in text.unicodeScalars {
            guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                let digit = Int(exactly: value), (0...9).contains(digit)
            else { return nil }
            digits += String(digit)
        }
        return digits.isEmpty ? nil : String(digits.prefix(40))
    }
}

/// A command failure with the status it maps to; its text is one line for the seller.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public var status: CommandStatus
    public var message: String
    /// The failure was told to the person where it happened (a sourced script's own lines, a
    /// journal that cannot be written): the caller says nothing more.
    public var alreadyReported = false
    /// A usage status for what the command found, not for how it was typed (a journal of an
    /// unfinished run, or of a run on another market): no `usage: …` line follows it.
    public var showsUsage = true

    public init(status: CommandStatus, message: String) {
        self.status = status
        self.message = message
    }

    /// A failure already told where it happened; only its status goes on.
    public static func alreadyReported(_ status: CommandStatus) -> CommandFailure {
        var failure = CommandFailure(status: status, message: "")
        failure.alreadyReported = true
        return failure
    }

    public static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }

    /// A refusal with the usage status, for the state the command found rather than its words:
    /// said without the command's usage line.
    public static func refused(_ message: String) -> CommandFailure {
        var failure = CommandFailure(status: .usage, message: message)
        failure.showsUsage = false
        return failure
    }
    public static func failed(_ message: String) -> CommandFailure { CommandFailure(status: .failed, message: message) }

    public var description: String { message }
}
