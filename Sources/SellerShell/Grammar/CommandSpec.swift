import OpenMarketContract

/// What a command is, declared once in the command's own file: help, TAB completion, argument
/// checking, recording, the resume journal and dry runs all read it, so none of them needs to
/// know a command by its name.
///
/// A class of constants, not a struct: every line reads its command's spec several times (the
/// parse, the journal, the recording, the change log), and a struct of this size (three
/// existentials, five arrays) was copied each time, 7 retains and as many releases a copy: 6
/// copies a `show` line, 1.5 k of its instructions (`scripts/bench-instructions`). A spec is
/// never changed once made; ``with(rawWords:recording:)`` makes another.
public final class CommandSpec: Sendable {
    /// What running the command does to the market (or to the session).
    public enum Effect: Sendable, Equatable {
        /// Nothing outside the shell (help, history, vars, expect).
        case none
        case reads, creates, changes, deletes
        /// Changes only the session: login, server, settings. A resumed run runs these again.
        case session
        /// Runs other commands (`source`): whatever they do.
        case script
    }

    /// What a `--flag` takes after it.
    public enum FlagKind: Sendable, Equatable {
        /// Nothing (`--yes`).
        case bare
        /// A number (`--per-page 50`).
        case number
        /// Any text (`--search 텀블러`).
        case text
        /// A name (`--save shop`).
        case name
    }

    /// A flag as help, completion and the argument check see it; declared by a command's
    /// ``CommandOption``s (`flags: options.map(\.flag)`), never spelled out here.
    public struct Flag: Sendable, Equatable {
        public var name: String
        public var kind: FlagKind
        /// What the value is called in help (`N`, `FILE`); empty for a bare flag.
        public var placeholder: String
        /// The values it takes when they are a fixed set (TAB offers them after the flag).
        public var choices: [String]
        /// The whole numbers it takes, when it takes a number in a fixed range (`--per-page`:
        /// 1…1000), set by ``CommandOption/number(_:_:in:help:)``: an agent's tool schema says
        /// it as minimum and maximum, with no second source of truth.
        public var range: ClosedRange<Int>?
        /// One line for `help COMMAND`: its own case of the command's help catalogue
        /// (``ShellHelp/listPerPage`` for `list --per-page`), in the reader's language.
        public var help: any Spoken

        public init(
            _ name: String, kind: FlagKind = .bare, placeholder: String = "", choices: [String] = [],
            range: ClosedRange<Int>? = nil, help: any Spoken
        ) {
            self.name = name
            self.range = range
            self.kind = kind
            self.placeholder = kind == .bare ? "" : placeholder
            self.choices = choices
            self.help = help
        }

        /// `--per-page N`, as help lists it.
        public var synopsis: String { placeholder.isEmpty ? name : "\(name) \(placeholder)" }

        /// The same flag: the same name, value, range and help (its English words).
        public static func == (left: Flag, right: Flag) -> Bool {
            (left.name, left.kind, left.placeholder, left.choices, left.help.english)
                == (right.name, right.kind, right.placeholder, right.choices, right.help.english)
                && left.range == right.range
        }
    }

    /// What a positional word is, for completion and for recording.
    public enum Slot: Sendable, Equatable {
        /// A product id: recording writes a named product as `$name`; TAB offers ids seen.
        case productID
        /// One or more product ids (`delete 3 4 5`); only first, it takes every word that is
        /// not claimed by a slot after it.
        case productIDs
        case stockChange
        case page
        case command
        case profile
        case url
        /// A path on the market (`/api/products/3`) for a raw request.
        case apiPath
        case path
        case identifier
        /// A setting and its values (`output` → `table`, `json`).
        case setting([String: [String]])
        /// Any word (a variable name, a value, an operator).
        case word
    }

    /// How a recording writes a command that succeeded.
    public enum Recording: Sendable, Equatable {
        /// As a command that replays (reads as comments unless `record --all`).
        case command
        /// As typed, variables and all (`set NAME`, `expect`).
        case asTyped
        /// As a comment, or as a command with `record --all` (what `.reads` commands do too).
        case readOnly
        /// As a comment saying why it is not replayed.
        case comment(String)
        /// Not at all (help, history, exit).
        case never
    }

