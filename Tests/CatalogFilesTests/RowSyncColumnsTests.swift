import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import CatalogFiles

/// Issue 41: the `revision` column export writes and import reads back, the `action` column a
/// seller adds (English and Korean names), and formula cells saved as their text.
@Suite("Revision and action columns")
struct RowSyncColumnsTests {
    static let product = Product(
        id: 12, vendorID: 3, name: "빨간 노트, \"빅\"", description: "줄 있는\n노트", thumbnail: nil, currency: .krw,
        price: 3500, discountedPrice: 500, stock: 7, createdAt: nil,
        issuedAt: MarketTimestamp(text: "2026-11-29T02:03:09.123Z"))

    @Test func aRevisionReadsBackFromItsCell() throws {
        let revision = RowRevision(product: Self.product, photoDigests: ["0123456789ab", "ba9876543210"])
        let cell = revision.cell
        #expect(cell.hasPrefix("v1;id=12;at=2026-11-29T02:03:09.123Z;"), "\(cell)")
        #expect(RowRevision(cell: cell) == revision)
        #expect(revision.base(.price) == .value("3500") && revision.base(.discount) == .value("500"))
        #expect(revision.base(.currency) == .value("KRW") && revision.base(.stock) == .value("7"))
        #expect(revision.base(.name) == .digest(RowRevision.digest("빨간 노트, \"빅\"")))
        #expect(revision.photos == ["0123456789ab", "ba9876543210"])
    }

    @Test func aRevisionCellIsSafeInASpreadsheet() {
        var revision = RowRevision(product: Self.product, photoDigests: [])
        revision.updatedAt = "W/\"a b,c;d=é\""
        let cell = revision.cell
        #expect(cell.unicodeScalars.allSatisfy { $0.isASCII && $0 != "," && $0 != "\"" && $0 != " " })
        #expect(CSVFormulaGuard.neutralised(cell, column: .revision) == cell)
        #expect(RowRevision(cell: cell)?.updatedAt == "W/\"a b,c;d=é\"")
        // Excel's CP949 save and a spreadsheet's spaces around a cell change nothing.
        #expect(KoreanExcelText.toCP949(cell).flatMap { String(data: $0, encoding: .ascii) } == cell)
        #expect(RowRevision(cell: "  " + cell + " ") == revision)
    }

