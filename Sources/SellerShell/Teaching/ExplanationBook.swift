import Foundation
import OpenMarketAPI
import OpenMarketContract
import Synchronization
import TerminalText

/// What `explain` and `set explain on` say, read from data files (Explanations/en.json and
/// ko.json: the texts are data, not code, so a teacher can correct or translate them without
/// touching Swift). One file per language, the same keys in each.
///
/// `afterExchange(…)` is what the session prints after an exchange when `set explain on`: the
/// method's promise (safe? idempotent?), what this operation is and why it uses that method, the
/// headers that matter in it, and what the status means with what to do next.
public struct ExplanationBook: Sendable {
    /// `en` or `ko`.
    public let language: String
    let labels: [String: String]
    let methods: [String: String]
    let statuses: [String: String]
    let headers: [String: String]
    let operations: [String: String]
    /// The ideas students ask about by name: `idempotent`, `safe`, `multipart`, `CRLF`, …
    let concepts: [String: String]

    struct File: Decodable {
        var language: String
        var labels: [String: String]
        var methods: [String: String]
        var statuses: [String: String]
        var headers: [String: String]
        var operations: [String: String]
        var concepts: [String: String]
    }

    public static let languages = ["en", "ko"]

    /// The language `LC_ALL`, `LC_MESSAGES` or `LANG` names, in that order (POSIX's): Korean for
    /// `ko…`, English otherwise.
    public static func language(from environment: [String: String]) -> String {
        Language.from(environment: environment).rawValue
    }

