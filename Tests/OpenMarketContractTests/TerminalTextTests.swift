import TerminalText
import Testing

@Suite("Terminal columns and visible control characters")
struct TerminalTextTests {
    @Test func hangulTakesTwoColumnsAndCombiningMarksNone() {
        #expect(TerminalText.width("우유병 텀블러") == 13)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.width("mug") == 3)
    }

    /// Printable ASCII is counted a column a byte without Unicode lookups; every other text,
    /// including ASCII with controls in it, is measured scalar by scalar as before.
    @Test func asciiIsAColumnAByteAndControlsAndMarksStillCountNothing() {
        for value in 0..<0x7F {
            let scalar = Unicode.Scalar(UInt8(value))
            #expect(TerminalText.width(of: scalar) == (value < 0x20 ? 0 : 1), "U+\(value)")
        }
        #expect(TerminalText.width(of: "\u{7F}") == 0)
        #expect(TerminalText.width(of: "\u{85}") == 0)
        #expect(TerminalText.width(of: "\u{A0}") == 1)
        #expect(TerminalText.width(String(repeating: "price 3,500 ", count: 20)) == 240)
        #expect(TerminalText.width("tab\there") == 7)
        #expect(TerminalText.width("mug\u{301}") == 3)
        #expect(TerminalText.width("mug 우유") == 8)
    }

    @Test func controlCharactersBecomeTheirPictures() {
        #expect(TerminalText.visible("a\u{1B}[2J") == "a\u{241B}[2J")
        #expect(TerminalText.visible("x\u{7F}\u{85}") == "x\u{2421}\u{FFFD}")
        #expect(TerminalText.visible("a\nb", keepingNewlines: true) == "a\nb")
        #expect(TerminalText.visible("a\nb") == "a\u{240A}b")
        #expect(TerminalText.visible("우유병 °C") == "우유병 °C")
        #expect(TerminalText.visible("\u{9B}31m") == "\u{FFFD}31m")
    }

    @Test func aCRLFLineBreakKeptAsALineBreakShowsNoCarriageReturn() {
        // A description stored with CR LF (an old import from a Windows sheet) showed `␍` at the
        // end of each line.
        #expect(TerminalText.visible("one\r\ntwo", keepingNewlines: true) == "one\ntwo")
        // A carriage return alone, or before anything but a line break, is still shown.
        #expect(TerminalText.visible("one\rtwo\r", keepingNewlines: true) == "one\u{240D}two\u{240D}")
        #expect(TerminalText.visible("one\r\ntwo") == "one\u{240D}\u{240A}two")
    }

    @Test func bidiAndOtherFormatCharactersAreShownAsTheirCodePoints() {
        // "Mug\u{202E}gpj.exe" would print as "Mugexe.jpg".
        #expect(TerminalText.visible("Mug\u{202E}gpj.exe") == "Mug<U+202E>gpj.exe")
        #expect(TerminalText.visible("a\u{2066}b\u{2069}c") == "a<U+2066>b<U+2069>c")
        #expect(TerminalText.visible("zero\u{200B}width\u{FEFF}") == "zero<U+200B>width<U+FEFF>")
        #expect(TerminalText.visible("soft\u{AD}hyphen") == "soft<U+00AD>hyphen")
        #expect(TerminalText.visible("tag\u{E0041}") == "tag<U+E0041>")
        // The joiners stay: an emoji sequence is drawn as one picture.
        #expect(TerminalText.visible("👩\u{200D}💻") == "👩\u{200D}💻")
        // What is shown is what is measured.
        let shown = TerminalText.visible("우유\u{202E}병")
        #expect(TerminalText.width(shown) == 4 + 8 + 2)
    }

    // MARK: Folding to a width (issue 24: 80 columns)

    @Test func aLongLineFoldsAtSpacesUnderItsMarker() {
        let line = "  ↳ 412 Precondition Failed: someone changed it after you read it (the ETag you sent with If-Match is old)."
        let folded = TerminalText.wrapped(line, columns: 40)
        let lines = folded.split(separator: "\n").map(String.init)
        #expect(lines.count > 2, "\(folded)")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 40 }, "\(folded)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }, "under the text: \(folded)")
        // Nothing lost, nothing added but line breaks and the indent.
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                == line.trimmingCharacters(in: .whitespaces))
    }

    @Test func koreanIsMeasuredInColumnsAndAWordTooLongIsCut() {
        let korean = "# 이 수업은 HTTP 메서드를 하나씩 보냅니다 그리고 답을 읽습니다 상태 코드와 헤더와 본문을 모두 봅니다"
        let folded = TerminalText.wrapped(korean, columns: 30).split(separator: "\n").map(String.init)
        #expect(folded.allSatisfy { TerminalText.width($0) <= 30 }, "\(folded)")
        #expect(folded.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "under the text after '# ': \(folded)")
        let url = "see http://127.0.0.1:8080/images/" + String(repeating: "a", count: 60)
        let cut = TerminalText.wrapped(url, columns: 30).split(separator: "\n").map(String.init)
        #expect(cut.allSatisfy { TerminalText.width($0) <= 30 }, "\(cut)")
        #expect(cut.joined().replacingOccurrences(of: " ", with: "") == url.replacingOccurrences(of: " ", with: ""))
    }

    @Test func shortLinesAndColouredLinesStayAsTheyAre() {
        #expect(TerminalText.wrapped("short\n  also short", columns: 80) == "short\n  also short")
        let coloured = "\u{1B}[31m" + String(repeating: "word ", count: 30) + "\u{1B}[0m"
        #expect(TerminalText.wrapped(coloured, columns: 40) == coloured)
    }
}

@Suite("A path on screen")
struct ShownPathTests {
    @Test func aPathUnderTheHomeFolderStartsWithATilde() {
        #expect(
            TerminalText.shownPath("/home/kim/.local/share/openmarket/local", home: "/home/kim")
                == "~/.local/share/openmarket/local")
        #expect(TerminalText.shownPath("/home/kim/", home: "/home/kim/") == "~/")
        #expect(TerminalText.shownPath("/home/kim", home: "/home/kim") == "~")
    }

    @Test func aPathElsewhereOrOnlyLikeTheHomeFolderIsShownWhole() {
        // `/home/kimchi` is not under `/home/kim`.
        #expect(TerminalText.shownPath("/home/kimchi/data", home: "/home/kim") == "/home/kimchi/data")
        #expect(TerminalText.shownPath("/srv/market", home: "/home/kim") == "/srv/market")
        #expect(TerminalText.shownPath("/srv/market", home: nil) == "/srv/market")
        #expect(TerminalText.shownPath("/srv/market", home: "/") == "/srv/market")
        // A combining mark after the home folder's last letter makes another name.
        #expect(TerminalText.shownPath("/home/kim\u{301}/x", home: "/home/kim") == "/home/kim\u{301}/x")
    }

    /// The fast path for plain ASCII (`visible` returns such text as it is, read over its bytes
    /// in place) ends exactly where the controls begin: every scalar up to U+00FF, in the middle
    /// of plain text, is shown as the scalar-by-scalar reading shows it.
    @Test func plainASCIIEndsWhereTheControlsBegin() {
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value)!
            let text = "mug " + String(Character(scalar)) + " 12,000"
            let shown = TerminalText.visible(text)
            let control = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xAD
            #expect((shown == text) == !control, "U+\(String(value, radix: 16)): \(shown.debugDescription)")
        }
    }
}
