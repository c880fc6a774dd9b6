import Foundation
import Testing

@testable import SellerShell

@Suite("$'…' quoting and writing words back")
struct QuotingTests {
    @Test(arguments: [
        (#"description=$'line one\nline two'"#, ["description=line one\nline two"]),
        (#"$'\t\r\\\'\"\a\b\e\f\v'"#, ["\t\r\\'\"\u{07}\u{08}\u{1B}\u{0C}\u{0B}"]),
        (#"$'\x41\x4a\u00e9\U0001F600\101\7'"#, ["AJé😀A\u{07}"]),
        (#"$'\xEC\x95\x88' $'\uC548'"#, ["안", "안"]),
        (#"$'\q \x \u \z'"#, [#"\q \x \u \z"#]),
        (#"a$'b'c "$'x'" '$'"#, ["abc", "$'x'", "$"]),
        (#"$5 $ x$"#, ["$5", "$", "x$"]),
        (#"$'it\'s' two"#, ["it's", "two"]),
    ])
    func ansiCQuotesAsBashDoes(line: String, words: [String]) throws {
        #expect(try WordSplitter.split(line).map(\.text) == words)
    }

    @Test func anAnsiCQuotedWordIsQuoted() throws {
        let words = try WordSplitter.split(#"image=$'a*.jpg'"#)
        #expect(words.map(\.wasQuoted) == [true])
    }

    // A raw NUL too (the fuzzer found `image=sku 1␀␀2.jpg` split, then written back as `$'…\x00…'`,
    // which is refused: the word could not be split again).
    @Test(arguments: [#"$'\0'"#, #"$'a\x00b'"#, #"$'\u0000'"#, #"$'\U00000000'"#, #"$'\000'"#, "image=sku 1\u{0}2.jpg"])
    func aNulIsRefused(line: String) {
        #expect(throws: WordSplitError.nulCharacter) { try WordSplitter.split(line) }
        #expect(WordSplitError.nulCharacter.description.contains("NUL"))
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(throws: WordSplitError.invalidBytes(#"\xE9"#)) { try WordSplitter.split(#"$'caf\xE9'"#) }
    }

    @Test func anUnclosedAnsiCQuoteIsAnError() {
        #expect(throws: WordSplitError.unterminatedQuote("'")) { try WordSplitter.split(#"$'open"#) }
        #expect(throws: WordSplitError.unterminatedQuote("'")) { try WordSplitter.split(#"$'open\'"#) }
    }

    @Test(arguments: [
        "line one\nline two", "tab\there", "\u{1B}[31mred\u{1B}[0m", "it's \\ \"q\"", "bell\u{07}", "cr\r\nlf", "C1\u{85}",
        "e\u{301}", "\u{301}starts with a mark", "우유병 텀블러", "", "plain", "sep\u{2028}",
    ])
    func quotingRoundTrips(text: String) throws {
        let written = WordQuoting.quote(text)
        #expect(!written.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(try WordSplitter.split(written).map(\.text) == [text])
        #expect(try WordSplitter.split("description=" + written).map(\.text) == ["description=" + text])
    }

    @Test func aValueWithALineBreakIsWrittenAnsiCQuoted() {
        #expect(WordQuoting.quote("line one\nline two") == #"$'line one\nline two'"#)
        #expect(WordQuoting.quote("it's") == #"'it'\''s'"#)
        #expect(WordQuoting.quote("plain") == "plain")
    }

    @Test func aPatchWithALineBreakIsWrittenBackAsOneLineThatParsesTheSame() throws {
        let registry = CommandRegistry.shell
        let patch = try #require(
            try registry.parse(WordSplitter.split(#"patch 3 description=$'first line\nsecond\tline'"#)) as? Patch)
        #expect(patch.changes.description == "first line\nsecond\tline")
        let line = patch.words.map { WordQuoting.quote($0.text) }.joined(separator: " ")
        #expect(!line.contains("\n"))
        let again = try #require(try registry.parse(WordSplitter.split(line)) as? Patch)
        #expect(again.changes == patch.changes && again.order == patch.order)
    }
}
