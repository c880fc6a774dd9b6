import Foundation

/// The language a person reads: the shell's messages and help, the bundled market's answers and
/// its storefront. For the shell: Korean when the locale (`LANG=ko_KR.UTF-8`) or
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

extension Language {
    /// The language an HTTP `Accept-Language` header asks for: the first of its tags (by
    /// quality, RFC 9110 §12.5.4) that is `ko` or `en` (or a region of them, `ko-KR`); nil when
    /// it names neither, so the caller keeps its own default.
    public static func preferred(byAcceptLanguage header: String?) -> Language? {
        guard let header else { return nil }
        var best: (language: Language, quality: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = Language(rawValue: primary) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language
    }

    /// What the shell sends as `Accept-Language`, so the market answers in the reader's language.
    public var acceptLanguage: String {
        switch self {
        case .en: "en"
        case .ko: "ko, en;q=0.5"
        }
    }
}

/// A sentence (or a word) for a person, as a typed value: every module's message enum conforms,
/// and its two catalogues are one exhaustive `switch` each (`english`, `korean`, in files named
/// `…+English.swift` and `…+Korean.swift`), so a message added without its Korean does not
/// compile. Where a message is said never chooses its words; the reader's language does.
public protocol Spoken: Sendable {
    /// The English catalogue's words for this message (also the fallback for other languages).
    var english: String { get }
    /// The Korean catalogue's words for this message.
    var korean: String { get }
}

extension Spoken {
    /// The message in `language`.
    public func text(in language: Language) -> String {
        switch language {
        case .en: english
        case .ko: korean
        }
    }

    /// The message in the language of this task (`Language.current`).
    public var text: String { text(in: .current) }
}
