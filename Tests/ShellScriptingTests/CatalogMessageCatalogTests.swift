import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import ShellScripting

/// Issue 24 for `import` and `export` (issue 40: their notes, questions and summary too): every ``CatalogMessage`` has its Korean (the compiler sees
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
            .skippedNote, .restartMade(count: 4, again: 0),
            .restartMade(count: 4, again: 2), .rowExists(row: 3, id: 12), .doneBefore(40), .stockMoveUnknown(count: 2),
            .stockMoveUnknownRow(id: 5, stock: 8, sent: 9),
            .whichFile(command: "import"), .formatIs("xlsx"), .matchIs("sku"), .resumeOrRestart, .planOrDryRun,
            .pruneAllNeedsPrune, .writeIDsNeedsRun, .exportNeedsFormat("out.txt"),
            .readWithDelimiter(file: "cat.csv", delimiter: ";"),
            .ignoringColumns(file: "cat.csv", count: 2, names: "sku, colour"),
            .problemsInFile(count: 3, file: "cat.csv", skippable: true),
            .problemsInFile(count: 1, file: "cat.csv", skippable: false),
            .vendorIDUnknownMatchID(file: "cat.csv", variable: "OPENMARKET_VENDOR_ID"),
            .notLoggedInNoCompare("cat.csv"), .productsUnreadable(file: "cat.csv", error: "timed out"),
            .noneOfTheIDsIsYours(count: 8, notListed: 5), .noneOfTheIDsIsYours(count: 2, notListed: 0), .dryRunNothingSent,
            .nothingToChange("cat.csv"), .nothingSent("cat.csv"), .importCancelled, .pruneNeedsYes(file: "cat.csv", count: 4),
            .actionDeletesNeedYes(file: "cat.csv", count: 2), .confirmImport(7),
            .serverBusy(status: 429, wait: "2 s"), .noRequests,
            .importUnfinished(file: "cat.csv", journal: "cat.csv.journal", done: 12),
            .nothingToResume("cat.csv"), .registeredBefore(file: "cat.csv", row: 4, id: 31),
            .madeRowsGone(file: "cat.csv", count: 2, rows: "2, 3"), .namesakeNotReplacement(was: 4, namesake: 9),
            .rowChanged(file: "cat.csv", row: 6),
            .journalNotWritten(file: "cat.csv", why: "disk full"), .journalNotWritten(file: nil, why: nil),
            .wroteIDs(file: "cat.csv", made: 3, matched: 2), .wroteIDs(file: "cat.csv", made: 1, matched: 0),
            .idsNotWritten(file: "cat.csv", why: "read-only"), .reportNotWritten(path: "r.csv", why: nil),
            .importTook(file: "cat.csv", tallies: "3", milliseconds: 1500, rate: "2.0"),
            .importTook(file: "cat.csv", tallies: "3", milliseconds: 40, rate: nil),
            .importLeftNothing(file: "cat.csv", tallies: "3"), .andMoreInReport(17), .interruptedOnce,
            .interruptedTwice, .stoppedUnreachable, .exported(count: 1, file: "cat.csv", photos: nil, folder: nil),
            .exported(count: 12, file: "cat.csv", photos: 30, folder: "photos"),
            .imagesFolderFailed(folder: "photos", why: "permission denied"), .exportPhotosRemoved(count: 2, folder: "photos"),
            .currencyDisagrees(text: "$12.50", currency: "USD", given: "KRW"), .severalOfYoursNamed(count: 2, ids: "#4, #9"),
            .nameOfYoursNamedByRow(id: 4, row: 7), .nameOfYoursMadeBefore(id: 4, row: 7),
            .requiredForNew(rule: "1 to 1,000 characters"), .noProductOfYours(12),
            .wonHasNoMinorUnit(text: "3.500", amount: "₩3.5"), .photoIsWebAddress("https://example.com/a.jpg"),
            .noFileMatches("sku-*.jpg"), .needsPhotos,
            .photosOverTotal(saved: "2.1 GB", limit: "2 GB", stoppedAt: 812), .photosOf(done: 3, total: 40),
            .pagesRead(done: 1, total: 4), .timeLeft("0:18"),
            .rowChecked,
            .tooManyPhotosListed(id: 7, count: 9, limit: 5), .notAnImage(id: 7, photo: 2, what: "HTML text"),
            .thumbnailNotSet("patch: 412"), .checkingIDs, .matchingByName,
            .dryRegister(row: 2, endpoint: "POST /api/products", fields: "name=Mug price=3000", photos: 2, names: "a.jpg, b.jpg"),
            .dryUpdate(row: 3, endpoint: "/api/products/6", changes: #"{"price":3000}"#),
            .dryPrune(id: 6, name: "Mug", path: "/api/products/6"),
        ]
        + mergeSamples
        + CatalogMessage.PlanLabel.allCases.map { .planLabel($0) }
        + CatalogMessage.RowStatus.allCases.map { .tally($0, 3) }

    /// Issue 41's: the three-way merge, the action column, renames, photos compared.
    static let mergeSamples: [CatalogMessage] = [
        .noRevision(count: 2), .emptyRevision(count: 1), .keptNote(rows: 2), .keptNote(rows: 1),
        .marketChanged(id: 12, changes: "price ₩3,500 → ₩3,200"),
        .conflictNote(prefer: nil, rows: 1), .conflictNote(prefer: .sheet, rows: 2), .conflictNote(prefer: .market, rows: 3),
        .conflictRow(id: 14, field: "price", sheet: "₩3,000", market: "₩3,200", base: "₩3,500"),
        .stockMoves(from: 3, to: 6, by: "+3"), .stockBelowZero(id: 14, by: "-5", market: 3),
        .actionCount(.replace, 2), .deleteByRowNote, .replaceNote, .renameNote,
        .probableRename(row: 106, name: "Pink note (renewed)", id: 42, was: "Pink note"),
        .photosDiffer(count: 2, rows: "3, 7"), .photosUnknown(count: 1, rows: "4"), .actionNeedsProduct(.delete),
        .replacedProduct(12), .preferIs("both"), .replaceNotRegistered(id: 12, why: "register: 400 Bad Request"),
        .replacedNotDeleted(id: 12, new: 31, why: "delete 12: 409 Conflict"), .alreadyDeleted("#12"),
        .alreadyReplaced(was: 12, by: 31), .photosDiffer(count: 1, rows: "3"),
    ]

    @Test func theSamplesCoverEveryMessageDeclared() throws {
        let declared = try SpokenCatalogCheck.declaredCases(in: "CatalogMessage.swift")
        #expect(declared.count >= 4, "\(declared)")
        #expect(Set(Self.samples.map(SpokenCatalogCheck.caseName)) == declared)
    }

    @Test(arguments: samples)
    func everyMessageIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: CatalogMessage) {
        #expect(SpokenCatalogCheck.problems(message) == [])
    }

    /// Issue 41's review: the Korean merge lines name an action as the Korean column does (with
    /// its English word beside it), say the photos' line naturally, and never nest brackets.
    /// One of a thing is said in the singular (it was `these 1 change`, `so they are compared`).
    @Test func oneIsSaidInTheSingular() {
        #expect(CatalogMessage.confirmImport(1).english == "type 1 to make this change (anything else cancels): ")
        #expect(CatalogMessage.confirmImport(3).english == "type 3 to make these 3 changes (anything else cancels): ")
        #expect(CatalogMessage.noRevision(count: 1).english.contains("1 row without a revision column"))
        #expect(CatalogMessage.noRevision(count: 1).english.contains("so it is compared with the market now"))
        #expect(CatalogMessage.noRevision(count: 2).english.contains("so they are compared with the market now"))
        // Before: "the photos of 1 row could not be compared with the market's (rows 2)".
        #expect(CatalogMessage.photosUnknown(count: 1, rows: "2").english.contains("market's (row 2: a photo file missing"))
        #expect(CatalogMessage.photosUnknown(count: 2, rows: "2, 3").english.contains("market's (rows 2, 3: "))
    }

    @Test func theKoreanMergeLinesNameActionsAndNestNoBrackets() {
        #expect(CatalogMessage.photosDiffer(count: 1, rows: "13").korean.hasPrefix("이미 있는 상품의 행 1개의 사진이 상품 사진과 다릅니다(13행)"))
        #expect(CatalogMessage.photosDiffer(count: 1, rows: "13").korean.contains("작업 열에 교체(replace)를 적으세요"))
        #expect(CatalogMessage.probableRename(row: 2, name: "A", id: 4, was: "B").korean.contains("작업 열에 신규(new)를 적으세요"))
        #expect(CatalogMessage.deleteByRowNote.korean == "(작업 열에 삭제 또는 delete를 적은 행)")
        for message in Self.mergeSamples {
            var depth = 0
            var deepest = 0
            for scalar in message.korean.unicodeScalars where scalar == "(" || scalar == ")" {
                depth += scalar == "(" ? 1 : -1
                deepest = max(deepest, depth)
            }
            #expect(deepest <= 1, "\(message.korean)")
        }
    }

    @Test func aTaskSpeaksTheLanguageItWasGiven() {
        #expect(CatalogMessage.planTitle(file: "cat.csv").text == "cat.csv: the plan")
        Language.$current.withValue(.ko) {
            #expect(CatalogMessage.planTitle(file: "cat.csv").text == "cat.csv: 가져오기 계획")
        }
    }
}
