import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import SellerShell

/// A name or a description of only white space (`patch 4 name="   "`) breaks the contract's
/// rule (*decided*): the shell refuses it before anything is sent, as it refuses a short name.
@Suite("A name of only spaces is refused before it is sent")
struct BlankTextShellTests {
    static let blank = "must contain a character that is not white space"

    @Test func patchWithANameOfOnlySpacesIsRefusedBeforeSending() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register()
            f.console.clear()
            #expect(await f.run(#"patch \#(product.id) name="   ""#) == .failed)
            #expect(f.console.notes.contains("name: " + Self.blank), "\(f.console.notes)")
            #expect(!f.shell.exchanges.exchanges.contains { $0.request.method == "PATCH" }, "nothing was sent")
            #expect(try await f.product(id: product.id).name == "Test mug")
        }
    }

    @Test func registerWithABlankNameOrDescriptionIsRefusedBeforeSending() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let image = Fixtures.image("coffee-small.jpg").path
            let status = await f.run(
                #"register name="   " description='\#u{3000}          ' price=10 currency=KRW image='\#(image)'"#)
            #expect(status == .failed)
            #expect(f.console.notes.contains("name: " + Self.blank), "\(f.console.notes)")
            #expect(f.console.notes.contains("description: " + Self.blank), "\(f.console.notes)")
            #expect(!f.shell.exchanges.exchanges.contains { $0.request.method == "POST" }, "nothing was sent")
            #expect(try await f.products().totalCount == 0)
        }
    }
}