    @Test func aRevisionSurvivesAnExportedCSVReadBack() throws {
        var data = Data()
        let writer = CatalogWriter(format: .csv, columns: CatalogColumn.exported, bom: true) { data.append($0) }
        try writer.write(Self.product, photoDigests: ["0123456789ab"])
        try writer.finish()
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "\u{FEFF}id,name,description,price,currency,discount,stock,images,thumbnail,created_at,updated_at,vendor,revision\r\n"
            ))
        let row = try #require(CatalogReader.read(data, name: "cat.csv", format: .csv).rows.first)
        #expect(row.revision == RowRevision(product: Self.product, photoDigests: ["0123456789ab"]))
        #expect(row.cellProblems(file: "cat.csv").isEmpty)
    }

    @Test func baseAndAgreementAreByValueOrByDigest() {
        let revision = RowRevision(product: Self.product, photoDigests: [])
        #expect(revision.base(.price) == .value("3500"))
        #expect(revision.base(.description) == .digest(RowRevision.digest("줄 있는\n노트")))
        #expect(revision.base(.thumbnail) == nil)
        #expect(revision.agrees(.price, with: "3500") == true)
        #expect(revision.agrees(.price, with: "3500.0") == true)
        #expect(revision.agrees(.price, with: "3000") == false)
        #expect(revision.agrees(.currency, with: "krw") == true)
        #expect(revision.agrees(.name, with: "빨간 노트, \"빅\"") == true)
        #expect(revision.agrees(.name, with: "빨간 노트") == false)
        #expect(revision.agrees(.thumbnail, with: "1") == nil)
        #expect(RowRevision().agrees(.price, with: "3500") == nil)
    }

    @Test func theDigestIsTwelveHexDigitsOfSHA256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        #expect(RowRevision.digest("abc") == "ba7816bf8f01")
        #expect(RowRevision.photoDigest(Data("abc".utf8)) == "ba7816bf8f01")
    }

    @Test(arguments: [
        ("", "empty"), ("hello", "not a revision"), ("v1;id=12", "no sum"),
        ("v1;id=13;price=3500;sum=00000000", "a wrong sum"),
    ])
    func aMangledRevisionIsAProblemAtItsRow(cell: String, _ what: String) {
        guard !cell.isEmpty else { return }
        let row = CatalogRow(number: 5, values: [.name: "Mug", .revision: cell])
        #expect(row.revision == nil, "\(what)")
        #expect(
            row.cellProblems(file: "cat.csv") == [
                CatalogProblem(file: "cat.csv", row: 5, column: "revision", .revisionUnreadable)
            ])
    }

    @Test func aRevisionEditedByHandIsNotTrusted() throws {
        let cell = RowRevision(product: Self.product, photoDigests: []).cell
        let edited = cell.replacingOccurrences(of: "price=3500", with: "price=3000")
        #expect(edited != cell)
        #expect(RowRevision(cell: edited) == nil)
        let cut = String(cell.dropLast(3))
        #expect(RowRevision(cell: cut) == nil)
    }

    @Test func aLaterFormatIsSaidSo() {
        let row = CatalogRow(number: 2, values: [.revision: "v2;id=1;sum=abcdef12"])
        #expect(
            row.cellProblems(file: "c.csv") == [
                CatalogProblem(file: "c.csv", row: 2, column: "revision", .revisionFromNewer("v2"))
            ])
    }

    @Test func actionsReadInEnglishAnyCaseAndInKorean() {
        for command in RowCommand.allCases {
            #expect(RowCommand(cell: command.rawValue.uppercased()) == command)
            #expect(RowCommand(cell: " \(command.koreanName) ") == command)
        }
        #expect(RowCommand.allCases.map(\.koreanName) == ["신규", "수정", "병합", "삭제", "무시", "교체"])
        #expect(RowCommand(cell: "Create") == .new)
        #expect(RowCommand(cell: "skip") == .ignore)
        #expect(RowCommand(cell: "건너뛰기") == .ignore)
        #expect(RowCommand(cell: "remove") == .delete)
        #expect(RowCommand(cell: "frobnicate") == nil)
    }

    @Test func anUnknownActionIsAProblemAtItsRow() {
        let row = CatalogRow(number: 4, values: [.name: "Mug", .action: "frobnicate"])
        #expect(row.command == nil)
        #expect(
            row.cellProblems(file: "c.csv") == [
                CatalogProblem(file: "c.csv", row: 4, column: "action", .notAnAction("frobnicate"))
            ])
        #expect(CatalogRow(number: 4, values: [.action: "삭제"]).command == .delete)
    }

    /// An action cell holding only spaces (or a tab, a line break) is no action: the row
    /// merges as one without an action cell (review finding 7).
    @Test func anActionCellOfSpacesIsNoAction() {
        for cell in [" ", "   ", "\t", " \n "] {
            let row = CatalogRow(number: 4, values: [.name: "Mug", .action: cell])
            #expect(row.command == nil)
            #expect(row.cellProblems(file: "c.csv").isEmpty, "\(cell.unicodeScalars.map(\.value))")
        }
    }

    @Test func koreanHeadersNameTheSyncColumns() {
        #expect(CatalogColumn(header: "리비전") == .revision)
        #expect(CatalogColumn(header: "작업") == .action)
        #expect(CatalogColumn(header: "명령") == .action)
        #expect(CatalogColumn(header: "Command") == .action)
        #expect(CatalogColumn(header: "ACTION") == .action)
        let contents = CatalogFixtures.read("상품명,가격,작업,리비전\nMug,3000,수정,\n")
        #expect(contents.problems.isEmpty && contents.ignoredColumns.isEmpty)
        #expect(contents.rows.first?.command == .update)
    }

    @Test func theSyncColumnsAreNoProductFieldsAndNotInAllCases() {
        #expect(CatalogColumn.revision.field == nil && CatalogColumn.action.field == nil)
        #expect(CatalogColumn.revision.isReadOnly && CatalogColumn.action.isReadOnly)
        #expect(!CatalogColumn.allCases.contains(.revision) && !CatalogColumn.allCases.contains(.action))
        #expect(CatalogColumn.exported.last == .revision && CatalogColumn.exported.dropLast() == CatalogColumn.allCases[...])
        // A column such as `option` or `version` stays an ignored column, not a near miss.
        #expect(CatalogColumn.nearMiss("option") == nil && CatalogColumn.nearMiss("version") == nil)
    }

    @Test(arguments: ["=1000*3", "'=1000*3", "=SUM(A1:A3)", "+A1*2", "@SUM(A1)"])
    func aFormulaInANumberColumnSaysToSaveValues(cell: String) {
        let row = CatalogRow(number: 3, values: [.name: "Mug", .price: cell])
        #expect(row.cellProblems(file: "c.csv") == [CatalogProblem(file: "c.csv", row: 3, column: "price", .formulaCell(cell))])
        #expect(CatalogProblemMessage.formulaCell(cell).english.contains("Paste Special › Values"))
        #expect(CatalogProblemMessage.formulaCell(cell).english.contains("LibreOffice"))
    }

    @Test(arguments: ["-5", "+3", "3500", "₩3,500", "+3,500", "-₩1,000"])
    func aNumberIsNoFormula(cell: String) {
        #expect(CatalogRow(number: 3, values: [.stock: cell]).cellProblems(file: "c.csv").isEmpty)
    }

    @Test func aFormulaInACSVIsFoundWhetherExcelKeptItsQuoteOrNot() {
        let contents = CatalogFixtures.read("name,price,stock\nMug,=1000*3,''=2+2\nPen,3000,4\n")
        let problems = contents.rows.flatMap { $0.cellProblems(file: "cat.csv") }
        #expect(problems.map(\.row) == [2, 2] && problems.map(\.column) == ["price", "stock"])
        #expect(problems.first?.description.hasPrefix("cat.csv:2:price: '=1000*3' is a formula saved as its text") == true)
    }
}
