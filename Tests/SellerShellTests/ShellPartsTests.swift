import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

@Suite("Words, layout and completion")
struct ShellPartsTests {
    @Test(arguments: [
        (#"register name="우유병 텀블러" price=3500"#, ["register", "name=우유병 텀블러", "price=3500"]),
        (#"a 'b c' "d \"e\"" f\ g"#, ["a", "b c", #"d "e""#, "f g"]),
        ("  spaced   out  ", ["spaced", "out"]),
        (#"name='it'"'"'s'"#, ["name=it's"]),
        (#""back\slash""#, [#"back\slash"#]),
        ("", []),
    ])
    func wordSplitting(line: String, words: [String]) throws {
        #expect(try WordSplitter.split(line).map(\.text) == words)
    }

    @Test func quotingMarksWords() throws {
        let words = try WordSplitter.split(#"image=a*.jpg image='b*.jpg'"#)
        #expect(words.map(\.wasQuoted) == [false, true])
    }

    @Test func splittingErrors() {
        #expect(throws: WordSplitError.unterminatedQuote("\"")) { try WordSplitter.split(#"say "hi"#) }
        #expect(throws: WordSplitError.danglingEscape) { try WordSplitter.split(#"trailing \"#) }
    }

    @Test func widths() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("우유병") == 6)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TextLayout.truncate("우유병 텀블러", to: 7) == "우유병…")
        #expect(TextLayout.truncate("short", to: 10) == "short")
    }

    @Test func money() {
        #expect(TextLayout.money(3500, .krw) == "₩3,500")
        #expect(TextLayout.money(1_234_567, .krw) == "₩1,234,567")
        #expect(TextLayout.money(Decimal(string: "19.99")!, .usd) == "$19.99")
        #expect(TextLayout.money(5, .usd) == "$5.00")
        #expect(TextLayout.money(Decimal(string: "1234.5")!, .usd) == "$1,234.50")
        #expect(TextLayout.money(Decimal(string: "3500.5")!, .krw) == "₩3,500.5")
        #expect(TextLayout.money(100, Currency(rawValue: "JPY")) == "JPY 100.00")
    }

    /// Whole amounts take a shorter way (from an Int); it must print what the general one does,
    /// at the edges too: a power-of-ten exponent, negatives, the bound and past it.
    @Test func wholeAmountsPrintAsTheGeneralWayDoes() {
        let amounts: [Decimal] = [
            0, 1, 7, 999, 1000, 3500, -3500, 1_234_567, Decimal(sign: .plus, exponent: 3, significand: 12),
            Decimal(sign: .minus, exponent: 5, significand: 7), Decimal(string: "999999999999999")!,
            Decimal(string: "-999999999999999")!, Decimal(string: "1000000000000000")!, Decimal(string: "1e20")!,
            Decimal(string: "-1e20")!, Decimal(string: "12.5")!, Decimal(string: "0.001")!,
        ]
        for amount in amounts {
            for (currency, digits, symbol) in [(Currency.krw, 0, "₩"), (.usd, 2, "$"), (Currency(rawValue: "JPY"), 2, "JPY ")] {
                let general = MoneyText.format(amount, digits: digits, symbol: symbol, keepingFraction: currency == .krw)
                #expect(TextLayout.money(amount, currency) == general, "\(amount) \(currency)")
            }
        }
        #expect(TextLayout.money(Decimal(sign: .plus, exponent: 3, significand: 12), .krw) == "₩12,000")
        #expect(TextLayout.money(-3500, .usd) == "-$3,500.00")
    }

    @Test func completion() {
        let index = ShellIndex(profiles: ProfileStore(directory: URL(fileURLWithPath: "/nonexistent")))
        index.remember([(12, "우유병 텀블러"), (15, "coffee"), (120, "plate")])
        func texts(_ answer: CompletionAnswer) -> [String] {
            if case .candidates(_, let list) = answer { return list.map(\.text) }
            return []
        }
        #expect(texts(index.complete("reg")) == ["register"])
        #expect(texts(index.complete("s")) == ["search", "show", "stock", "set"])
        #expect(texts(index.complete("register na")) == ["name="])
        #expect(texts(index.complete("patch 12 th")) == ["thumbnail="])
        #expect(texts(index.complete("list --p")) == ["--per-page"])
        #expect(texts(index.complete("show 1")) == ["12", "15", "120"])
        // The hints of the ids offered for "show 12": an answer of another kind has none, and fails.
        let hints: [String?]? = {
            if case .candidates(_, let list) = index.complete("show 12") { return list.map(\.hint) }
            return nil
        }()
        #expect(hints == ["우유병 텀블러", "plate"])
        #expect(index.complete("register name=x image=pho") == .path(word: "image=pho", pathPart: "pho", prefix: "image="))
        #expect(texts(index.complete("set ")) == ["explain", "lang", "output", "photos", "trace"])
        #expect(texts(index.complete("GE")) == ["GET"])
        #expect(
            texts(index.complete("PATCH /api/products"))
                == ["/api/products", "/api/products/", "/api/products/12", "/api/products/15", "/api/products/120"])
        #expect(texts(index.complete("set output ")) == ["table", "json", "jsonl", "csv", "ids", "count"])
        // `patch ⇥` is the command (ids); `PATCH ⇥` the request by hand (paths).
        #expect(texts(index.complete("patch ")) == ["12", "15", "120"])
        #expect(texts(index.complete("PATCH ")).contains("/api/products/12"))
    }

    /// Issue 11, item 14: what is already on the line is not offered again; a field with a fixed
    /// set of values offers them.
    @Test func completionOffersWhatIsNotThereYet() {
        let index = ShellIndex(profiles: ProfileStore(directory: URL(fileURLWithPath: "/nonexistent")))
        func texts(_ answer: CompletionAnswer) -> [String] {
            if case .candidates(_, let list) = answer { return list.map(\.text) }
            return []
        }
        #expect(texts(index.complete("delete 2 --yes --")) == [])
        #expect(
            texts(index.complete("list --mine --")) == [
                "--per-page", "--search", "--all", "--format", "--fields", "--sort", "--sold-out", "--low-stock", "--currency",
                "--no-pager", "--grid",
            ])
        #expect(texts(index.complete("register name=x price=1 ")).contains("description="))
        #expect(!texts(index.complete("register name=x price=1 ")).contains("name="))
        #expect(texts(index.complete("register image=a.jpg im")) == ["image="])
        #expect(texts(index.complete("register currency=")) == ["currency=KRW", "currency=USD"])
        #expect(texts(index.complete("patch 3 currency=U")) == ["currency=USD"])
    }

    @Test func prompt() {
        let index = ShellIndex(profiles: ProfileStore())
        index.update(server: URL(string: "http://127.0.0.1:8080")!, vendor: "acme")
        #expect(index.prompt(color: false) == "openmarket acme@127.0.0.1:8080> ")
        index.update(server: URL(string: "http://127.0.0.1:8080")!, vendor: nil)
        #expect(index.prompt(color: false) == "openmarket 127.0.0.1:8080> ")
        #expect(index.prompt(color: true).contains("\u{1}\u{1B}[36m\u{1}127.0.0.1:8080"))
    }
}
