import Foundation
import OpenMarketContract

/// The numbers at the top level of a JSON object, as they were written.
///
/// Written here because Foundation's `JSONDecoder` rounds a `Decimal` to 38 significant digits
/// without a word and offers no way to see the number's text, so `"price": 1.000…0001` (40
/// digits) arrived as a valid price of 1. This finds each top-level number's text for the
/// rules to judge; everything else about the body is left to the decoder, which reports it.
enum JSONNumberText {
    /// Each top-level `"key": number` pair, key and text as written, in order. Strings (with
    /// their escapes), nested objects and arrays are skipped; a body that is not an object gives
    /// whatever pairs were found before it stopped making sense.
    static func topLevelNumbers(in data: Data) -> [(key: String, text: String)] {
        var found: [(key: String, text: String)] = []
        var depth = 0
        var index = data.startIndex
        var lastString: String?
        var key: String?
        var afterColon = false
        while index < data.endIndex {
            let byte = data[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = data.index(after: index)
                var end = start
                while end < data.endIndex, data[end] != UInt8(ascii: "\"") {
                    end =
                        data.index(end, offsetBy: data[end] == UInt8(ascii: "\\") ? 2 : 1, limitedBy: data.endIndex)
                        ?? data.endIndex
                }
                if depth == 1 { lastString = String(decoding: data[start..<min(end, data.endIndex)], as: UTF8.self) }
                index = min(end, data.endIndex)
                afterColon = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                afterColon = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                afterColon = false
            case UInt8(ascii: ":") where depth == 1:
                key = lastString
                afterColon = true
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < data.endIndex, Self.numberBytes.contains(data[end]) { end = data.index(after: end) }
                if depth == 1, afterColon, let key {
                    found.append((key, String(decoding: data[index..<end], as: UTF8.self)))
                }
                index = data.index(before: end)
                afterColon = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                afterColon = false
            }
            if index < data.endIndex { index = data.index(after: index) }
        }
        return found
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)

    /// The rule breaks of the numbers the contract's fields hold, named by field.
    static func violations(in data: Data, fields: Set<String>) -> [RuleViolation] {
        topLevelNumbers(in: data).compactMap { pair in
            fields.contains(pair.key) ? ProductRules.checkNumberText(pair.text, pair.key) : nil
        }
    }
}
