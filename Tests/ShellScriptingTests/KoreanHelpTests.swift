import Foundation
import OpenMarketContract
import Testing

@testable import SellerShell
@testable import ShellScripting

/// Issue 24: `help` in Korean. A command's summary and its flags' help are declared once, in
/// English, in its spec; `KoreanHelp` holds their Korean, keyed by that English. Every command
/// and flag of the shell must have its Korean, and nothing stale may stay in the catalog.
@Suite("Korean help")
struct KoreanHelpTests {
    static var texts: [String] {
        ScriptSession.registry.specs.flatMap { [$0.summary] + $0.flags.map(\.help) }
    }

    @Test func everyCommandAndFlagHasItsKorean() {
        let missing = Set(Self.texts).filter { KoreanHelp.texts[$0] == nil }
        #expect(missing.isEmpty, "no Korean for: \(missing.sorted())")
    }

    @Test func theCatalogHoldsNothingStale() {
        let used = Set(Self.texts)
        let stale = Set(KoreanHelp.texts.keys).subtracting(used)
        #expect(stale.isEmpty, "not the help of any command: \(stale.sorted())")
    }

    @Test func helpReadsInKoreanUnderKorean() throws {
        let stock = try #require(ScriptSession.registry.find("stock")?.spec)
        let english = stock.helpText
        let korean = Language.$current.withValue(.ko) { stock.helpText }
        #expect(english.contains("usage: stock") && english.contains("options:"), "\(english)")
        #expect(korean.contains("사용법: stock") && korean.contains("옵션:") && korean.contains("예:"), "\(korean)")
        #expect(!korean.contains(stock.summary), "\(korean)")
        let overview = Language.$current.withValue(.ko) { ScriptSession.registry.overview }
        #expect(overview.hasPrefix("명령:"), "\(overview)")
    }
}