    /// The book in `language`, read once per process.
    public static func load(
        _ language: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ExplanationsMissing) -> ExplanationBook {
        let key = language + "\u{0}" + (environment["OPENMARKET_EXPLANATIONS_DIR"] ?? "")
        if let known = cache.withLock({ $0[key] }) { return known }
        let candidates = directories(environment)
        for directory in candidates {
            let url = directory.appendingPathComponent("\(language).json")
            guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data) else {
                continue
            }
            let book = ExplanationBook(
                language: language, labels: file.labels, methods: file.methods, statuses: file.statuses,
                headers: file.headers, operations: file.operations, concepts: file.concepts)
            cache.withLock { $0[key] = book }
            return book
        }
        throw ExplanationsMissing(searched: candidates.map(\.path))
    }

    private static let cache = Mutex<[String: ExplanationBook]>([:])

    /// Where the data files may be: a folder named by `OPENMARKET_EXPLANATIONS_DIR`; the resource
    /// bundle SwiftPM copies beside the executable (looked up by hand: the generated
    /// `Bundle.module` stops the process when the bundle is missing); the source tree.
    static func directories(_ environment: [String: String]) -> [URL] {
        var found: [URL] = []
        if let folder = environment["OPENMARKET_EXPLANATIONS_DIR"], !folder.isEmpty {
            found.append(URL(fileURLWithPath: folder, isDirectory: true))
        }
        let bundleName = "openmarket_SellerShell.resources"
        found.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).appendingPathComponent("Explanations"))
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            found.append(executable.appendingPathComponent(bundleName).appendingPathComponent("Explanations"))
        }
        found.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Explanations"))
        return found
    }

    // MARK: Looking up

    /// Every term there is an explanation for, for TAB and for `explain` alone.
    /// The operations are listed by the names students type (`create`, `delete`); those the
    /// code names in camelCase (`deleteURI`, `legacySecret`) are explained when asked for, not listed.
    public var topics: [String] { topicGroups.flatMap(\.topics) }

    /// The topics by kind, in the order `explain` lists them.
    public var topicGroups: [(group: ScreenMessage.TopicGroup, topics: [String])] {
        [
            (.methods, methods.keys.sorted()), (.statuses, statuses.keys.sorted()), (.headers, headerNames),
            (.ideas, concepts.keys.sorted { $0.lowercased() < $1.lowercased() }),
            (.operations, operations.keys.filter { $0 == $0.lowercased() }.sorted()),
        ]
    }

    /// `explain` alone: what it explains, then a row for each kind of topic, folded to
    /// `columns` under the topics' column (an 80-column screen when the width is not known).
    public func index(columns: Int?) -> String {
        let groups = topicGroups.map { (ScreenMessage.topicGroup($0.group).text, $0.topics) }
        let width = groups.map { TerminalText.width($0.0) }.max() ?? 0
        let rows = groups.map { name, topics in
            "  " + name + String(repeating: " ", count: width - TerminalText.width(name) + 2) + topics.joined(separator: " ")
        }
        return TerminalText.wrapped(([label("topics")] + rows).joined(separator: "\n"), columns: (columns ?? 80) - 1)
    }

    /// Header names as people write them (`If-Match`), from the keys (`if-match`).
    var headerNames: [String] { headers.keys.sorted().map(Self.headerName) }

    /// A header's name as people write it (`If-Match`), from its key (`if-match`).
    static func headerName(_ key: String) -> String {
        switch key {
        case "identifier", "boundary": key
        case "etag": "ETag"
        default: key.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
    }

    /// The explanation of a method (`patch`), a status (`412`), a header (`if-match`) or an
    /// operation (`create`), whatever its case.
    public func lookup(_ term: String) -> String? {
        let trimmed = term.trimmingCharacters(in: .whitespaces)
        if let text = methods[trimmed.uppercased()] { return "\(trimmed.uppercased()): \(text)" }
        if let text = statuses[trimmed] { return "\(trimmed) \(text)" }
        if let text = headers[trimmed.lowercased()] { return text }
        if let key = concepts.keys.first(where: { $0.lowercased() == trimmed.lowercased() }) { return concepts[key] }
        if let key = operations.keys.first(where: { $0.lowercased() == trimmed.lowercased() }) { return operations[key] }
        return nil
    }

    /// The topics closest to a term with no explanation (`If-Mach` → `If-Match`).
    public func suggestions(for term: String) -> [String] {
        let typed = term.lowercased()
        let scored = topics.map { ($0, EditDistance.between(typed, $0.lowercased())) }.filter { $0.1 <= 2 }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    func label(_ key: String, _ value: String = "") -> String {
        (labels[key] ?? key).replacingOccurrences(of: "%@", with: value)
    }

    // MARK: After an exchange

    /// The few lines `set explain on` prints after one exchange: the method, the operation
    /// (recognised from method and path), the headers that matter in it, the status.
    /// - Parameter status: nil when no answer came.
    public func afterExchange(
        method: String, path: String, requestHeaders: HeaderFields, status: Int?, responseHeaders: HeaderFields
    ) -> [String] {
        paragraphs(
            method: method, path: path, requestHeaders: requestHeaders, status: status, responseHeaders: responseHeaders
        ).map(\.text)
    }

    /// `afterExchange`'s paragraphs, each with the topic it explains (`GET`, `create`,
    /// `identifier`, `201`: what `explain` takes), so that a run says each one once.
    public func paragraphs(
        method: String, path: String, requestHeaders: HeaderFields, status: Int?, responseHeaders: HeaderFields
    ) -> [(topic: String, text: String)] {
        var paragraphs: [(topic: String, text: String)] = []
        if let text = methods[method.uppercased()] { paragraphs.append((method.uppercased(), "\(method.uppercased()): \(text)")) }
        if let operation = Self.operation(method: method, path: path), let text = operations[operation] {
            paragraphs.append((operation, text))
        }
        var mattering: [String] = []
        if requestHeaders["identifier"] != nil { mattering.append("identifier") }
        if requestHeaders["Content-Type"]?.lowercased().hasPrefix("multipart/") == true { mattering.append("boundary") }
        for name in ["if-match", "if-none-match"] where requestHeaders[name] != nil { mattering.append(name) }
        for name in ["etag", "allow", "retry-after", "location"] where responseHeaders[name] != nil { mattering.append(name) }
        paragraphs += mattering.prefix(3).compactMap { key in headers[key].map { (Self.headerName(key), $0) } }
        if let status, let text = statuses[String(status)] { paragraphs.append((String(status), "\(status) \(text)")) }
        return paragraphs
    }

    /// The contract's operation a request is, by method and path (the explanations are keyed by
    /// the route's name).
    static func operation(method: String, path: String) -> String? {
        MarketRoute.recognise(method: method, path: path)?.route.rawValue
    }
}

/// The explanations' data files could not be read.
public struct ExplanationsMissing: Error, Sendable {
    public var searched: [String]
}

/// The paragraphs `set explain on` already said in this run (a session): each is said once,
/// then referred to by its topic (`↳ GET · identifier · 200: explained above`), so a lesson
/// of fourteen requests does not repeat `identifier` fourteen times. Kept by the paragraph's
/// text, so the same topic in another language (`set lang`) is said again.
public final class ExplainedParagraphs: Sendable {
    private let said = Mutex<Set<String>>([])

    public init() {}

    /// The paragraphs not said yet, now marked said, and the topics of those that were.
    func sorting(_ paragraphs: [(topic: String, text: String)]) -> (new: [String], before: [String]) {
        said.withLock { said in
            var new: [String] = []
            var before: [String] = []
            for paragraph in paragraphs {
                if said.insert(paragraph.text).inserted { new.append(paragraph.text) } else { before.append(paragraph.topic) }
            }
            return (new, before)
        }
    }
}
