import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import SystemPackage
import Testing

@testable import AgentMode

/// Issue 43's tryout (F2) and review (#2, #6): agent mode's files, under the very policy the
/// program builds (`AgentAccess.policy`). A photo or a sheet outside `--folder` (an absolute
/// path, `..`, a link pointing out, a file that does not exist) is refused before it is opened,
/// with the access rule alone; without `--folder` nothing is read; `--folder` is never `/`,
/// the home folder or a folder holding the shell's settings.
@Suite("Agent server: files")
struct AgentServerAccessTests {
    /// A test market, the served folder (a photo in it, a link out of it), a scratch folder and
    /// the agent's sessions with agent mode's policy.
    struct Fixture {
        let market: TestMarket
        let root: URL

        var folder: URL { root.appendingPathComponent("folder") }
        var scratch: URL { root.appendingPathComponent("scratch") }

        func sessions(readsFolder: Bool = true) -> AgentSessions {
            let configuration = ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop", vendorID: market.demoVendorID,
                profiles: ProfileStore(directory: root.appendingPathComponent("profiles")), timeout: .seconds(600))
            let access = AgentAccess.policy(
                folder: readsFolder ? FilePath(folder.path) : nil, scratch: FilePath(scratch.path), market: market.baseURL)
            return AgentSessions(
                configuration: configuration, environment: ["HOME": root.path], access: access, limits: AgentLimits())
        }

        static func with(_ body: (Fixture) async throws -> Void) async throws {
            let made = try Fixtures.temporaryDirectory("openmarket-agent-access-test")
            defer { try? FileManager.default.removeItem(at: made) }
            let root = URL(fileURLWithPath: AccessPolicy.realPath(made.path)?.string ?? made.path)
            try await TestMarket.with { market in
                let fixture = Fixture(market: market, root: root)
                for folder in [fixture.folder, fixture.scratch] {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                }
                try FileManager.default.copyItem(
                    at: Fixtures.image("coffee-small.jpg"), to: fixture.folder.appendingPathComponent("mug.jpg"))
                // Outside the folder: a text file, and a real photo beside it.
                try Data("not a photo\n".utf8).write(to: root.appendingPathComponent("x.jpg"))
                try FileManager.default.createSymbolicLink(
                    at: fixture.folder.appendingPathComponent("link-out.jpg"),
                    withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
                try await body(fixture)
            }
        }
    }

    static func register(_ image: String) -> [Word] {
        ["register", "name=Access mug", "description=A mug for the access tests", "price=8000", "currency=KRW"].map {
            Word($0, wasQuoted: true)
        } + [Word("image=" + image, wasQuoted: true)]
    }

    /// The one line a plan's failure says, or a recorded issue.
    static func failure(_ answer: PlanAnswer) -> [String] {
        switch answer {
        case .planned(let plan, _):
            Issue.record("planned: \(plan.lines)")
            return []
        case .failed(let report, _): return report.failure
        }
    }

    @Test(
        "a photo outside --folder is refused by the access rule alone, before it is opened",
        arguments: ["/etc/hostname", "/etc/no-such-photo.jpg", "../x.jpg", "link-out.jpg"])
    func photoOutsideIsRefusedUnopened(_ typed: String) async throws {
        try await Fixture.with { f in
            let path = typed.hasPrefix("/") ? typed : f.folder.appendingPathComponent(typed).path
            let lines = Self.failure(await f.sessions().plan(Self.register(path), tool: "register"))
            let refusal = AccessMessage.agentReadOutside(path).text
            #expect(lines.count == 1 && lines.first?.contains(refusal) == true, "\(lines)")
            for oracle in ["JPEG", "no such file", "at least 1 image", "script"] {
                #expect(!lines.joined().contains(oracle), "\(oracle) in \(lines)")
            }
        }
    }

    @Test("a photo inside --folder is planned")
    func photoInsideIsPlanned() async throws {
        try await Fixture.with { f in
            let answer = await f.sessions().plan(Self.register(f.folder.appendingPathComponent("mug.jpg").path), tool: "register")
            guard case .planned = answer else {
                Issue.record("not planned: \(Self.failure(answer))")
                return
            }
        }
    }

    @Test("an import of a sheet outside --folder is refused, saying --folder")
    func sheetOutsideIsRefused() async throws {
        try await Fixture.with { f in
            let sheet = f.root.appendingPathComponent("x.jpg").path
            let words = [Word("import"), Word(sheet, wasQuoted: true), Word("--yes")]
            let lines = Self.failure(await f.sessions().plan(words, tool: "import"))
            #expect(lines.joined().contains(AccessMessage.agentReadOutside(sheet).text), "\(lines)")
            #expect(!lines.joined().contains("not a photo"))
        }
    }

    @Test("without --folder even a photo in the working folder is refused, saying to start with --folder DIR")
    func noFolderReadsNothing() async throws {
        try await Fixture.with { f in
            let photo = f.folder.appendingPathComponent("mug.jpg").path
            let lines = Self.failure(await f.sessions(readsFolder: false).plan(Self.register(photo), tool: "register"))
            #expect(lines.count == 1 && lines.first?.contains(AccessMessage.agentReadsNoFiles(photo).text) == true, "\(lines)")
            #expect(AccessMessage.agentReadsNoFiles(photo).text.contains("--folder DIR"))
        }
    }

