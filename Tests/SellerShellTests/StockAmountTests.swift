import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `stock` with an amount too large for the market (issue 40, item 5): said to be too large,
/// with the largest amount it takes, in the reader's language; not "is not +N, -N or =N".
@Suite("stock: an amount too large says so")
struct StockAmountTests {
    let registry = CommandRegistry.shell

    func refusal(_ line: String) throws -> CommandFailure? {
        do {
            _ = try registry.parse(try WordSplitter.split(line))
            return nil
        } catch let failure as CommandFailure {
            return failure
        }
    }

    @Test(arguments: [
        "stock 6 +99999999999999999999", "stock 6 -99999999999999999999", "stock 6 =9007199254740992",
        "stock +99999999999999999999 6 7",
    ])
    func anAmountTooLargeIsSaidToBeTooLargeWithTheLargest(line: String) throws {
        let failure = try #require(try refusal(line), "\(line) parsed")
        #expect(failure.status == .usage)
        #expect(failure.message.contains("is too large"), "\(failure.message)")
        // The limit is grouped, as the contract's rules say it (`stock: must be at most 9,007,…`).
        #expect(failure.message.contains("9,007,199,254,740,991"), "\(failure.message)")
        #expect(!failure.message.contains("is not +N"), "\(failure.message)")
    }

    @Test func theLargestAmountIsTaken() throws {
        let stock = try #require(try registry.parse(try WordSplitter.split("stock 6 =9007199254740991")) as? Stock)
        #expect(stock.change == .set(ProductRules.maxStock))
        let first = try #require(try registry.parse(try WordSplitter.split("stock +5 6 7")) as? Stock)
        #expect(first.ids == [6, 7] && first.change == .add(5))
    }

    @Test func whatIsNoAmountIsStillSaidToBeNoAmount() throws {
        for line in ["stock 6 *2", "stock 6 +1e3", "stock 6 +", "stock 6 +١٢"] {
            let failure = try #require(try refusal(line), "\(line) parsed")
            #expect(failure.message.contains("is not +N, -N or =N"), "\(line): \(failure.message)")
        }
    }

    @Test func inKoreanTheAmountTooLargeIsKorean() throws {
        let failure = try Language.$current.withValue(.ko) { try refusal("stock 6 +99999999999999999999") }
        let message = try #require(failure).message
        #expect(message == "너무 큰 수입니다(입력: '+99999999999999999999'). 재고는 최대 9,007,199,254,740,991개입니다")
    }

    /// Adding to a stock that would go over the largest the market keeps is refused before the
    /// write, saying what is in stock now.
    @Test func addingOverTheLargestStockSaysSoBeforeWriting() async throws {
        try await ShellFixture.with { f in
            let product = try await f.register(extra: "stock=5")
            let status = await f.run("stock \(product.id) +9007199254740990")
            #expect(status != .ok)
            #expect(f.console.notes.contains("5 in stock; adding 9,007,199,254,740,990 would go over"), "\(f.console.notes)")
            #expect(try await f.product(id: product.id).stock == 5)
        }
    }
}
