/// The language the shell speaks to a person: Korean when the locale (`LANG=ko_KR.UTF-8`) or
/// `--lang ko` asks for it, English otherwise. English is also the fallback: a language the
/// shell does not speak (`LANG=fr_FR.UTF-8`) gets English.
///
/// It is task-local: the executable sets it once around the whole run (`--lang`, else the
/// locale), `set lang` changes it for the session's later commands, and a test scopes it to
/// itself (`Language.$current.withValue(.ko) { … }`), so tests running at once in one process
/// never see each other's language. What a person reads (messages, help, table headings,
/// prompts) asks `Language.current`; what a program reads (JSON, exports, recordings, the
/// journal) never does.
public enum Language: String, Sendable, CaseIterable {
    case en, ko

    @TaskLocal public static var current: Language = .en

    /// The language `LC_ALL`, `LC_MESSAGES` or `LANG` names, in that order (POSIX's): Korean for
    /// `ko…`, English otherwise.
    public static func from(environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ko") ? .ko : .en
        }
        return .en
    }

    /// `en`, `ko`, and the names people type for them (`english`, `korean`, `한국어`).
    public init?(choice: String) {
        switch choice.lowercased() {
        case "en", "english", "영어": self = .en
        case "ko", "korean", "kr", "한국어", "한글": self = .ko
        default: return nil
        }
    }

    /// What `--lang` takes, for help and completion.
    public static let choices = allCases.map(\.rawValue)

    /// This language's name, in itself.
    public var name: String {
        switch self {
        case .en: "English"
        case .ko: "한국어"
        }
    }
}

extension CommandSpec {
    /// The summary in the language of this task (English when it has no translation).
    public var localizedSummary: String { Language.current.helpText(summary) }
}

extension CommandSpec.Flag {
    /// The flag's help in the language of this task.
    public var localizedHelp: String { Language.current.helpText(help) }
}

extension Language {
    /// A command's or flag's help text (declared in English in its spec) in this language.
    public func helpText(_ english: String) -> String {
        switch self {
        case .en: english
        case .ko: KoreanHelp.texts[english] ?? english
        }
    }
}
