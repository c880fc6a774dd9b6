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
}
