import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// An import's rows are checked by the contract's own rules, so a name or a description of only
/// white space (*decided*) is refused at its row and column before anything is sent.
@Suite("Importing a catalog: a name or a description of only white space")
struct CatalogBlankTextTests {
    @Test func blankNamesAndDescriptionsAreRefusedAtTheirRowsAndNothingIsSent() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "blank.csv",
                CatalogImportTests.header + "\n"
                    + "Blank text,\"            \",1000,KRW,0,5,coffee-small.jpg\n"
                    + "\u{2028}\u{2028}\u{2028},A product whose name is line separators,1000,KRW,0,5,coffee-small.jpg\n"
                    + "\"   \",A product whose name is three spaces,1000,KRW,0,5,coffee-small.jpg\n")
            let counting = SpyTransport()
            let console = RecordingConsole()
            let outcome = await f.session(console, transport: counting).execute("import '\(path)' --yes")
            #expect(outcome.status == .failed)
            let notes = console.notes
            for expected in [
                "blank.csv:2:description: must contain a character that is not white space",
                "blank.csv:3:name: must contain a character that is not white space",
                "blank.csv:4:name: must contain a character that is not white space",
            ] {
                #expect(notes.contains(expected), "missing \(expected) in \(notes)")
            }
            #expect(notes.contains("nothing was sent"))
            #expect(counting.requests.allSatisfy { $0.method == .get }, "\(counting.requests.map(\.method))")
            #expect(try await f.allProducts().isEmpty)
        }
    }

}
