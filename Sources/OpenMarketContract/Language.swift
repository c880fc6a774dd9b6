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
/// prompts) asks `Language.current`. What a program reads (JSON, the journal, the data lines of
/// an export or a recording) never does; the comment lines written for a person inside an
/// export or a recording are in the reader's language.
public enum Language: String, Sendable, CaseIterable {
    case en, ko

    @TaskLocal public static var current: Language = .en

    /// The language `LC_ALL`, `LC_MESSAGES` or `LANG` names, in that order (POSIX's): Korean for
    /// `ko…`, English otherwise.
    public static func from(environment: [String: String]) -> Language {
        from { environment[$0] }
    }

    /// The same from a variable's value by its name: `Language.from(variable: getenv)` at a
    /// program's start, before the environment is read whole.
    public static func from(variable value: (String) -> String?) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = value(name), !value.isEmpty else { continue }
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
    /// The language an HTTP `Accept-Language` header asks for (RFC 9110 §12.5.4, RFC 4647's
    /// basic filtering): each of English and Korean takes the quality of the most specific range
    /// that matches it (`ko-KR` and `ko` match Korean; `*` matches a language no other range
    /// names); the highest quality above 0 wins, a tie going to the range written first. nil when
    /// neither is acceptable or only `*` names them, so the caller keeps its own default.
    /// Written by hand: Foundation has no Accept-Language parser on Linux, and no kept library
    /// here does one.
    public static func preferred(byAcceptLanguage header: String?) -> Language? {
        guard let header else { return nil }
        // For each language: its quality and where its range was written (nil for `*`).
        var named: [Language: (quality: Double, position: Int)] = [:]
        var wildcard: Double?
        for (position, item) in header.split(separator: ",").enumerated() {
            guard let range = AcceptedRange(item) else { continue }
            if range.tag == "*" {
                wildcard = range.quality
            } else if let language = Language(rawValue: range.primary), named[language] == nil || range.tag == range.primary {
                // `ko;q=0.2, ko-KR` and `ko-KR, ko;q=0.2`: the plain `ko` range speaks for Korean.
                named[language] = (range.quality, named[language]?.position ?? position)
            }
        }
        let ranked = allCases.compactMap { language -> (language: Language, quality: Double, position: Int?)? in
            if let given = named[language] { return (language, given.quality, given.position) }
            return wildcard.map { (language, $0, nil) }
        }
        .filter { $0.quality > 0 }
        .sorted { ($0.quality, -($0.position ?? .max)) > ($1.quality, -($1.position ?? .max)) }
        guard let first = ranked.first else { return nil }
        // Only `*` at the top, shared by both: no language was asked for.
        if first.position == nil, ranked.count > 1, ranked[1].quality == first.quality { return nil }
        return first.language
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

/// One language range of an `Accept-Language` header (`ko-KR;q=0.8`): its tag, lowercased, the
/// tag's primary subtag and its quality (1 when none is given). nil for an empty item or a
/// quality that is not a number from 0 to 1.
struct AcceptedRange {
    var tag: String
    var primary: String
    var quality: Double

    init?(_ item: Substring) {
        let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let tag = parts.first?.lowercased(), !tag.isEmpty else { return nil }
        self.tag = tag
        primary = tag.split(separator: "-").first.map(String.init) ?? tag
        quality = 1
        for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
            guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else { return nil }
            quality = value
        }
    }
}
