import OpenMarketContract

/// `set output table|json|jsonl|csv|ids|count`, `set trace on|off`, `set explain on|off`, `set photos
/// off|auto|symbols|sixel|kitty`, `set lang en|ko`: the session's settings.
public struct SetOption: ShellCommand {
    public static let commandNames = CommandNames("set")

    /// The program's options whose work `set` does at the prompt, where no command takes them
    /// (`show 4 --json`, as one command from the command line is written): what to type instead.
    static let programOptions: [String: String] = [
        "--json": "set output json", "--trace": "set trace on", "--explain": "set explain on", "--lang": "set lang en|ko",
    ]
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases,
        summary: ShellHelp.set,
        usage:
            "set output table|json|jsonl|csv|ids|count | set trace on|off | set explain on|off | "
            + "set photos off|auto|symbols|sixel|kitty | set lang en|ko | set NAME VALUE",
        notes: ShellHelp.setNotes,
        examples: [
            "set output json", "set output ids", "set trace on", "set explain on", "set photos symbols", "set lang ko",
            "set price 3500",
        ],
        positional: [.setting(SetOption.settings), .word], effect: .session, recording: .asTyped)

    /// Each setting and the values it takes.
    public static let settings = [
        "output": ListFormat.allCases.map(\.rawValue), "trace": ["on", "off"], "explain": ["on", "off"],
        "photos": PhotoSetting.words, "lang": Language.choices,
    ]

    public enum Setting: Sendable, Equatable {
        /// `set output FORMAT`.
        case output(ListFormat)
        case trace(Bool)
        /// `set explain on`: a few lines after each exchange on what it means.
        case explain(Bool)
        /// `set photos off`: whether and how photos are drawn.
        case photos(PhotoSetting)
        /// `set lang ko`: the language of everything said from now on.
        case lang(Language)
    }

    public var setting: Setting

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        switch (arguments.positional.first?.text, arguments.positional.dropFirst().first?.text) {
        case ("output", let value?) where ListFormat(rawValue: value) != nil: setting = .output(ListFormat(rawValue: value)!)
        case ("trace", "on"): setting = .trace(true)
        case ("trace", "off"): setting = .trace(false)
        case ("explain", "on"): setting = .explain(true)
        case ("explain", "off"): setting = .explain(false)
        case ("photos", let value?) where PhotoSetting(word: value) != nil: setting = .photos(PhotoSetting(word: value)!)
        case ("lang", let value?) where Language(choice: value) != nil: setting = .lang(Language(choice: value)!)
        default:
            // Which part was wrong, in the reader's language; the usage line follows.
            let (name, value) = (arguments.positional.first?.text, arguments.positional.dropFirst().first?.text)
            guard let name, let values = Self.values.first(where: { $0.setting == name })?.values else {
                throw .usage(Message.setNoSuchSetting(given: name, settings: Self.values.map(\.setting)).text)
            }
            throw .usage(Message.setValueNotOneOf(setting: name, given: value, values: values).text)
        }
    }

    /// Each setting and the values it takes, as `set` says them when one is wrong.
    static let values: [(setting: String, values: [String])] = [
        ("output", ListFormat.allCases.map(\.rawValue)), ("trace", ["on", "off"]), ("explain", ["on", "off"]),
        ("photos", PhotoSetting.words), ("lang", Language.choices),
    ]

    public var words: [Word] {
        switch setting {
        case .output(let format): [Word(Self.spec.name), Word("output"), Word(format.rawValue)]
        case .trace(let on): [Word(Self.spec.name), Word("trace"), Word(on ? "on" : "off")]
        case .explain(let on): [Word(Self.spec.name), Word("explain"), Word(on ? "on" : "off")]
        case .photos(let photos): [Word(Self.spec.name), Word("photos"), Word(photos.word)]
        case .lang(let language): [Word(Self.spec.name), Word("lang"), Word(language.rawValue)]
        }
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        switch setting {
        case .output(let format):
            // `json` and `table` are what they always were; the others are list formats, and
            // with jsonl the other commands print the server's documents as with json.
            await context.options.setOutput(
                json: format == .json || format == .jsonl, list: format == .json || format == .table ? nil : format)
        case .trace(let on): context.options.setTrace(on)
        case .explain(let on):
            // Said now rather than after the next exchange, when the files are missing.
            if on { _ = try Explain.book(nil) }
            context.records.exchanges.explains = on
        case .photos(let photos): await context.options.setPhotos(photos)
        case .lang(let language): await context.options.setLanguage(language)
        }
        return CommandOutcome()
    }
}
