import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// A change cut off after its request went out (its answer lost to a timeout, a dropped
/// connection or Ctrl-C) may have been made: the seller is told to look before sending it again,
/// not to "try again" (found trying the shell as a new user: `register` cut by Ctrl-C said
/// "cancelled", the product was there, and sending it again made a second one).
@Suite("A change whose answer never came")
struct UncertainChangeTests {
    /// Sends every request to the market, but loses the answer of each one `lost` picks: the
    /// market made the change, and the shell hears a timeout.
    static func losing(_ lost: @escaping @Sendable (HTTPRequestData) -> Bool) -> SpyTransport {
        SpyTransport { request, timeout in
            let response = try await SpyTransport.market(request, timeout)
            if lost(request) { throw TransportFailure.timedOut }
            return response
        }
    }

    @Test func aChangeWhoseAnswerWasLostSaysItMayHaveBeenMade() async throws {
        let spy = Self.losing { $0.method == .patch }
        try await ShellFixture.with(transport: spy) { (f: ShellFixture) async throws in
            let product = try await f.register(price: "3500")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=4100") != .ok)
            let said = f.console.notes
            #expect(said.contains("did not answer within"), "\(said)")
            #expect(said.contains("the market may have made the change all the same"), "\(said)")
            #expect(!said.contains("try again"), "\(said)")
            // It was made: what the seller is told to look for.
            #expect(try await f.product(id: product.id).price == 4100)
        }
    }

    /// A read that times out changes nothing: it keeps its "try again", without the warning.
    @Test func aReadWhoseAnswerWasLostSaysTryAgain() async throws {
        let spy = Self.losing { $0.method == .get && $0.url.path.hasPrefix("/api/products/") }
        try await ShellFixture.with(transport: spy) { (f: ShellFixture) async throws in
            let product = try await f.register(price: "3500")
            f.console.clear()
            #expect(await f.run("show \(product.id)") != .ok)
            let said = f.console.notes
            #expect(said.contains("try again"), "\(said)")
            #expect(!said.contains("may have made"), "\(said)")
        }
    }
}
