import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import SellerShell

/// Issue 24 for `import` and `export`: every ``CatalogMessage`` has its Korean (the compiler sees
/// to that), and these tests read what it cannot: that the Korean is Korean and keeps the
/// English's facts.
@Suite("Korean and English catalog messages")
struct CatalogMessageCatalogTests {
    /// One of every message, with values that show whether they are kept.
    static let samples: [CatalogMessage] =
        [
            .planTitle(file: "cat.csv"), .andMore(5), .pruneRefused(file: "cat.csv", deleting: 7, yours: 12),
            .pruneRefused(file: "cat.csv", deleting: 12, yours: 12),
            .duplicatesRefused(file: "cat.csv", count: 3, row: 4, yours: 17, more: true),
            .duplicatesRefused(file: "cat.csv", count: 1, row: 4, yours: 17, more: false), .matchedNote,
            .matchedRow(row: 2, name: "Red note", id: 6), .rowNamed(row: 3, name: "Mug"),
            .withNameYouHave(count: 2, allowed: true), .withNameYouHave(count: 2, allowed: false),
            .youHave(row: 4, name: "Mug", yours: "#6, #9"), .rowLine(row: 5, text: "#6 price 3000 → 3500"), .deleteNote,
            .pruneShare(all: true, yours: 12, allowed: false), .pruneShare(all: false, yours: 12, allowed: true),
            .photosIgnored(count: 2, rows: "3, 7"), .skippedNote, .restartMade(count: 4, again: 0),
            .restartMade(count: 4, again: 2), .rowExists(row: 3, id: 12), .doneBefore(40),
        ]
        + CatalogMessage.PlanLabel.allCases.map { .planLabel($0) }

    @Test func theSamplesCoverEveryMessageDeclared() throws {
        let declared = try MessageCatalogTests.declaredCases(in: "CatalogMessage.swift")
        #expect(declared.count >= 4, "\(declared)")
        #expect(Set(Self.samples.map(MessageCatalogTests.caseName)) == declared)
    }

    @Test(arguments: samples)
    func everyMessageIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: CatalogMessage) {
        let english = message.text(in: .en)
        let korean = message.text(in: .ko)
        #expect(!english.isEmpty && !korean.isEmpty)
        #expect(!english.unicodeScalars.contains { MessageCatalogTests.isHangul($0) }, "English with Hangul: \(english)")
        #expect(korean.unicodeScalars.contains { MessageCatalogTests.isHangul($0) }, "not Korean: \(korean)")
        for fact in MessageCatalogTests.facts(english) {
            #expect(korean.contains(fact), "\(fact) is lost in \(korean) (from \(english))")
        }
    }

    @Test func aTaskSpeaksTheLanguageItWasGiven() {
        #expect(CatalogMessage.planTitle(file: "cat.csv").text == "cat.csv: the plan")
        Language.$current.withValue(.ko) {
            #expect(CatalogMessage.planTitle(file: "cat.csv").text == "cat.csv: 가져오기 계획")
        }
    }
}
