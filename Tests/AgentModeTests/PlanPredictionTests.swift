import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// A plan answers what the market would refuse as the market would, so no token is given for a
/// plan that cannot apply.
@Suite("Agent plans predict the market's refusals")
struct PlanPredictionTests {
    typealias Fixture = PlanTests.Fixture

    static func failure(_ answer: PlanAnswer) -> String? {
        guard case .failed(let report, _) = answer else { return nil }
        return report.failure.joined(separator: "\n")
    }

    @Test(arguments: [["patch", "price=5000"], ["delete"], ["stock", "+1"]])
    func anotherVendorsProductIsRefusedAtPlanTimeWithTheMarkets403(_ command: [String]) async throws {
        try await Fixture.with { f in
            let other = try await f.market.running.data.addVendor(name: "other-shop").credentials
            let draft = ProductDraft(
                name: "Neighbour mug", description: "Another vendor's product", price: 8000, currency: .krw, stock: 5)
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let theirs = try await f.market.client(other).create(draft, images: [image]).value
            let words = ([command[0], "\(theirs.id)"] + command.dropFirst() + ["--yes"]).map { Word($0) }
            let failure = Self.failure(await f.sessions().plan(words, tool: command[0]))
            #expect(
                failure?.contains("403") == true && failure?.contains("belongs to another vendor") == true,
                "\(failure ?? "planned")")
        }
    }

    @Test func aPatchBreakingTheRulesIsRefusedAtPlanTimeWithTheMarkets400() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let words = PlanTests.words("patch", "\(mug.id)", "discount=999999", "--yes")
            let failure = Self.failure(await f.sessions().plan(words, tool: "patch"))
            #expect(
                failure?.contains("400") == true && failure?.contains("must not exceed the price") == true,
                "\(failure ?? "planned")")
        }
    }
}
