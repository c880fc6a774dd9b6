import CatalogFiles
import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 41: `export` writes each product's revision as its last column, `import` reads it back
/// without calling it an extra column, and the cells no import can use (a formula saved as its
/// text, an action that is none, a revision changed by hand) are problems at their row before
/// anything is sent.
@Suite("Revision, action and formula cells through import and export")
struct CatalogSyncCellsTests {
    static let describe = "description='A product for the sync column tests'"

    @Test func exportWritesTheRevisionLastAndAnUnchangedExportImportsUnchanged() async throws {
        try await ScriptFixture.with { f in
            let made = RecordingConsole()
            let session = f.session(made)
            let photo = Fixtures.image("coffee-small.jpg").path
            for name in ["Alpha mug", "Beta mug"] {
                let line = "register name='\(name)' \(Self.describe) price=1000 currency=KRW stock=3 image='\(photo)'"
                #expect(await session.execute(line).status == .ok, "\(made.notes)")
            }
            let file = f.directory.appendingPathComponent("cat.csv").path
            #expect(await session.execute("export '\(file)'").status == .ok)
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            #expect(
                text.hasPrefix(
                    "\u{FEFF}id,name,description,price,currency,discount,stock,images,thumbnail,created_at,updated_at,vendor,revision\r\n"
                ))
            let contents = CatalogReader.read(file)
            let products = try await f.allProducts()
            for row in contents.rows {
                let product = try #require(products.first { String($0.id) == row[.id] })
                #expect(row.revision == RowRevision(product: product, photoDigests: []), "\(row.values)")
            }
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(file)' --plan").status == .ok, "\(console.notes)")
            #expect(!console.notes.contains("revision"), "\(console.notes)")
            #expect(!console.out.contains("revision") && !console.notes.contains("ignored"), "\(console.out)")
        }
    }

    @Test func aFormulaCellIsAProblemSayingToSaveValuesAndNothingIsSent() async throws {
        try await ScriptFixture.with { f in
            let file = try f.script(
                "cat.csv",
                "name,description,price,currency,stock\nMug,A mug for the formula test,=1000*3,KRW,2\n"
                    + "Cup,A cup for the formula test,3000,KRW,'=1+1\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(file)' --yes").status == .failed)
            #expect(console.notes.contains("cat.csv:2:price: '=1000*3' is a formula saved as its text"), "\(console.notes)")
            #expect(console.notes.contains("cat.csv:3:stock: '=1+1' is a formula saved as its text"), "\(console.notes)")
            #expect(!console.notes.contains("is not a number"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    @Test func anActionThatIsNoneAndAMangledRevisionAreProblemsAtTheirRows() async throws {
        try await ScriptFixture.with { f in
            let file = try f.script(
                "cat.csv",
                "name,description,price,currency,작업,revision\nMug,A mug for the action test,1000,KRW,frobnicate,\n"
                    + "Cup,A cup for the action test,3000,KRW,신규,v1;id=3;price=10;sum=00000000\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(file)' --yes").status == .failed)
            #expect(console.notes.contains("cat.csv:2:작업: 'frobnicate' is not an action"), "\(console.notes)")
            #expect(console.notes.contains("cat.csv:3:revision: not a revision as export writes it"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }
}
