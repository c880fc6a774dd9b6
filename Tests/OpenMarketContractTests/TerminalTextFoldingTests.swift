import Testing

@testable import TerminalText

/// Issue 40, item 3: a table's rows fold under their second column, commands fold between
/// words, URLs are shown shortened and decoded on screen.
@Suite("TerminalText: folding and URLs")
struct TerminalTextFoldingTests {
    @Test func aTableRowFoldsUnderItsSecondColumnKeepingItsAlignment() {
        let row = "  --match name|id         id 없는 행을 찾는 기준입니다: name(기본), id(새 상품), 이름이 같은 상품이 여럿이면 멈춥니다"
        let lines = TerminalText.wrapped(row, columns: 79).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines[0].hasPrefix("  --match name|id         id "), "the padding is kept: \(lines)")
        let column = TerminalText.width("  --match name|id         ")
        #expect(lines[1].hasPrefix(String(repeating: " ", count: column)), "\(lines)")
        #expect(!lines[1].hasPrefix(String(repeating: " ", count: column + 1)), "\(lines)")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 79 }, "\(lines)")
    }

    @Test func aCommandFoldsBetweenWordsAndAWordTooLongIsCutWithAnEllipsis() {
        let command =
            "▶ POST /api/products name=\"HTTP 수업용 머그컵\" description=\"HTTP 메서드를 배우려고 잠깐 올렸다가 지우는 상품입니다.\" "
            + "price:=5000 currency=KRW stock:=3 secret=@secret images@../../photos/espresso-cup.jpg as mug"
        let folded = TerminalText.wrapped(command, columns: 79, longWords: .ellipsis)
        let lines = folded.split(separator: "\n").map(String.init)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { TerminalText.width($0) <= 79 }, "\(folded)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(folded)")
        // Only line breaks were added: no word is split.
        #expect(
            folded.split(whereSeparator: \.isWhitespace) == command.split(whereSeparator: \.isWhitespace), "\(folded)")
        #expect(folded.contains("secret=@secret"), "\(folded)")
        let long = "▶ GET /api/products/" + String(repeating: "x", count: 120) + " --no-auth"
        let cut = TerminalText.wrapped(long, columns: 40, longWords: .ellipsis).split(separator: "\n").map(String.init)
        #expect(cut.allSatisfy { TerminalText.width($0) <= 40 }, "\(cut)")
        #expect(cut.contains { $0.hasSuffix("x…") }, "\(cut)")
        #expect(cut.last == "  --no-auth", "\(cut)")
    }

    @Test func aWordTooLongCanBeKeptWholeOnItsOwnLine() {
        let url = "http://127.0.0.1:8080/images/1/" + String(repeating: "d", count: 60) + "_thumb.jpg"
        let line = "      \"thumbnail\" : \"\(url)\", and more words after it"
        let lines = TerminalText.wrapped(line, columns: 60, longWords: .whole).split(separator: "\n").map(String.init)
        #expect(lines == ["      \"thumbnail\" :", "      \"\(url)\",", "      and more words after it"], "\(lines)")
    }

    @Test func aURLIsShownDecodedWithoutTheServerAndCutInTheMiddle() {
        let url = "http://127.0.0.1:8080/api/products?search_value=%ED%8C%8C%EB%9E%80&a=%26b%3D"
        #expect(
            TerminalText.shownURL(url) == "http://127.0.0.1:8080/api/products?search_value=파란&a=%26b%3D",
            "non-ASCII text decoded, an encoded & and = kept")
        #expect(
            TerminalText.shownURL(url, server: "http://127.0.0.1:8080/") == "/api/products?search_value=파란&a=%26b%3D")
        #expect(TerminalText.shownURL(url, server: "http://127.0.0.1:9999") == TerminalText.shownURL(url))
        // Bytes that are not UTF-8, or decode to a control, stay encoded.
        #expect(TerminalText.shownURL("/p?q=%FF%FE") == "/p?q=%FF%FE")
        #expect(TerminalText.shownURL("/p?q=%C2%85") == "/p?q=%C2%85")
        let long = "/api/products?search_value=" + String(repeating: "%ED%8C%8C", count: 60) + "&page_no=2"
        let cut = TerminalText.shownURL(long, columns: 40)
        #expect(TerminalText.width(cut) <= 40, "\(cut)")
        #expect(cut.hasPrefix("/api/products?"), "\(cut)")
        #expect(cut.hasSuffix("&page_no=2"), "\(cut)")
        #expect(cut.contains("…"), "\(cut)")
    }
}