    @Test("--folder may not be /, the home folder, or a folder holding or inside the shell's settings")
    func wideFoldersAreRefused() throws {
        let home = try Fixtures.temporaryDirectory("openmarket-agent-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let real = AccessPolicy.realPath(home.path)!
        let config = real.appending(".config")
        try FileManager.default.createDirectory(atPath: config.appending("openmarket").string, withIntermediateDirectories: true)
        let environment = ["HOME": real.string]
        #expect(AgentAccess.exposure(of: FilePath("/"), environment: environment) == .root)
        #expect(AgentAccess.exposure(of: real, environment: environment) == .home)
        #expect(AgentAccess.exposure(of: config, environment: environment) == .settings(config.string))
        #expect(AgentAccess.exposure(of: config.appending("openmarket"), environment: environment) == .settings(config.string))
        let state = real.appending("state")
        #expect(AgentAccess.exposure(of: real.appending("shop"), environment: ["HOME": real.string]) == nil)
        #expect(
            AgentAccess.exposure(of: real, environment: ["HOME": "/nonexistent", "XDG_STATE_HOME": state.string])
                == .settings(state.string))
    }

    @Test("--folder may not be a hidden folder below home (~/.ssh, ~/.aws, ~/shop/.git) nor a system folder")
    func secretAndSystemFoldersAreRefused() throws {
        let home = try Fixtures.temporaryDirectory("openmarket-agent-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let real = AccessPolicy.realPath(home.path)!
        let environment = ["HOME": real.string]
        for hidden in [".ssh", ".aws", ".gnupg"] {
            #expect(
                AgentAccess.exposure(of: real.appending(hidden), environment: environment)
                    == .hidden(real.appending(hidden).string))
        }
        let git = real.appending("shop").appending(".git")
        #expect(AgentAccess.exposure(of: git.appending("objects"), environment: environment) == .hidden(git.string))
        #expect(AgentAccess.exposure(of: real.appending("shop.photos"), environment: environment) == nil)
        // A home outside /tmp: the test's own home (under /tmp) makes /tmp a folder holding its settings.
        let elsewhere = ["HOME": "/home/openmarket-seller-test"]
        for system in [
            "/etc", "/proc", "/sys", "/dev", "/boot", "/run", "/root", "/usr", "/bin", "/sbin", "/var", "/tmp", "/var/tmp",
        ] {
            #expect(AgentAccess.exposure(of: FilePath(system), environment: elsewhere) == .system(system))
        }
        #expect(AgentAccess.exposure(of: FilePath("/tmp"), environment: environment) != nil)
        #expect(AgentAccess.exposure(of: FilePath("/etc/ssl"), environment: environment) == .system("/etc"))
        #expect(AgentAccess.exposure(of: FilePath("/lib64"), environment: environment) == .system("/lib64"))
        #expect(AgentAccess.exposure(of: FilePath("/var/lib/x"), environment: environment) == .system("/var"))
        #expect(AgentAccess.exposure(of: FilePath("/var/tmp/photos"), environment: environment) == nil)
        #expect(AgentAccess.exposure(of: FilePath("/tmp/photos"), environment: environment) == nil)
        #expect(AgentAccess.exposure(of: FilePath("/root/shop"), environment: ["HOME": "/root"]) == nil)
        #expect(AgentAccess.exposure(of: FilePath("/root/.ssh"), environment: ["HOME": "/root"]) == .hidden("/root/.ssh"))
        #expect(AgentAccess.exposure(of: FilePath("/root/shop"), environment: environment) == .system("/root"))
        #expect(ServerMessage.folderTooWide("~/.ssh", .hidden("/h/.ssh")).text.contains("hidden folder"))
    }

    @Test("import's rows are written to the server's scratch folder and planned, under agent mode's policy")
    func rowsArePlannedThroughTheServer() async throws {
        try await Fixture.with { f in
            let image = try UploadImage.load(path: f.folder.appendingPathComponent("mug.jpg").path)
            let draft = ProductDraft(
                name: "Rows mug", description: "A mug for the rows test", price: 8000, currency: .krw, discountedPrice: 0,
                stock: 5)
            let product = try await f.market.client().create(draft, images: [image]).value
            let agent = AgentServer(sessions: f.sessions(), limits: AgentLimits(), language: .en, scratch: f.scratch)
            let rows: Value = .array([.object(["id": .int(product.id), "price": .int(7200)])])
            let result = try await agent.call(CallTool.Parameters(name: "import", arguments: ["rows": rows]))
            #expect(result.isError != true, "\(result.content)")
            guard case .object(let fields) = result.structuredContent else {
                Issue.record("no plan: \(result.content)")
                return
            }
            #expect(fields["token"]?.stringValue != nil, "\(fields)")
        }
    }
}
