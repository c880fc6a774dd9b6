import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Synchronization
import Testing

@testable import SellerShell

/// `connect URL` and the login: a login belongs to its server (issue 11, item 3). The servers
/// here do not exist (nothing listens on 127.0.0.1:9 and :10), so the probe is refused at once
/// and nothing is sent anywhere.
@Suite("Connecting to another server")
struct ConnectTests {
    let first = URL(string: "http://127.0.0.1:9")!
    let credentials = VendorCredentials(identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: "demo-secret-1")

    func shell(_ console: RecordingConsole, profiles: ProfileStore) -> ShellSession {
        ShellSession(
            configuration: ShellConfiguration(
                serverURL: first, credentials: credentials, vendorName: "demo-shop", profiles: profiles),
            console: console)
    }

    func emptyProfiles() -> (ProfileStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("om-connect-\(UUID().uuidString)")
        return (ProfileStore(directory: directory), directory)
    }

    @Test func connectingElsewhereDropsTheLoginAndSaysSo() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect http://127.0.0.1:10").status == .ok, "\(console.notes)")
        #expect(await shell.credentials == nil)
        #expect(console.notes.contains("logged out: that login was for http://127.0.0.1:9"), "\(console.notes)")
        #expect(!shell.index.prompt(color: false).contains("demo-shop"))
        #expect(await shell.execute("whoami").status == .ok)
        #expect(console.out.contains("not logged in"), "\(console.out)")
    }

    /// `connect http://127.0.0.1:99999` says the port does not exist (before, the session
    /// crashed in AsyncHTTPClient on its health probe).
    @Test func aPortThatDoesNotExistIsSaidNotConnectedTo() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect http://127.0.0.1:99999").status == .usage)
        #expect(
            console.notes.contains("'http://127.0.0.1:99999' names port 99999, which does not exist: a port is from 1 to 65535"),
            "\(console.notes)")
        #expect(await shell.execute("connect 127.0.0.1:70000").status == .usage)
    }

    @Test func connectingUsesAProfileSavedForThatServer() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        try profiles.save(
            "other",
            .init(
                server: "http://127.0.0.1:10/", identifier: "7d1e2f3a-other-vendor", secret: "other-secret-2",
                vendorName: "other-shop"))
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect 127.0.0.1:10").status == .ok, "\(console.notes)")
        #expect(await shell.credentials?.identifier == "7d1e2f3a-other-vendor")
        #expect(console.notes.contains("using profile 'other', saved for this server"), "\(console.notes)")
        #expect(shell.index.prompt(color: false).contains("other-shop@127.0.0.1:10"))
    }

    /// Issue 21, item 2: a profile's secret belongs to its server; one that names none is not
    /// sent to whichever server the session is on.
    @Test func aProfileThatNamesNoServerIsNotUsedOnThisOne() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        try profiles.save("loose", .init(server: nil, identifier: "7d1e2f3a-other-vendor", secret: "other-secret-2"))
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("use loose").status != .ok)
        #expect(await shell.credentials?.identifier == credentials.identifier)
        #expect(console.notes.contains("profile 'loose' names no server"), "\(console.notes)")
    }

    /// Connecting back to a server finds the login this session had there, with its vendor
    /// (before, `connect` away and back left the shell logged out: the local market's demo
    /// login was lost). A login ended with `logout` stays ended.
    @Test func connectingBackLogsInAgainWithThisSessionsLogin() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(
                serverURL: first, credentials: credentials, vendorName: "demo-shop", vendorID: 1, profiles: profiles),
            console: console)
        #expect(await shell.execute("connect http://127.0.0.1:10").status == .ok, "\(console.notes)")
        #expect(await shell.credentials == nil)
        #expect(await shell.execute("connect http://127.0.0.1:9").status == .ok, "\(console.notes)")
        #expect(await shell.credentials == credentials)
        #expect(await shell.vendorID == 1)
        #expect(
            console.notes.contains("logged in again as demo-shop, this session's login on http://127.0.0.1:9"), "\(console.notes)"
        )
        #expect(shell.index.prompt(color: false).contains("demo-shop@127.0.0.1:9"))

        #expect(await shell.execute("logout").status == .ok)
        #expect(await shell.execute("connect http://127.0.0.1:10").status == .ok)
        #expect(await shell.execute("connect http://127.0.0.1:9").status == .ok)
        #expect(await shell.credentials == nil, "a login ended with logout stays ended")
    }

    /// A vendor id the seller gave (which no write has confirmed) is still only given after a
    /// connect back, or after `use PROFILE` elsewhere and a connect back: how it is known is read
    /// on the server it was given for (a review found it came back as verified, so a wrong one
    /// refused by the server could no longer be forgotten).
    @Test func aGivenVendorIDStaysGivenAfterAConnectBack() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        try profiles.save("other", .init(server: "http://127.0.0.1:10/", identifier: "7d1e2f3a-other", secret: "other-secret-2"))
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        await shell.setLogin(credentials, vendorName: nil, vendorID: 7, standing: .given)
        #expect(await shell.vendorStanding == .given)
        for away in ["connect http://127.0.0.1:10", "use other"] {
            #expect(await shell.execute(away).status == .ok, "\(console.notes)")
            #expect(await shell.execute("connect http://127.0.0.1:9").status == .ok, "\(console.notes)")
            #expect(await shell.credentials == credentials, "\(away)")
            #expect(await shell.vendorID == 7, "\(away)")
            #expect(await shell.vendorStanding == .given, "\(away)")
        }
        #expect(
            console.notes.contains("logged in again as 0c1b5a9e, this session's login on http://127.0.0.1:9"), "\(console.notes)")
    }

    /// A login left on one server is never taken to another: only a connect back to its own
    /// server (scheme, host and port) finds it.
    @Test func aLeftLoginIsNotUsedOnAnotherServer() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect http://127.0.0.1:10").status == .ok)
        #expect(await shell.execute("connect http://localhost:9").status == .ok)
        #expect(await shell.credentials == nil)
        #expect(await shell.execute("connect https://127.0.0.1:9").status == .ok)
        #expect(await shell.credentials == nil)
        #expect(!console.notes.contains("logged in again"), "\(console.notes)")
    }

    @Test func reconnectingToTheSameServerKeepsTheLogin() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect http://127.0.0.1:9/").status == .ok, "\(console.notes)")
        #expect(await shell.credentials == credentials)
        #expect(!console.notes.contains("logged out"))
    }

    /// A line takes its context (server, login, vendor) wherever it runs, while the actor may be
    /// switching server and login at that moment: it sees the session before the switch or after
    /// it, never the new server with the old login (`ShellSession.changing`, `SessionState`).
    @Test func aContextTakenDuringASwitchIsNeverHalfSwitched() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shell = shell(RecordingConsole(), profiles: profiles)
        let second = URL(string: "http://127.0.0.1:10")!
        let there = ProfileStore.Profile(
            server: second.absoluteString, identifier: "second-login", secret: Secret("second-secret"),
            vendorName: "second-shop", vendorID: 2)
        let here = ProfileStore.Profile(
            server: first.absoluteString, identifier: credentials.identifier, secret: credentials.secret,
            vendorName: "demo-shop", vendorID: 1)
        let (started, over) = (Flag(), Flag())
        let reader = Task.detached {
            var seen: Set<String> = []
            var last = false
            repeat {
                last = over.isSet
                let context = shell.context()
                let login = context.client.credentials?.identifier ?? "none"
                seen.insert(
                    "\(context.client.baseURL.absoluteString) \(login) \(context.settings.vendorID ?? 0) "
                        + (context.settings.profileName ?? "none"))
                started.set()
            } while !last
            return seen
        }
        while !started.isSet { await Task.yield() }
        for _ in 0..<400 {
            await shell.use(profile: "there", there, on: second)
            await shell.use(profile: "here", here, on: first)
        }
        over.set()
        let seen = await reader.value
        let wholes: Set<String> = [
            "http://127.0.0.1:9 \(credentials.identifier) 0 none",
            "http://127.0.0.1:10 second-login 2 there",
            "http://127.0.0.1:9 \(credentials.identifier) 1 here",
        ]
        #expect(seen.isSubset(of: wholes), "\(seen.subtracting(wholes))")
        #expect(seen.count >= 2, "the switches were never seen under way: \(seen)")
    }
}

/// A flag one task sets and another reads.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
