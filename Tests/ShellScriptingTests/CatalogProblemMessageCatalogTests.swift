import CatalogFiles
import Foundation
import OpenMarketContract
import Testing

/// Issue 40: what is wrong with a catalog file is a ``CatalogProblemMessage``, said in the
/// reader's language when the problem is shown (it was English under `--lang ko`).
@Suite("Korean and English catalog problems")
struct CatalogProblemMessageCatalogTests {
    static let samples: [CatalogProblemMessage] = [
        .said("price: 'abc' is not a number"), .idOnTwoRows(id: 12, earlier: 3), .notAnID("x12", max: 2_147_483_647),
        .noName, .sameNameAsRow(4), .cellsButColumns(cells: 9, columns: 7),
        .unknownColumn("prce", meant: "price", columns: ["id", "name", "price"]), .columnTwice("name", first: 2, second: 5),
        .sameColumn("discount", "discounted_price"), .notAJSONObject(line: true), .notAJSONObject(line: false),
        .boolIsNoValue, .objectForText, .listForText, .imagesAreTexts, .notAJSONArray, .saveAsUTF8, .jsonNotUTF8,
        .readAsCP949, .cellTooLarge(bound: "64 KiB"), .rowTooLarge(bound: "1 MiB"), .nulByte, .unclosedQuote,
        .emptyNoColumns(columns: "id, name, price"), .tooManyRows("100,000"), .notACatalogName, .spreadsheetFile("xlsx"),
        .emptyNoHeader,
        .cannotWriteCP949, .notAProductObject, .csvWriterFailed("stream closed"), .csvRecordFailed("stream closed"),
        .writtenAfterFinish, .notAnAction("frobnicate"), .revisionUnreadable, .revisionFromNewer("v2"),
        .formulaCell("=1000*3"),
    ]

    @Test func theSamplesCoverEveryMessageDeclared() throws {
        let declared = try SpokenCatalogCheck.declaredCases(
            in: "CatalogProblemMessage.swift", folder: "Sources/CatalogFiles/Language")
        #expect(declared.count > 20, "\(declared)")
        #expect(Set(Self.samples.map(SpokenCatalogCheck.caseName)) == declared)
    }

    @Test(arguments: samples.filter { if case .said = $0 { false } else { true } })
    func everyMessageIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: CatalogProblemMessage) {
        #expect(SpokenCatalogCheck.problems(message) == [])
    }

    @Test func aFilesProblemIsSaidInTheReadersLanguage() {
        let text = "name,price\nMug,1000,extra\n"
        let english = CatalogReader.read(Data(text.utf8), name: "cat.csv", format: .csv).problems.map(\.description)
        #expect(english == ["cat.csv:2: 3 cells but the header names 2 columns; quote cells that hold a comma"])
        Language.$current.withValue(.ko) {
            let korean = CatalogReader.read(Data(text.utf8), name: "cat.csv", format: .csv).problems.map(\.description)
            #expect(korean == ["cat.csv:2: 칸이 3개인데 머리글에는 열이 2개입니다. 쉼표가 든 칸은 따옴표로 감싸세요"])
        }
    }
}
