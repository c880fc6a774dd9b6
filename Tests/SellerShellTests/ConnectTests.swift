import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
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

    @Test func reconnectingToTheSameServerKeepsTheLogin() async throws {
        let (profiles, directory) = emptyProfiles()
        defer { try? FileManager.default.removeItem(at: directory) }
        let console = RecordingConsole()
        let shell = shell(console, profiles: profiles)
        #expect(await shell.execute("connect http://127.0.0.1:9/").status == .ok, "\(console.notes)")
        #expect(await shell.credentials == credentials)
        #expect(!console.notes.contains("logged out"))
    }
}
