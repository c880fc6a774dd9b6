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
}
