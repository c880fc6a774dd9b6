import Foundation
import MCP
import MarketTestSupport
import OpenMarketContract
import SellerShell
import Testing

@testable import AgentMode

/// Issue 43, item 6: the resources `openmarket mcp` serves (the OpenAPI document, the contract,
/// the lessons, the explain topics) and its prompts, each made from what the program already has.
@Suite("Agent resources and prompts")
struct AgentResourceTests {
    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folders a program built in this tree finds (`.build/debug/openmarket`).
    static var sourceTree: ResourceFolders {
        ResourceFolders.find(environment: [:], executable: root.appendingPathComponent(".build/debug/openmarket"))
    }

    /// The message an agent failure carries, as this area's type.
    static func message(_ failure: AgentFailure) -> ResourceMessage? { failure.message as? ResourceMessage }

    @Test func theListHasTheOpenAPIDocumentAndTheExplainTopics() throws {
        let resources = AgentResources.list(folders: Self.sourceTree)
        let byURI = Dictionary(resources.map { ($0.uri, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byURI.count == resources.count, "each URI once")
        #expect(byURI["openmarket://api/openapi.json"]?.mimeType == "application/json")
        let book = try ExplanationBook.load("en")
        for topic in ["412", "If-Match", "PATCH", "idempotent", "create"] {
            #expect(book.topics.contains(topic))
            #expect(byURI["openmarket://explain/\(topic)"]?.mimeType == "text/plain", "\(topic)")
        }
        #expect(resources.filter { $0.uri.hasPrefix("openmarket://explain/") }.count == book.topics.count)
    }

    @Test func theOpenAPIResourceIsTheDocumentTheMarketServes() throws {
        let contents = try AgentResources.read("openmarket://api/openapi.json", folders: Self.sourceTree)
        #expect(contents.count == 1)
        let text = try #require(contents.first?.text)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let version = try #require(document["openapi"] as? String)
        #expect(version.hasPrefix("3.1."))
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths["/api/products"] != nil)
        #expect(contents.first?.mimeType == "application/json")
    }

    @Test func aLessonResourceReadsTheLessonsText() throws {
        let folders = Self.sourceTree
        let lessons = Self.root.appendingPathComponent("scripts/examples/lessons")
        #expect(folders.lessons?.standardizedFileURL.path == lessons.standardizedFileURL.path)
        let uris = Set(AgentResources.list(folders: folders).map(\.uri))
        for name in ["01-methods", "ko/01-methods", "04-idempotency", "ko/04-idempotency"] {
            #expect(uris.contains("openmarket://lessons/\(name)"), "\(name)")
            let contents = try AgentResources.read("openmarket://lessons/\(name)", folders: folders)
            let file = try String(contentsOf: lessons.appendingPathComponent(name + ".om"), encoding: .utf8)
            #expect(contents.first?.text == file, "\(name)")
        }
    }

    /// The test runner is built in this tree (`.build/…/debug`), so walking up from its executable
    /// finds the tree, as `openmarket` built here does.
    @Test func aProgramBuiltInTheTreeFindsTheTreeAboveIt() throws {
        try #require(ProcessInfo.processInfo.environment["OPENMARKET_LESSONS"] == nil)
        let found = ResourceFolders.current
        #expect(found.lessons?.standardizedFileURL.path == Self.sourceTree.lessons?.standardizedFileURL.path)
        #expect(found.contract?.standardizedFileURL.path == Self.root.appendingPathComponent("docs/api.md").path)
        #expect(AgentResources.list().contains { $0.uri == "openmarket://lessons/01-methods" })
    }

    @Test func theContractInWordsIsDocsAPIFromTheSourceTree() throws {
        let contents = try AgentResources.read(AgentResources.contractURI, folders: Self.sourceTree)
        let file = try String(contentsOf: Self.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
        #expect(contents.first?.text == file)
        #expect(contents.first?.mimeType == "text/markdown")
    }

    /// scripts/install puts the lessons under PREFIX/share/openmarket/lessons and the contract at
    /// PREFIX/share/openmarket/api.md, beside PREFIX/bin/openmarket.
    @Test func anInstalledProgramFindsItsLessonsAndContractUnderShare() throws {
        let prefix = try Fixtures.temporaryDirectory("agent-resources")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/openmarket")
        try FileManager.default.createDirectory(at: share.appendingPathComponent("lessons/ko"), withIntermediateDirectories: true)
        try Data("GET /api/products\n".utf8).write(to: share.appendingPathComponent("lessons/ko/09-first.om"))
        try Data("# contract\n".utf8).write(to: share.appendingPathComponent("api.md"))
        try Data("not a lesson\n".utf8).write(to: share.appendingPathComponent("lessons/notes.txt"))
        let folders = ResourceFolders.find(environment: [:], executable: prefix.appendingPathComponent("bin/openmarket"))
        let uris = AgentResources.list(folders: folders).map(\.uri)
        #expect(uris.filter { $0.hasPrefix("openmarket://lessons/") } == ["openmarket://lessons/ko/09-first"])
        #expect(
            try AgentResources.read("openmarket://lessons/ko/09-first", folders: folders).first?.text == "GET /api/products\n")
        #expect(try AgentResources.read(AgentResources.contractURI, folders: folders).first?.text == "# contract\n")
    }

    @Test func noLessonFolderMeansNoLessonResources() throws {
        let empty = try Fixtures.temporaryDirectory("agent-resources")
        defer { try? FileManager.default.removeItem(at: empty) }
        let folders = ResourceFolders.find(
            environment: ["OPENMARKET_LESSONS": empty.appendingPathComponent("missing").path],
            executable: empty.appendingPathComponent("bin/openmarket"))
        #expect(folders == ResourceFolders(lessons: nil, contract: nil))
        let uris = AgentResources.list(folders: folders).map(\.uri)
        #expect(!uris.contains { $0.hasPrefix("openmarket://lessons/") || $0 == AgentResources.contractURI })
        #expect(uris.contains(AgentResources.openAPIURI))
        #expect(throws: AgentFailure.self) { try AgentResources.read("openmarket://lessons/01-methods", folders: folders) }
    }

    @Test func aLessonOverTheLimitIsRefusedWithItsSize() throws {
        let folder = try Fixtures.temporaryDirectory("agent-resources")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = LessonShelf.maxBytes + 1
        try Data(repeating: UInt8(ascii: "#"), count: bytes).write(to: folder.appendingPathComponent("big.om"))
        let folders = ResourceFolders.find(environment: ["OPENMARKET_LESSONS": folder.path], executable: nil)
        do {
            _ = try AgentResources.read("openmarket://lessons/big", folders: folders)
            Issue.record("a lesson over the limit was read")
        } catch {
            #expect(
                Self.message(error)
                    == .tooLarge(uri: "openmarket://lessons/big", bytes: bytes, limit: LessonShelf.maxBytes))
        }
    }

