import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text as a spreadsheet saves it: UTF-8 (a byte order mark dropped), or Korean Excel's CP949.
/// One converter for the shell's catalogs and the market's rosters and assignments (each had a
/// copy of it).
public enum KoreanExcelText {

    /// The bytes as text, and whether they were read as CP949; nil when they are neither
    /// UTF-8 nor (when `allowingCP949`) CP949.
    public static func decode(_ data: Data, allowingCP949: Bool = true) -> (text: String, cp949: Bool)? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        guard allowingCP949 else { return nil }
        return fromCP949(bytes).map { ($0, true) }
    }

    /// CP949 (Microsoft's superset of EUC-KR) through glibc's iconv, whose UHC module holds the
    /// table: a kept library rather than 17,000 hand-copied code points.
    public static func fromCP949(_ bytes: [UInt8]) -> String? {
        // Two CP949 bytes become at most three UTF-8 bytes; one ASCII byte stays one.
        guard let data = convert(bytes, from: "CP949", to: "UTF-8", growth: 2) else { return nil }
        return String(validating: data, as: UTF8.self)
    }

    /// UTF-8 text as CP949 bytes (to write a CP949 file back as it came); nil when a character
    /// has no CP949 code.
    public static func toCP949(_ text: String) -> Data? {
        convert(Array(text.utf8), from: "UTF-8", to: "CP949", growth: 1)
    }

    /// `bytes` from one encoding to another through iconv; nil when any byte sequence does not
    /// convert. The output buffer is `growth` times the input, plus a little.
    private static func convert(_ bytes: [UInt8], from source: String, to target: String, growth: Int) -> Data? {
        let converter = iconv_open(target, source)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * growth + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress
                var outLeft = outBuffer.count
                let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                return result == -1 || inLeft != 0 ? nil : outBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return Data(output[0..<written].map { UInt8(bitPattern: $0) })
    }
}
