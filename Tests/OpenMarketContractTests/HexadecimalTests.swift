import Foundation
import OpenMarketContract
import Testing

/// The one lowercase hex writer the journals, change logs and photo cache name files with.
@Suite("Hexadecimal")
struct HexadecimalTests {
    @Test func everyByteIsTwoLowercaseDigitsAsStringFormatWritesThem() {
        let bytes = (0...255).map(UInt8.init)
        #expect(bytes.hexadecimal == bytes.map { String(format: "%02x", $0) }.joined())
        #expect([UInt8]().hexadecimal == "")
        #expect([0x00, 0x0a, 0xff].hexadecimal == "000aff")
    }

    @Test func aPrefixOfASequenceIsWrittenLikeTheWholeOne() {
        // Digests are named by a prefix (`digest.prefix(6).hexadecimal`), a sequence, not an array.
        let bytes: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x23, 0x45, 0x67]
        #expect(bytes.prefix(6).hexadecimal == "deadbeef0123")
        #expect(bytes.lazy.map { $0 }.hexadecimal == "deadbeef01234567")
    }
}
