import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// One confirmation (issue 39 §5): every yes-or-no question is a typed message asked with
/// `ShellConsole.confirm`, ` [y/N] ` after it, and its answer is read in one place (`YesOrNo`).
@Suite("One confirmation question")
struct ConfirmationTests {
    @Test func yesIsYOrYesInAnyCaseWithSpacesAroundItAndAnythingElseIsNo() {
        for answer in ["y", "Y", "yes", "YES", "Yes", " yes ", "y\t", "\ty"] {
            #expect(YesOrNo.isYes(answer), "\(answer.debugDescription)")
        }
        for answer: String? in [nil, "", " ", "n", "no", "N", "ye", "yess", "yes please", "y y", "네", "예", "ｙ"] {
            #expect(!YesOrNo.isYes(answer), "\(String(describing: answer).debugDescription)")
        }
        #expect(YesOrNo.prompt("delete #3 Mug?") == "delete #3 Mug? [y/N] ")
    }

    /// `delete` took only `y` or `yes` exactly (after lowercasing): ` Yes ` kept the product.
    @Test func deleteAsksItsTypedQuestionAndTakesYesWithSpacesAroundIt() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Asked mug")
            f.console.queue(answers: ["no"])
            #expect(await f.run("delete \(product.id)") == .ok)
            #expect(f.console.notes.contains("? delete #\(product.id) Asked mug? [y/N] "), "\(f.console.notes)")
            #expect(try await f.product(id: product.id).id == product.id)
            f.console.queue(answers: [" Yes "])
            #expect(await f.run("delete \(product.id)") == .ok, "\(f.console.notes)")
            await #expect(throws: MarketError.self) { try await f.client.product(id: product.id) }
        }
    }

    /// The question is a message: in a Korean session it is asked in Korean, `[y/N]` after it.
    @Test func theQuestionIsAskedInTheSessionsLanguage() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Korean mug")
            #expect(await f.run("set lang ko") == .ok)
            f.console.queue(answers: ["n"])
            #expect(await f.run("delete \(product.id)") == .ok)
            #expect(f.console.notes.contains("? #\(product.id) Korean mug 상품을 삭제할까요? [y/N] "), "\(f.console.notes)")
            #expect(try await f.product(id: product.id).id == product.id)
        }
    }
}
