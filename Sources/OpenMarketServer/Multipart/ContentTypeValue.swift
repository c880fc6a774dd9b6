/// A `Content-Type` value as RFC 9110 §8.3.1 and §5.6.6 define it: `type/subtype` and
/// parameters, names case-insensitive, values a token or a quoted-string (with `\` escapes).
///
/// Written here because Hummingbird's `MediaType` keeps only the first parameter, so
/// `multipart/form-data; charset=utf-8; boundary=…` had no boundary; MultipartKit's reader splits
/// on every `;` and `=`, quoted or not.
struct ContentTypeValue: Equatable {
    /// Lowercased, e.g. `multipart/form-data`.
    var mediaType: String
    /// Names lowercased. A name given twice makes the whole value invalid: which one a reader
    /// picks would be a guess, and a boundary guessed wrong reads the body wrong.
    var parameters: [String: String]

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var i = 0
        func skipSpaces() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        func token() -> String? {
            let start = i
            while i < bytes.count, Self.isTokenByte(bytes[i]) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }
        func quotedString() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            var value: [UInt8] = []
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return String(decoding: value, as: UTF8.self)
                case UInt8(ascii: "\\") where i + 1 < bytes.count:
                    value.append(bytes[i + 1])
                    i += 2
                case let byte where byte == 0x09 || (byte >= 0x20 && byte != 0x7F):
                    value.append(byte)
                    i += 1
                default:
                    return nil
                }
            }
            return nil
        }

        skipSpaces()
        guard let type = token(), i < bytes.count, bytes[i] == UInt8(ascii: "/") else { return nil }
        i += 1
        guard let subtype = token() else { return nil }
        var parameters: [String: String] = [:]
        skipSpaces()
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: ";") else { return nil }
            i += 1
            skipSpaces()
            if i == bytes.count { break }  // a trailing `;` is allowed
            guard let name = token()?.lowercased(), i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            guard let value = bytes.indices.contains(i) && bytes[i] == UInt8(ascii: "\"") ? quotedString() : token(),
                parameters.updateValue(value, forKey: name) == nil
            else { return nil }
            skipSpaces()
        }
        mediaType = "\(type.lowercased())/\(subtype.lowercased())"
        self.parameters = parameters
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// RFC 2046 §5.1.1: 1 to 70 `bchars` (letters, digits, `'()+_,-./:=?` and space), not ending
    /// in a space. Anything else is refused rather than searched for in the body.
    static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != 0x20 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                Array("'()+_,-./:=? ".utf8).contains(byte)
            }
        }
    }
}
