import MarketTestSupport
import Testing

@testable import SellerShell

/// A script's line split once into words whose pieces are text or references.
@Suite struct WordTemplateTests {
    @Test func referencesAreHolesInTheirWords() throws {
        let words = try WordSplitter.words(#"patch $mug name="${mug.name} v2" note='$kept' \$5 $5 ${ padded }"#)
        #expect(
            words.map(\.pieces) == [
                [.text("patch")], [.reference("mug")], [.text("name="), .reference("mug.name"), .text(" v2")],
                [.text("note=$kept")], [.text("$5")], [.text("$5")], [.reference("padded")],
            ])
        #expect(words.map(\.wasQuoted) == [false, false, true, true, true, false, false])
        #expect(words[1].literal == nil && words[0].literal == Word("patch"))
        #expect(words[2].references == ["mug.name"])
    }

    @Test func aReferenceNotClosedOrEmptyIsRefused() throws {
        #expect(throws: WordSplitError.unclosedReference) { try WordSplitter.words("show ${mug") }
        #expect(throws: WordSplitError.emptyReference) { try WordSplitter.words("show ${ }") }
        // Without references `$` is text, as the shell without its scripting layer reads it.
        #expect(try WordSplitter.split("show ${mug").map(\.text) == ["show", "${mug"])
    }

    /// A line with no quote, backslash, `$` or NUL is split on its bytes (`plainWords`): its
    /// words must be the ones the scan makes, for `split` and for `words`. Random lines of the
    /// characters the scan cares about and some it does not (white space it does not split at,
    /// letters of several bytes, a combining mark after what would be a quote).
    @Test func aPlainLineSplitOnItsBytesGivesTheWordsTheScanMakes() throws {
        var random = SplitMix64(seed: 39)
        let pieces = [
            "show", "1", " ", "  ", "\t", "\n", "\r", "\r\n", "상품", "\u{3000}", "\u{00A0}", "é", "e\u{301}", "=", "x",
            "'", "\"", "\\", "$", "$x", "#", "\u{0}", "\u{1F600}", "\u{1B}",
        ]
        var plain = 0
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var scanner = LineScanner(line, references: true)
            let scanned = try? scanner.words()
            var bare = LineScanner(line, references: false)
            let scannedBare = try? bare.words()
            guard let fast = WordSplitter.plainWords(line) else {
                #expect(line.unicodeScalars.contains { "\\'\"$\u{0}".unicodeScalars.contains($0) }, "\(line.debugDescription)")
                continue
            }
            plain += 1
            #expect(fast.map { WordTemplate([.text($0)]) } == scanned, "\(line.debugDescription)")
            #expect(fast.map { Word($0) } == scannedBare?.map { $0.literal ?? Word("") }, "\(line.debugDescription)")
        }
        // Both kinds of line came up often.
        #expect(plain > 1_000 && plain < 4_000, "\(plain) plain lines of 5,000")
    }
}
