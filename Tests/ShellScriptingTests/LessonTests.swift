import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// The lessons under scripts/examples/lessons/ (issue 13, item 7) run green against the
/// bundled market, leave it as they found it (but for the 403 step's product, which belongs to
/// another vendor), and never print the secret.
@Suite("Lessons")
struct LessonTests {
    static let lessons = ["01-methods.om", "02-status-codes.om", "03-conditional-requests.om", "04-idempotency.om"]

    @Test(arguments: lessons)
    func theLessonRunsGreen(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            // The 403 step needs another vendor's product: a classmate's, made here.
            let classmate = try await f.market.data.addVendor(name: "classmate-shop").credentials
            let theirs = try await MarketClient(baseURL: f.market.baseURL, credentials: classmate, timeout: .seconds(600))
                .create(
                    ProductDraft(
                        name: "Classmate's mug", description: "Belongs to another vendor", price: 1000, currency: .krw),
                    images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
                ).value
            let console = RecordingConsole()
            let path = Fixtures.packageRoot.appendingPathComponent("scripts/examples/lessons/\(name)").path
            let session = f.session(console, variables: ["other": String(theirs.id)])
            let status = await session.runScript(
                path: path, options: ScriptOptions(journalPath: f.directory.appendingPathComponent("\(name).journal").path))
            #expect(status == .ok, "\(name): \(console.notes)")
            #expect(!console.out.contains(f.secret) && !console.notes.contains(f.secret), "the secret never shows")
            let left = try await f.allProducts().map(\.id)
            #expect(left == [theirs.id], "\(name) cleans up after itself: \(left)")
        }
    }
}
