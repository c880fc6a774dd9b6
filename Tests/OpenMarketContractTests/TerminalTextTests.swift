import TerminalText
import Testing

@Suite("Terminal columns and visible control characters")
struct TerminalTextTests {
    @Test func hangulTakesTwoColumnsAndCombiningMarksNone() {
        #expect(TerminalText.width("우유병 텀블러") == 13)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.width("mug") == 3)
    }

    @Test func controlCharactersBecomeTheirPictures() {
        #expect(TerminalText.visible("a\u{1B}[2J") == "a\u{241B}[2J")
        #expect(TerminalText.visible("x\u{7F}\u{85}") == "x\u{2421}\u{FFFD}")
        #expect(TerminalText.visible("a\nb", keepingNewlines: true) == "a\nb")
        #expect(TerminalText.visible("a\nb") == "a\u{240A}b")
        #expect(TerminalText.visible("우유병 °C") == "우유병 °C")
        #expect(TerminalText.visible("\u{9B}31m") == "\u{FFFD}31m")
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
}
