import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// The shell refuses what the market would refuse, before sending: the contract's bounds, and a
/// number with more digits than a `Decimal` keeps (it would be sent as a different number).
@Suite("Typed numbers at the contract's bounds")
struct NumberBoundsTests {
    @Test(arguments: [
        ("price=1.000000000000000000000000000000000000001", "price: has 40 significant digits"),
        ("price=1000000000001", "price: must be at most 1,000,000,000,000"),
        ("price=19.999", "price: may have at most 2 decimal places"),
        ("price=3500 stock=9007199254740992", "stock: must be at most"),
        ("price=3500 discount=0.001", "may have at most 2 decimal places"),
    ])
    func outOfBoundsNumbersAreRefusedBeforeSending(fields: String, words: String) async throws {
        try await ShellFixture.with { f throws in
            let status = await f.run(
                "register name='Bound mug' description='A product at the bounds' currency=KRW \(fields) image='\(Fixtures.image("coffee-small.jpg").path)'"
            )
            #expect(status != .ok)
            #expect(f.console.notes.contains(words), "\(f.console.notes)")
            #expect(try await f.products().totalCount == 0)
        }
    }
}
