import Foundation
import MCP
import OpenMarketContract
import OpenMarketServer
import SellerShell

/// What `openmarket mcp` offers an assistant to read (MCP resources), each built from what the
/// program already has, never a second copy:
/// - `openmarket://api/openapi.json`: the OpenAPI 3.1 document the bundled market serves
///   (OpenMarketServer's `OpenAPIDocument`, what `openmarket-server openapi` prints);
/// - `openmarket://api/contract`: the contract in words, docs/api.md, when found beside the program
///   (``ResourceFolders``);
/// - `openmarket://lessons/NAME`: the lessons (scripts/examples/lessons), when found (``LessonShelf``);
/// - `openmarket://explain/TOPIC`: SellerShell's explanation book, in the session's language
///   (`Language.current`), one resource per topic `explain` lists.
public enum AgentResources {
    public static let openAPIURI = "openmarket://api/openapi.json"
    public static let contractURI = "openmarket://api/contract"
    static let lessonPrefix = "openmarket://lessons/"
    static let explainPrefix = "openmarket://explain/"
    /// The largest contract served (docs/api.md is about 16 KiB).
    static let maxContractBytes = 1024 * 1024

    /// The document, encoded once per process.
    static let openAPIText = String(decoding: OpenAPIDocument.json, as: UTF8.self)

    /// Every resource, described in the session's language.
    public static func list() -> [Resource] { list(folders: .current) }

    /// The contents of `uri`; an unknown URI (or a file too large or gone) is an ``AgentFailure``.
    public static func read(_ uri: String) throws(AgentFailure) -> [Resource.Content] {
        try read(uri, folders: .current)
    }

    static func list(folders: ResourceFolders) -> [Resource] {
        var resources = [
            Resource(
                name: "openapi.json", uri: openAPIURI, title: ResourceMessage.openAPITitle.text,
                description: ResourceMessage.openAPIAbout.text, mimeType: "application/json",
                size: openAPIText.utf8.count)
        ]
        if let contract = folders.contract {
            resources.append(
                Resource(
                    name: "api.md", uri: contractURI, title: ResourceMessage.contractTitle.text,
                    description: ResourceMessage.contractAbout.text, mimeType: "text/markdown",
                    size: size(of: contract)))
        }
        resources += LessonShelf.lessons(in: folders.lessons).map { lesson in
            Resource(
                name: lesson.name, uri: lessonPrefix + lesson.name, title: ResourceMessage.lessonTitle(name: lesson.name).text,
                description: ResourceMessage.lessonAbout(name: lesson.name).text, mimeType: "text/plain",
                size: lesson.bytes)
        }
        resources += explainTopics().map { topic in
            Resource(
                name: "explain " + topic, uri: explainPrefix + escaped(topic),
                title: ResourceMessage.explainTitle(topic: topic).text,
                description: ResourceMessage.explainAbout(topic: topic).text, mimeType: "text/plain")
        }
        return resources
    }

    static func read(_ uri: String, folders: ResourceFolders) throws(AgentFailure) -> [Resource.Content] {
        if uri == openAPIURI { return [.text(openAPIText, uri: uri, mimeType: "application/json")] }
        if uri == contractURI, let contract = folders.contract {
            return [.text(try text(of: contract, uri: uri, limit: maxContractBytes), uri: uri, mimeType: "text/markdown")]
        }
        if uri.hasPrefix(lessonPrefix) {
            let name = String(uri.dropFirst(lessonPrefix.count))
            if let lesson = LessonShelf.lessons(in: folders.lessons).first(where: { $0.name == name }) {
                return [.text(try text(of: lesson.url, uri: uri, limit: LessonShelf.maxBytes), uri: uri, mimeType: "text/plain")]
            }
        }
        if uri.hasPrefix(explainPrefix), let topic = String(uri.dropFirst(explainPrefix.count)).removingPercentEncoding,
            explainTopics().contains(topic), let text = try? book().lookup(topic)
        {
            return [.text(text, uri: uri, mimeType: "text/plain")]
        }
        throw AgentFailure(ResourceMessage.unknownResource(uri: shortened(uri)))
    }

    // MARK: Explanations

    /// The explanation book in the session's language.
    static func book() throws(ExplanationsMissing) -> ExplanationBook {
        try ExplanationBook.load(Language.current.rawValue)
    }

    /// The topics `explain` lists, none when the book's data files are missing.
    static func explainTopics() -> [String] { (try? book())?.topics ?? [] }

    /// A topic as a URI's last part: ASCII letters, digits and `-._~` as they are, the rest
    /// percent-encoded (UTF-8).
    static func escaped(_ topic: String) -> String {
        var allowed = CharacterSet(charactersIn: "-._~")
        allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
        allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
        return topic.addingPercentEncoding(withAllowedCharacters: allowed) ?? topic
    }

    // MARK: Files

    static func size(of url: URL) -> Int? {
        (try? url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize
    }

    /// A file's text, refused when over `limit` bytes or not UTF-8.
    static func text(of url: URL, uri: String, limit: Int) throws(AgentFailure) -> String {
        if let bytes = size(of: url), bytes > limit {
            throw AgentFailure(ResourceMessage.tooLarge(uri: uri, bytes: bytes, limit: limit))
        }
        guard let data = try? Data(contentsOf: url), data.count <= limit, let text = String(validating: data, as: UTF8.self)
        else {
            throw AgentFailure(ResourceMessage.unreadable(uri: uri))
        }
        return text
    }

    /// A URI as a message repeats it: at most 200 Unicode scalars, the rest as `…`.
    static func shortened(_ uri: String) -> String { AgentText.cut(uri, at: 200) }
}
