import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@Suite("Text written into bytes")
struct TextBytesTests {
    /// Pieces of every kind, appended in turn, read back as the same text a `String` built by
    /// `+=` holds: small and large strings, Korean, substrings, single bytes and numbers.
    @Test func piecesReadBackAsTheStringTheyMake() {
        var random = SplitMix64(seed: 7)
        let words = ["", "a", "#", "우유병 텀블러", "a line longer than fifteen bytes", "e\u{301}", "\u{1F600}", "\n"]
        for _ in 0..<500 {
            var bytes = TextBytes(capacity: Int(random.next() % 64))
            var string = ""
            for _ in 0..<Int(random.next() % 12) {
                switch random.next() % 4 {
                case 0:
                    let word = words[Int(random.next() % UInt64(words.count))]
                    bytes += word
                    string += word
                case 1:
                    let word = words[Int(random.next() % UInt64(words.count))]
                    let cut = word.dropFirst(Int(random.next() % 3))
                    bytes.append(cut)
                    string += cut
                case 2:
                    bytes.append(ascii: 0x20)
                    string += " "
                default:
                    let number = Int(Int64(bitPattern: random.next()) % 100_000) * (random.next() % 2 == 0 ? 1 : -1)
                    bytes.append(number)
                    string += String(number)
                }
            }
            #expect(bytes.string == string)
            #expect(bytes.utf8 == Array(string.utf8))
        }
    }

    @Test func numbersAreWrittenAsStringWritesThem() {
        for number in [0, 7, 9, 10, -1, -10, 12_345, Int.max, Int.min] {
            var bytes = TextBytes()
            bytes.append(number)
            #expect(bytes.string == String(number))
        }
    }
}
