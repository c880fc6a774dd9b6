import Foundation
import OpenMarketContract
import Testing

/// How a JSON Lines file (a change log, a journal) is cut into lines: as `split` cut them, on
/// slices of any offset.
@Suite("JSON Lines")
struct JSONLinesTests {
    @Test func linesAreWhatSplitGivesWithoutEmptyOnes() {
        let texts = ["", "\n", "\n\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "{\"x\":1}\n{\"y\":2}\n\n{\"z\":3}"]
        for text in texts {
            let data = Data(text.utf8)
            let expected = data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
            #expect(data.jsonLines.map { Array($0) } == expected, "\(text.debugDescription)")
        }
        // A slice that does not start at 0, as `Data` slices may not.
        let whole = Data("skip\nfirst\nsecond".utf8)
        let slice = whole[5...]
        #expect(slice.jsonLines.map { String(decoding: $0, as: UTF8.self) } == ["first", "second"])
    }
}
