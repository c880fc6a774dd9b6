import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// A command over several products is one unit of the change log: one `undo` takes all of it
/// back, as it does an import.
@Suite("A command over several products undone together")
struct SeveralProductsUndoTests {
    static func session(_ market: TestMarket, folder: URL, console: RecordingConsole) -> ShellSession {
        ShellSession(
            configuration: ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop", vendorID: market.demoVendorID,
                profiles: ProfileStore(directory: folder.appendingPathComponent("profiles")), timeout: .seconds(600)),
            console: console, middleware: [ChangeLogMiddleware(folder: folder.appendingPathComponent("changes"))])
    }

    @Test(arguments: ["patch {ids} price=9000 --yes", "stock {ids} +4 --yes"])
    func undoAfterACommandOverThreeProductsRestoresAllThree(_ line: String) async throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-several-undo")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestMarket.with { market in
            let client = market.client()
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            var ids: [Int] = []
            for name in ["Mug one", "Mug two", "Mug three"] {
                let draft = ProductDraft(
                    name: name, description: "A mug for the undo tests", price: 8000, currency: .krw, stock: 5)
                ids.append(try await client.create(draft, images: [image]).value.id)
            }
            let console = RecordingConsole()
            let shell = Self.session(market, folder: folder, console: console)
            let command = line.replacingOccurrences(of: "{ids}", with: ids.map(String.init).joined(separator: " "))
            #expect(await shell.execute(command).status == .ok, "\(console.notes)")
            #expect(await shell.execute("undo --yes").status == .ok, "\(console.notes)")
            for id in ids {
                let now = try await client.product(id: id).value
                #expect(now.price == 8000 && now.stock == 5, "#\(id): \(console.notes)")
            }
        }
    }
}
