import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A teacher's file as text: a roster or an assignment, written by hand or saved from a
/// spreadsheet, in UTF-8 (a byte order mark dropped) or in Korean Excel's CP949. Nil when it is
/// neither. (An assignment read as UTF-8 alone refused a BOM and a CP949 file that a roster of
/// the same class was read from.)
public enum ClassTextFile {
    public static func text(_ data: Data) -> String? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(validating: bytes, as: UTF8.self) ?? fromCP949(bytes)
    }

    /// CP949 (Korean Excel's "CSV") through glibc's iconv, as the catalog reader does.
    static func fromCP949(_ bytes: [UInt8]) -> String? {
        let converter = iconv_open("UTF-8", "CP949")
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 2 + 16)
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
        return String(validating: output[0..<written].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