    public let name: String
    public let aliases: [String]
    /// One line for `help`: the case of the help catalogue named after the command
    /// (``ShellHelp/list``), in the reader's language.
    public let summary: any Spoken
    public let usage: String
    /// What `help` says under the usage, in the reader's language (what `set photos` does).
    public let notes: (any Spoken)?
    public let examples: [String]
    public let flags: [Flag]
    /// The `key=value` fields it takes.
    public let fields: [ProductField]
    /// The positional words it takes, in order; at most this many.
    public let positional: [Slot]
    /// The message for more positional words than `positional` allows (the default names the
    /// first extra word, which must not happen when that word could be a secret).
    public let tooManyWords: (any Spoken)?
    public let effect: Effect
    /// Whether it may be sent twice with the same result (`stock +N` may not).
    public let repeatsSafely: Bool
    /// Whether it changes something on this machine beside what it prints: writes a file
    /// (`export`) or starts a program (`open`). Done again, it would refuse or show twice, so a
    /// resume journal writes such a line's `done` at once, never holding it back as a read's.
    public let changesThisMachine: Bool
    /// Whether it answers with one product (which `as NAME` names).
    public let returnsProduct: Bool
    public let recording: Recording
    /// Takes its words as they come, with no flags or fields sorted out (`expect`, `set NAME`).
    public let rawWords: Bool

    public init(
        name: String, aliases: [String] = [], summary: any Spoken, usage: String, notes: (any Spoken)? = nil,
        examples: [String] = [],
        flags: [Flag] = [], fields: [ProductField] = [], positional: [Slot] = [], tooManyWords: (any Spoken)? = nil,
        effect: Effect, repeatsSafely: Bool = true, changesThisMachine: Bool = false, returnsProduct: Bool = false,
        recording: Recording = .command, rawWords: Bool = false
    ) {
        self.rawWords = rawWords
        self.changesThisMachine = changesThisMachine
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.usage = usage
        self.notes = notes
        self.examples = examples
        self.flags = flags
        self.fields = fields
        self.positional = positional
        self.tooManyWords = tooManyWords
        self.effect = effect
        self.repeatsSafely = repeatsSafely
        self.returnsProduct = returnsProduct
        self.recording = recording
    }

    /// Another spec the same but for how its words are taken (`rawWords`) and how a recording
    /// writes it (`recording`): `set NAME VALUE`'s, from `set`'s.
    public func with(rawWords: Bool, recording: Recording) -> CommandSpec {
        CommandSpec(
            name: name, aliases: aliases, summary: summary, usage: usage, notes: notes, examples: examples,
            flags: flags, fields: fields, positional: positional, tooManyWords: tooManyWords, effect: effect,
            repeatsSafely: repeatsSafely, changesThisMachine: changesThisMachine, returnsProduct: returnsProduct,
            recording: recording, rawWords: rawWords)
    }

    /// The flag called `name`, if it takes one.
    public func flag(_ name: String) -> Flag? { flags.first { $0.name == name } }

    /// Whether the first positional word is a product id.
    public var takesProductID: Bool { positional.first == .productID || positional.first == .productIDs }

    /// Whether it takes any number of words (a `.productIDs` slot).
    public var takesSeveralIDs: Bool { positional.first == .productIDs }

    /// `help COMMAND`.
    public var helpText: String {
        var lines = ["\(name) — \(summary.text)", Message.helpUsage(usage).text]
        if let notes { lines += notes.text.split(separator: "\n").map { "  " + $0 } }
        if !flags.isEmpty {
            let width = flags.map(\.synopsis.count).max() ?? 0
            lines.append(Message.helpOptionsHeading.text)
            lines += flags.map { "  \($0.synopsis.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.help.text)" }
        }
        if !aliases.isEmpty { lines.append(Message.helpAliases(aliases.joined(separator: ", ")).text) }
        if !examples.isEmpty {
            lines.append(Message.helpExamplesHeading.text)
            lines += examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
