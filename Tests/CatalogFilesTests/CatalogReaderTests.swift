import Foundation
import Testing

@testable import CatalogFiles

@Suite struct CatalogReaderTests {
    @Test func fixtureReadsWithSpreadsheetRowNumbersAndMultiLineCells() throws {
        let contents = CatalogReader.read(CatalogFixtures.path("catalog.csv"))
        #expect(contents.problems == [])
        #expect(contents.encodingNote == nil)
        #expect(contents.columns == [.id, .name, .description, .price, .currency, .discount, .stock, .images])
        #expect(contents.rows.count == 12)
        #expect(contents.rows.map(\.number) == Array(2...13))
        let second = contents.rows[1]
        #expect(second[.name] == "Coffee Mug, Large")
        #expect(
            second[.description] == "A large mug for large coffees.\nDishwasher safe.\nColor: cream, navy or \"forest\" green.")
        #expect(second[.discount] == nil)
        // Issue 40: a cell's CR LF is the line break it is, kept as `\n` (it showed as `␍`).
        #expect(contents.rows[6][.description] == "전통 한지로 만든 노트, 80쪽.\n선물 포장 가능.")
        #expect(contents.rows[0].imagePaths == ["photos/mug-1.jpg", "photos/mug-2.jpg"])
        #expect(contents.rows.allSatisfy { $0[.id] == nil })
    }

    /// Issue 40: a line break inside a cell, LF or CR LF, is `\n` in the value (a CR LF showed as
    /// `␍` at the end of each line); a CR alone is no line break and is kept.
    @Test func aLineBreakInACellIsALineFeed() {
        let contents = CatalogFixtures.read(
            "name,description\r\nMug,\"one\r\ntwo\nthree\rsame line\"\r\nCup,plain\r\n")
        #expect(contents.problems == [])
        #expect(contents.rows.map { $0[.description] } == ["one\ntwo\nthree\rsame line", "plain"])
    }

    @Test func cp949FileReadsToTheSameRowsWithANote() {
        let utf8 = CatalogReader.read(CatalogFixtures.path("catalog.csv"))
        let korean = CatalogReader.read(CatalogFixtures.path("catalog-cp949.csv"))
        #expect(korean.problems == [])
        #expect(korean.rows == utf8.rows)
        #expect(korean.encodingNote == "read as CP949 (Korean Excel's encoding)")
    }

    @Test func fileNeitherUTF8NorCP949IsRefusedWithSaveAsAdvice() {
        let contents = CatalogReader.read(
            Data([0x6E, 0x61, 0x6D, 0x65, 0x0A, 0xFF, 0xFF, 0x80, 0x0A]), name: "x.csv", format: .csv)
        #expect(contents.rows == [])
        #expect(
            contents.problems.map(\.description) == [
                "x.csv: neither UTF-8 nor CP949 text; in Excel use Save As › 'CSV UTF-8 (Comma delimited) (*.csv)'"
            ])
    }

    @Test func extraColumnsAreIgnoredAndNamedButASlipAndADuplicateAreProblems() {
        let contents = CatalogFixtures.read("name,colour,Price,SKU,memo,prce,NAME\nMug,red,3,A-1,hi,4,x\n")
        #expect(contents.ignoredColumns == ["colour", "SKU", "memo"])
        #expect(
            contents.problems.map(\.description) == [
                "cat.csv:1:prce: unknown column 'prce': did you mean 'price'? The columns are \(CatalogColumn.namesList)",
                "cat.csv:1:name: column 'NAME' is given twice (columns 1 and 7); keep one",
            ])
        #expect(contents.rows == [CatalogRow(number: 2, values: [.name: "Mug", .price: "3"])])
    }

    /// A Korean header a letter from a column's Korean name is ignored, not refused, and the
    /// name it comes near kept for the note to ask: in Hangul a letter off is as often another
    /// word (`판매자`, the seller, from `판매가`; `상품평`, reviews, from `상품명`) as a slip (`가겨`,
    /// `제고`). A column further off (`비고`, remarks; `할인율`, a rate) is only ignored. An English
    /// slip is still refused.
    @Test func aKoreanHeaderNearAColumnsNameIsIgnoredWithThatNameNotRefused() {
        let contents = CatalogFixtures.read("상품명,가겨,비고,할인율,제고,판매자,상품평\n노트,3500,메모,10,5,김,좋음\n")
        #expect(contents.problems == [])
        #expect(contents.ignoredColumns == ["가겨", "비고", "할인율", "제고", "판매자", "상품평"])
        #expect(contents.near == ["가겨": "가격", "제고": "재고", "판매자": "판매가", "상품평": "상품명"])
        #expect(CatalogColumn.unknown("상품 멍") == .near("상품명") && CatalogColumn.nearMiss("상품벊호")?.column == .id)
        #expect(CatalogColumn.unknown("prce") == .slip(meant: "price") && CatalogColumn.unknown("memo") == .unrelated)
        // Written decomposed (as a Mac may save it), a Korean header is still weighed as Korean.
        #expect(CatalogColumn.unknown("가겨".decomposedStringWithCanonicalMapping) == .near("가격"))
    }

    @Test func koreanHeadersAreUnderstood() {
        let contents = CatalogFixtures.read(
            "상품명,설명,가격,통화,할인,재고,사진\n빨간 노트,두꺼운 빨간 노트입니다,3500,KRW,0,5,note.jpg\n")
        #expect(contents.problems == [])
        #expect(contents.columns == [.name, .description, .price, .currency, .discount, .stock, .images])
        #expect(contents.rows.first?[.name] == "빨간 노트")
        #expect(CatalogColumn(header: "상품 번호") == .id)
        #expect(CatalogColumn(header: "할인 금액") == .discount)
        #expect(CatalogColumn(header: "재고 수량") == .stock)
        #expect(CatalogColumn(header: "할인가") == nil, "a price after the discount is not the discount")
    }

    @Test func aSemicolonSeparatedFileIsRead() {
        let contents = CatalogFixtures.read("name;price;description\r\nMug;3500;\"A mug; big, red\"\r\n")
        #expect(contents.problems == [])
        #expect(contents.delimiter == ";")
        #expect(
            contents.rows == [CatalogRow(number: 2, values: [.name: "Mug", .price: "3500", .description: "A mug; big, red"])])
        // A comma-separated header with a semicolon in a quoted cell stays comma-separated.
        #expect(CatalogFixtures.read("name,\"a;b\"\nMug,x\n").delimiter == ",")
    }

    @Test func headersAnyCaseTrimmedAndDiscountedPriceAlias() {
        let contents = CatalogFixtures.read(" Name ,PRICE,discounted_price\nMug,3500,500\n")
        #expect(contents.problems == [])
        #expect(contents.columns == [.name, .price, .discount])
        #expect(contents.rows == [CatalogRow(number: 2, values: [.name: "Mug", .price: "3500", .discount: "500"])])
    }

    @Test func extraCellsBlankRowsAndUnknownExtension() {
        let contents = CatalogFixtures.read("name,price\r\nMug,3\r\n\r\n,\r\nCup,4,extra\r\nPlate,5,,\r\n")
        #expect(contents.rows.map(\.number) == [2, 6])
        #expect(
            contents.problems.map(\.description) == [
                "cat.csv:5: 3 cells but the header names 2 columns; quote cells that hold a comma"
            ])
        let unknown = CatalogReader.read("/tmp/catalog.txt")
        #expect(unknown.problems.first?.message.contains("use .csv, .jsonl or .json, or --format") == true)
        let spreadsheet = CatalogReader.read("/tmp/catalog.XLSX")
        #expect(spreadsheet.problems.first?.message.contains("a .xlsx file is the spreadsheet program's own") == true)
    }

    @Test func jsonLinesAndArrayKeepNumbersExactly() {
        let lines = CatalogFixtures.read(
            "{\"name\": \"Mug\", \"price\": 19.99, \"stock\": 3500, \"images\": [\"a.jpg\", \"b.jpg\"], \"discount\": null}\n\n"
                + "{\"NAME\": \"Cup\", \"price\": 3500, \"images\": \"a.jpg; b.jpg\"}\n", .jsonl, name: "c.jsonl")
        #expect(lines.problems == [])
        #expect(
            lines.rows == [
                CatalogRow(number: 1, values: [.name: "Mug", .price: "19.99", .stock: "3500", .images: "a.jpg;b.jpg"]),
                CatalogRow(number: 3, values: [.name: "Cup", .price: "3500", .images: "a.jpg; b.jpg"]),
            ])
        let array = CatalogFixtures.read(
            "[{\"name\": \"Mug\", \"price\": 19.99}, {\"name\": \"Cup\", \"price\": 3500}]", .json, name: "c.json")
        #expect(array.rows.map { $0[.price] } == ["19.99", "3500"])
        #expect(array.rows.map(\.number) == [1, 2])
    }

    @Test func jsonValuesThatAreNotTextAreProblems() {
        let contents = CatalogFixtures.read(
            "[1]\n{\"name\": true}\n{\"name\": {\"a\": 1}}\n{\"name\": [\"a\"]}\n{\"colour\": \"red\", \"name\": \"Mug\"}\n",
            .jsonl, name: "c.jsonl")
        #expect(
            contents.problems.map(\.description) == [
                "c.jsonl:1: this line is not a JSON object ({\"name\": …, \"price\": …})",
                "c.jsonl:2:name: true/false is not a value here; write text or a number",
                "c.jsonl:3:name: an object where text is expected",
                "c.jsonl:4:name: a list where text is expected",
            ])
        #expect(contents.ignoredColumns == ["colour"])
        #expect(contents.rows == [CatalogRow(number: 5, values: [.name: "Mug"])])
    }

    @Test func jsonlFixtureHasTheSameProductsAsTheCSV() {
        let csv = CatalogReader.read(CatalogFixtures.path("catalog.csv"))
        let jsonl = CatalogReader.read(CatalogFixtures.path("catalog.jsonl"))
        #expect(jsonl.problems == [])
        #expect(jsonl.rows.count == csv.rows.count)
        for (a, b) in zip(csv.rows, jsonl.rows) {
            #expect(a[.name] == b[.name])
            // A CSV cell's CR LF is read as `\n` (issue 40); a JSON string keeps what it escapes.
            #expect(a[.description] == b[.description]?.replacingOccurrences(of: "\r\n", with: "\n"))
            #expect(a.imagePaths == b.imagePaths)
            #expect(a[.price].flatMap { Decimal(string: $0) } == b[.price].flatMap { Decimal(string: $0) })
        }
    }

    @Test func tenThousandRowsRead() {
        var text = "name,description,price\r\n"
        for index in 0..<10_000 { text += "\"상품 \(index), 큰\",\"첫 줄\r\n둘째 줄 \"\"\(index)\"\"\",\(1000 + index)\r\n" }
        let contents = CatalogFixtures.read(text)
        #expect(contents.problems == [])
        #expect(contents.rows.count == 10_000)
        #expect(contents.rows.last?.number == 10_001)
        #expect(contents.rows.last?[.description] == "첫 줄\n둘째 줄 \"9999\"")
    }
}
