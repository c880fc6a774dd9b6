import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 23's rough edges of `import`: everything in the plan before the count is typed, real
/// spreadsheets (extra columns, Korean headers, `;`, money signs) and hints.
@Suite("Import's rough edges")
struct CatalogRoughEdgeTests {
    static let header = CatalogImportTests.header

    @Test func continueOnErrorListsTheSkippedRowsAndWhyInThePlanBeforeTheCount() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "some.csv",
                Self.header + "\n" + "Good one,A product that is fine,1000,KRW,0,5,coffee-small.jpg\n"
                    + "No,A product with a short name,1000,KRW,0,5,coffee-small.jpg\n")
            let console = RecordingConsole(interactive: true, answers: ["no"])
            #expect(await f.session(console).execute("import '\(path)' --continue-on-error").status == .ok, "\(console.notes)")
            let plan = try #require(console.out.range(of: "skipped    1"), "\(console.out)")
            #expect(console.out[plan.upperBound...].contains("row 3: name: "), "\(console.out)")
            #expect(console.questions.first?.hasPrefix("? type 1 to make") == true, "\(console.questions)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A file that cannot be read at all is said as that, alone: no count of problems, no
    /// `--continue-on-error`, which skips rows and cannot help.
    @Test func aMissingFileIsSaidWithoutRowAdvice() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import nosuch.csv").status == .failed)
            #expect(console.notes.contains("nosuch.csv: no such file"), "\(console.notes)")
            #expect(!console.notes.contains("--continue-on-error"), "\(console.notes)")
            #expect(!console.notes.contains("problem"), "\(console.notes)")
        }
    }

    @Test func aFractionalWonIsAProblemAtItsRowAndPriceBeforeAnythingIsSent() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "won.csv", Self.header + "\n" + "Note book,A thick red note book,3.5,KRW,0,5,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("won.csv:2:price: 3.5 is ₩3.5, and the won has no minor unit"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A sign's currency is read as every command reads it (`ParsedFields.readingMoney`), and a
    /// currency column that says another is the row's problem in its price column.
    @Test func aCurrencySignTheCurrencyColumnContradictsIsAProblemAtItsRow() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "signs.csv",
                Self.header + "\n" + "Note book,A thick red note book,\"₩3,500\",USD,0,5,coffee-small.jpg\n"
                    + "Pencil case,A long blue pencil case,3500원,,0,5,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(
                console.notes.contains("signs.csv:2:price: ₩3,500 is in KRW, but the currency column says USD"),
                "\(console.notes)")
            #expect(!console.notes.contains("signs.csv:3"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A thousands point (`1.000`, read as ₩1) and a decimal comma (`12,50` and `$1,5`, read as
    /// 1250 and 15) are problems at their rows, in any currency; before, each was imported.
    @Test func aSeparatorAnotherCountryReadsOtherwiseIsAProblemAtItsRow() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let rows = [
                "Note book,A thick red note book,1.000,KRW,0,5,coffee-small.jpg",
                "Blue mug,A mug for the morning,\"12,50\",USD,0,5,coffee-small.jpg",
                "Red mug,A mug for the evening,\"$1,5\",,0,5,coffee-small.jpg",
            ]
            let path = try f.script("separators.csv", ([Self.header] + rows).joined(separator: "\n") + "\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("separators.csv:2:price: '1.000' could be 1000 or 1.00"), "\(console.notes)")
            #expect(console.notes.contains("separators.csv:3:price: '12,50': a comma only groups thousands"), "\(console.notes)")
            #expect(console.notes.contains("separators.csv:4:price: '1,5': a comma only groups thousands"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    @Test func aPriceThatIsNotANumberDoesNotHideTheRowsOtherProblems() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "bad.csv", Self.header + "\n" + "No,A product with a short name,abc,KRW,0,-1,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("import: 3 problems in "), "\(console.notes)")
            #expect(console.notes.contains("bad.csv:2:price: 'abc' is not a number"), "\(console.notes)")
            #expect(console.notes.contains("bad.csv:2:name: "), "\(console.notes)")
            #expect(console.notes.contains("bad.csv:2:stock: "), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A money sign that disagrees with the currency cell is one problem of the row, listed
    /// with the others (before, it hid them until it was fixed).
    @Test func aCurrencySignThatDisagreesDoesNotHideTheRowsOtherProblems() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "sign.csv", Self.header + "\n" + "Sign mug,A mug with a sign on it,$5,KRW,0,-1,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("import: 2 problems in "), "\(console.notes)")
            #expect(
                console.notes.contains("sign.csv:2:price: $5 is in USD, but the currency column says KRW"), "\(console.notes)")
            #expect(console.notes.contains("sign.csv:2:stock: "), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A quote never closed is a problem reading the file, which no row's skip helps: the
    /// refusal says to fix it and names no `--continue-on-error` (which refuses the file too).
    @Test func aProblemReadingTheFileDoesNotOfferToSkipRows() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "quote.csv", Self.header + "\n" + "\"Open mug,A mug whose quote never closes,3500,KRW,0,5,coffee-small.jpg\n")
            for flags in ["--yes", "--yes --continue-on-error"] {
                let console = RecordingConsole()
                #expect(await f.session(console).execute("import '\(path)' \(flags)").status == .failed)
                #expect(console.notes.contains("import: 1 problem in "), "\(console.notes)")
                #expect(console.notes.contains("a problem reading the file is no row that --continue-on-error can skip"))
                #expect(!console.notes.contains("or --continue-on-error to skip"), "\(console.notes)")
            }
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A spreadsheet's own file says to save it as CSV (it said only "not a catalog file by
    /// its name").
    @Test func anXLSXFileSaysToSaveItAsCSV() async throws {
        try await ScriptFixture.with { f in
            let path = try f.script("catalog.xlsx", "PK\u{3}\u{4}")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --plan").status == .failed)
            #expect(console.notes.contains("a .xlsx file is the spreadsheet program's own"), "\(console.notes)")
            #expect(console.notes.contains("'CSV UTF-8 (Comma delimited) (*.csv)'"), "\(console.notes)")
        }
    }

    /// A column of the seller's own is ignored and named, one a letter from a column's Korean
    /// name too, with that name asked (`판매자`, the seller, is no slip of `판매가`: such a sheet
    /// was refused whole, an unknown column).
    @Test func aKoreanSheetWithExtraColumnsAndMoneySignsIsReadAsTheSellerMeantIt() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "korean.csv",
                "상품명,설명,가격,통화,재고,사진,SKU,메모,판매자\n"
                    + "빨간 노트 빅,두꺼운 빨간 노트입니다,\"₩3,500\",,5,coffee-small.jpg,N-1,hello,김\n"
                    + "Blue pen,A smooth blue pen,$12.50,,3,coffee-small.jpg,P-2,,이\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(
                console.notes.contains("korean.csv: ignoring 3 columns that name no product field: SKU, 메모, 판매자 (판매가?)"),
                "\(console.notes)")
            let products = Dictionary(uniqueKeysWithValues: try await f.allProducts().map { ($0.name, $0) })
            #expect(products["빨간 노트 빅"]?.price == 3500)
            #expect(products["빨간 노트 빅"]?.currency == .krw)
            #expect(products["Blue pen"]?.price == Decimal(string: "12.5"))
            #expect(products["Blue pen"]?.currency == .usd)
            // Problems name the sheet's own columns.
            let korean = try f.script(
                "bad-korean.csv", "상품명,설명,가격,통화,사진\n녹색 펜,부드러운 녹색 펜입니다,-5,KRW,coffee-small.jpg\n")
            let named = RecordingConsole()
            #expect(await f.session(named).execute("import '\(korean)' --yes").status == .failed)
            #expect(named.notes.contains("bad-korean.csv:2:가격: "), "\(named.notes)")
            // A sign that disagrees with the currency column is a problem.
            let clash = try f.script(
                "clash.csv", Self.header + "\n" + "Green pen,A smooth green pen,$12.50,KRW,0,3,coffee-small.jpg\n")
            let refused = RecordingConsole()
            #expect(await f.session(refused).execute("import '\(clash)' --yes").status == .failed)
            #expect(
                refused.notes.contains("clash.csv:2:price: $12.50 is in USD, but the currency column says KRW"),
                "\(refused.notes)")
        }
    }

    @Test func aSemicolonSeparatedFileIsImportedAndSaidSo() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "euro.csv",
                "name;description;price;currency;images\r\nMug;\"A mug; big, and red\";3500;KRW;coffee-small.jpg\r\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .ok, "\(console.notes)")
            #expect(console.notes.contains("euro.csv: read with ';' between cells"), "\(console.notes)")
            let mug = try #require(try await f.allProducts().first)
            #expect(mug.description == "A mug; big, and red")
        }
    }

    @Test func aBrokenJSONLineDoesNotHideTheOtherLinesProblems() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "c.jsonl",
                "{\"name\": \"Mug\", \"price\": \n"
                    + "{\"name\": \"Cup\", \"description\": \"A cup for the test\", \"price\": -5, \"currency\": \"KRW\", "
                    + "\"images\": \"coffee-small.jpg\"}\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes --continue-on-error").status == .failed)
            #expect(console.notes.contains("c.jsonl:1: this line is not a JSON object"), "\(console.notes)")
            #expect(console.notes.contains("c.jsonl:2:price:"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    @Test func photosAreNamedAsTheCellWroteThemAndWebAddressesGetAHint() async throws {
        try await ScriptFixture.with { f in
            let path = try f.script(
                "photos.csv",
                Self.header + "\n" + "Mug,A mug with a missing photo,100,KRW,0,1,photos/front.jpg\n"
                    + "Cup,A cup from an export,100,KRW,0,1,http://127.0.0.1:1/images/3.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("photos.csv:2:images: photos/front.jpg: "), "\(console.notes)")
            #expect(
                console.notes.contains(
                    "photos.csv:3:images: http://127.0.0.1:1/images/3.jpg: a web address, not a file: photos are read from "
                        + "files (export --images DIR saves them beside the file)"), "\(console.notes)")
        }
    }

    @Test func aJPEGCutShortIsAProblemBeforeThePlan() async throws {
        try await ScriptFixture.with { f in
            let whole = try Fixtures.imageData("coffee-small.jpg")
            try whole.prefix(whole.count / 2).write(to: f.directory.appendingPathComponent("cut.jpg"))
            let path = try f.script("cut.csv", Self.header + "\n" + "Mug,A mug with half a photo,100,KRW,0,1,cut.jpg\n")
            let spy = SpyTransport()
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).execute("import '\(path)' --yes").status == .failed)
            #expect(console.notes.contains("cut.csv:2:images: cut.jpg: "), "\(console.notes)")
            #expect(console.notes.contains("ends too early"), "\(console.notes)")
            #expect(spy.requests.filter { $0.method == .post }.isEmpty)
        }
    }

    @Test func otherPhotosOnAnExistingProductAreSaidToBeIgnoredInThePlan() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("cat.csv", CatalogImportTests.rows(2))
            #expect(await f.session(RecordingConsole()).execute("import '\(path)' --yes").status == .ok)
            // Issue 41: photos are compared by content; the same photos say nothing, others once.
            try f.copyImage("chelsea.png")
            let other = try f.script(
                "other.csv", CatalogImportTests.rows(2).replacingOccurrences(of: "coffee-small.jpg", with: "chelsea.png"))
            let again = RecordingConsole()
            #expect(await f.session(again).execute("import '\(other)' --plan").status == .ok, "\(again.notes)")
            #expect(
                again.out.contains(
                    "photos     2 rows of existing products give other photos than the product's (rows 2, 3): "
                        + "photos cannot be changed after creation"), "\(again.out)")
            // An export names the product's own photos (their URLs): nothing to say.
            let exported = f.directory.appendingPathComponent("out.csv").path
            #expect(await f.session(RecordingConsole()).execute("export '\(exported)'").status == .ok)
            let plan = RecordingConsole()
            #expect(await f.session(plan).execute("import '\(exported)' --plan").status == .ok, "\(plan.notes)")
            #expect(!plan.out.contains("photos "), "\(plan.out)")
        }
    }

    @Test func newIDsRegistersTwoProductsOfTheSameName() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "moved.csv",
                "id," + Self.header + "\n" + "7,Mug,A mug from the other market,100,KRW,0,1,coffee-small.jpg\n"
                    + "9,Mug,Another mug of the same name,200,KRW,0,1,coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes --new-ids").status == .ok, "\(console.notes)")
            #expect(try await f.allProducts().map(\.price).sorted() == [100, 200])
        }
    }

    @Test func whenNoIDIsYoursOneLineSuggestsNewIDs() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let rows = (1...6).map { "\(4240 + $0),Far item \($0),A product from elsewhere,100,KRW,0,1,coffee-small.jpg" }
            let path = try f.script("moved.csv", (["id," + Self.header] + rows).joined(separator: "\n") + "\n")
            let console = RecordingConsole()
            #expect(await f.session(console).execute("import '\(path)' --yes").status == .failed)
            #expect(
                console.notes.contains(
                    "moved.csv: none of the 6 ids in the file is a product of yours on this market (3 more not listed): "
                        + "if it comes from another market, add --new-ids"), "\(console.notes)")
            #expect(console.notes.contains("moved.csv:2:id: no product 4241"), "\(console.notes)")
            #expect(!console.notes.contains("moved.csv:7:id:"), "\(console.notes)")
        }
    }
}

extension RecordingConsole {
    fileprivate var questions: [String] { notes.split(separator: "\n").map(String.init).filter { $0.hasPrefix("? ") } }
}
