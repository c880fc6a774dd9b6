import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// The environment's credentials belong to the server the shell started on (issue 21, item 2):
/// a shared script that `connect`s to another server and logs in there must not send
/// `OPENMARKET_SECRET` to it. Two loopback servers: the bundled market the shell starts on, and
/// a second one that writes down every byte it receives.
@Suite("Credentials stay with their server", .serialized)
struct CredentialHomeTests {
    @Test func aScriptThatConnectsElsewhereNeverSendsTheEnvironmentsSecretThere() async throws {
        try await BinaryWorld.with { world in
            let other = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { other.stop() }
            let identifier = world.market.demoCredentials.identifier
            let scripts = [
                // The issue's script: the identifier from the environment, the secret taken with it.
                "connect \(other.baseURL.absoluteString)\nlogin ${env.OPENMARKET_IDENTIFIER}\n",
                // The identifier typed out: the secret would still come from the environment.
                "connect \(other.baseURL.absoluteString)\nlogin \(identifier)\nlist\n",
                // Back and forth: the login made on the first server is dropped on the way out.
                "login \(identifier)\nconnect \(other.baseURL.absoluteString)\nPATCH /api/products/1 secret=@secret\n",
            ]
            for (index, text) in scripts.enumerated() {
                let script = try world.write("elsewhere-\(index).om", text)
                let ran = try await world.run(world.serverArguments + ["run", script])
                #expect(ran.status != 0, "script \(index) went through: \(ran.stdout)")
                #expect(!ran.stdout.contains(world.secret) && !ran.stderr.contains(world.secret))
                if index < 2 {
                    #expect(ran.stderr.contains("belongs to \(world.market.baseURL.absoluteString)"), "\(ran.stderr)")
                }
            }
            #expect(other.received.count >= 3, "the health probes of connect reach the second server")
            for request in other.received {
                let bytes = String(decoding: request.raw, as: UTF8.self)
                #expect(
                    !bytes.contains(world.secret), "the second server received the secret: \(request.method) \(request.target)")
            }
            // On the server it came with, the same login works.
            let home = try world.write("home.om", "login \(identifier)\n")
            let ran = try await world.run(world.serverArguments + ["run", home])
            #expect(ran.status == 0, "\(ran.stderr)")
        }
    }

    /// A person at the prompt is asked: the secret the second server gets is the one typed,
    /// never the environment's.
    @Test func afterConnectAPersonIsAskedForTheSecret() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let other = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { other.stop() }
            let console = RecordingConsole(interactive: true, secrets: ["typed-by-a-person"])
            let session = ScriptSession(
                configuration: ShellConfiguration(serverURL: f.market.baseURL, timeout: .seconds(60)), console: console,
                environment: ["OPENMARKET_SECRET": f.secret])
            _ = await session.execute("connect \(other.baseURL.absoluteString)")
            _ = await session.execute("login \(f.market.demoCredentials.identifier)")
            let received = other.received.map { String(decoding: $0.raw, as: UTF8.self) }
            #expect(received.contains { $0.contains("typed-by-a-person") }, "\(console.notes)")
            #expect(!received.contains { $0.contains(f.secret) })
        }
    }

    /// Review of issue 21: under `--profile`, the environment's credentials belong to no server:
    /// a shared script that logs in with them on the profile's server is refused there.
    @Test func underAProfileTheEnvironmentsCredentialsAreUsedNowhere() async throws {
        try await BinaryWorld.with { world in
            let staging = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { staging.stop() }
            try world.home.saveProfile(
                "staging", server: staging.baseURL.absoluteString, identifier: "7d1e2f3a-aaaa-4bbb-8ccc-0d1e2f3a4b5c",
                secret: "staging-secret-7")
            let script = try world.write(
                "shared.om", "login ${env.OPENMARKET_IDENTIFIER}\nPATCH /api/products/1 price:=1 secret=@secret\n")
            let ran = try await world.run(["--profile", "staging", "run", script])
            #expect(ran.status != 0)
            #expect(ran.stderr.contains("is used by no server in this session"), "\(ran.stderr)")
            for request in staging.received {
                #expect(!String(decoding: request.raw, as: UTF8.self).contains(world.secret))
            }
        }
    }

    /// `OPENMARKET_SERVER` says where the environment's credentials belong: `--server` naming
    /// another server does not log in with them.
    @Test func aServerOtherThanOpenMarketServerGetsNoEnvironmentCredentials() async throws {
        try await BinaryWorld.with { world in
            let other = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { other.stop() }
            var environment = world.environment
            environment["OPENMARKET_SERVER"] = world.market.baseURL.absoluteString
            let ran = try await world.run(
                ["--server", other.baseURL.absoluteString, "-c", "PATCH /api/products/1 price:=1 secret=@secret"],
                environment: environment)
            #expect(ran.stderr.contains("not logged in: OPENMARKET_IDENTIFIER and OPENMARKET_SECRET belong to"), "\(ran.stderr)")
            for request in other.received {
                #expect(!String(decoding: request.raw, as: UTF8.self).contains(world.secret))
            }
        }
    }

    /// Review of issue 21: a script could read a saved profile as a photo or a text field and
    /// upload its secret. Every saved profile's secret is protected: refused in any request but
    /// its own login's.
    @Test func aSavedProfileCannotBeUploaded() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let other = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { other.stop() }
            let folder = try Fixtures.temporaryDirectory("openmarket-profiles")
            defer { try? FileManager.default.removeItem(at: folder) }
            let profiles = ProfileStore(directory: folder)
            try profiles.save(
                "shop", .init(server: f.market.baseURL.absoluteString, identifier: "7d1e2f3a-aaaa", secret: "profile-secret-8"))
            let console = RecordingConsole()
            let session = ScriptSession(
                configuration: ShellConfiguration(serverURL: other.baseURL, profiles: profiles, timeout: .seconds(60)),
                console: console)
            for line in [
                "POST /api/products --no-auth images@\(folder.path)/*.json",
                "PATCH /api/products/1 --no-auth description=@\(folder.path)/shop.json",
            ] {
                #expect(await session.execute(line).status != .ok, "\(line): \(console.notes)")
            }
            #expect(console.notes.contains("contains the vendor secret; refused to send it"), "\(console.notes)")
            for request in other.received {
                #expect(!String(decoding: request.raw, as: UTF8.self).contains("profile-secret-8"))
            }
        }
    }
}