    @Test func anExplainTopicIsInTheSessionsLanguage() throws {
        let korean = try Language.$current.withValue(.ko) {
            try AgentResources.read("openmarket://explain/412", folders: Self.sourceTree)
        }
        let english = try AgentResources.read("openmarket://explain/412", folders: Self.sourceTree)
        #expect(korean.first?.text == (try ExplanationBook.load("ko").lookup("412")))
        #expect(english.first?.text == (try ExplanationBook.load("en").lookup("412")))
        #expect(korean.first?.text?.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } == true)
        #expect(korean.first?.text != english.first?.text)
        let listed = Language.$current.withValue(.ko) { AgentResources.list(folders: Self.sourceTree) }
        #expect(listed.first { $0.uri == AgentResources.openAPIURI }?.description == ResourceMessage.openAPIAbout.korean)
    }

    @Test func anUnknownURIFailsWithTheMessage() {
        for uri in [
            "openmarket://api/nothing", "openmarket://lessons/../../Package", "openmarket://lessons/01-methods.om",
            "openmarket://explain/nosuch", "openmarket://explain/", "file:///etc/passwd",
        ] {
            do {
                _ = try AgentResources.read(uri, folders: Self.sourceTree)
                Issue.record("\(uri) was read")
            } catch {
                #expect(Self.message(error) == .unknownResource(uri: uri), "\(uri)")
                #expect(error.text.contains(uri))
            }
        }
    }

    @Test func thePromptsAreListedWithTheirArguments() {
        let prompts = AgentPrompts.list()
        #expect(prompts.map(\.name) == ["register_photos", "apply_price_list"])
        #expect(prompts[0].arguments?.map(\.name) == ["folder"])
        #expect(prompts[1].arguments?.map(\.name) == ["file"])
        #expect(prompts.allSatisfy { $0.arguments?.allSatisfy { $0.required == true } == true })
    }

    @Test func aPromptWithItsArgumentSaysHowToPlanAndApply() throws {
        let photos = try AgentPrompts.get("register_photos", arguments: ["folder": .string("photos/spring")])
        guard case .text(let text)? = photos.messages.first?.content else {
            Issue.record("no text in \(photos.messages)")
            return
        }
        #expect(photos.messages.count == 1 && photos.messages[0].role == .user)
        #expect(text == ResourceMessage.registerPhotos(folder: "photos/spring", images: UploadRules.imageCount).english)
        for word in ["photos/spring", "`register`", "`token`", "`image`"] { #expect(text.contains(word), "\(word)") }
        let prices = try Language.$current.withValue(.ko) {
            try AgentPrompts.get("apply_price_list", arguments: ["file": .string("prices.csv")])
        }
        guard case .text(let korean)? = prices.messages.first?.content else {
            Issue.record("no text in \(prices.messages)")
            return
        }
        #expect(korean == ResourceMessage.applyPriceList(file: "prices.csv").korean)
        for word in ["prices.csv", "`import`", "`token`", "`file`", "`rows`"] { #expect(korean.contains(word), "\(word)") }
    }

    @Test func aPromptWithoutItsArgumentFails() {
        let cases: [(String, [String: Value]?, ResourceMessage)] = [
            ("register_photos", nil, .missingArgument(prompt: "register_photos", argument: "folder")),
            ("register_photos", ["folder": .string("  ")], .missingArgument(prompt: "register_photos", argument: "folder")),
            ("apply_price_list", ["folder": .string("x")], .missingArgument(prompt: "apply_price_list", argument: "file")),
            ("apply_price_list", ["file": .int(3)], .missingArgument(prompt: "apply_price_list", argument: "file")),
            ("nosuch", [:], .unknownPrompt(name: "nosuch", known: ["register_photos", "apply_price_list"])),
        ]
        for (name, arguments, expected) in cases {
            do {
                _ = try AgentPrompts.get(name, arguments: arguments)
                Issue.record("\(name) \(String(describing: arguments)) gave a prompt")
            } catch {
                #expect(Self.message(error) == expected)
            }
        }
    }
}
