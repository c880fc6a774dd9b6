import Foundation
import OpenMarketContract
import Testing

/// The one reader of text a spreadsheet saved: the shell's catalogs and the market's rosters and
/// assignments read through it.
@Suite("Spreadsheet text: UTF-8 or CP949")
struct KoreanExcelTextTests {
    /// "김민준,20240001" as Korean Excel saves it (CP949: 김 B1E8, 민 B9CE, 준 C1D8).
    static let cp949: [UInt8] = [0xB1, 0xE8, 0xB9, 0xCE, 0xC1, 0xD8] + Array(",20240001".utf8)

    @Test func utf8WithOrWithoutAByteOrderMarkIsReadAsItIs() throws {
        let text = "김민준,20240001"
        #expect(KoreanExcelText.decode(Data(text.utf8))! == (text, false))
        #expect(KoreanExcelText.decode(Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))! == (text, false))
    }

    @Test func cp949IsReadAndSaidSoOnlyWhenAllowed() throws {
        #expect(KoreanExcelText.decode(Data(Self.cp949))! == ("김민준,20240001", true))
        #expect(KoreanExcelText.decode(Data(Self.cp949), allowingCP949: false) == nil)
    }

    @Test func bytesThatAreNeitherAreRefused() {
        // 0x80 is no CP949 lead byte, and no UTF-8 either.
        #expect(KoreanExcelText.decode(Data([0x41, 0x80, 0x42])) == nil)
    }

    @Test func textWrittenAsCP949ReadsBack() throws {
        let written = try #require(KoreanExcelText.toCP949("김민준,20240001"))
        #expect([UInt8](written) == Self.cp949)
        #expect(KoreanExcelText.toCP949("emoji 🙂") == nil)
    }
}
