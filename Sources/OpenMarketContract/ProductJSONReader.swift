import Foundation

/// Reads one product's JSON, in the one shape the market sends it, in a single pass over its
/// bytes; nil for anything else, which the caller then gives to `JSONDecoder` (`Product`'s own
/// `Decodable`, the one definition of what a product's JSON means).
///
/// Written by hand for speed alone: Foundation's `JSONDecoder` took 36 µs for an 870-byte product
/// on the benchmark machine, warm (55 µs inside a script, where it was an eighth of a `show`
/// line's CPU), and this takes a few. It accepts only what it is sure of, strict JSON with:
/// - the object's known keys, each at most once (any other key: nil);
/// - strings without `\u` escapes, control characters or invalid UTF-8;
/// - integers without a fraction or exponent, decimals without an exponent, neither `-0`;
/// - `null` only where `Product` accepts a missing value.
///
/// Everything else (an exponent, a `\u00e9`, a field another server adds) goes to `JSONDecoder`,
/// which also gives every error its message. The `product-json` fuzz target and
/// `ProductJSONReaderTests` check that whatever this reads, `JSONDecoder` reads the same.
public enum ProductJSONReader {
    public static func read(_ data: Data) -> Product? {
        data.withUnsafeBytes { raw in
            var reader = JSONBytes(raw.bindMemory(to: UInt8.self))
            guard let product = reader.product(), reader.atEnd() else { return nil }
            return product
        }
    }
}

/// A cursor over JSON bytes with the few readers `ProductJSONReader` needs; each returns nil
/// (and the whole read gives up) on anything outside the subset above.
private struct JSONBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Only white space is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// `null`, taken when it is next.
    mutating func null() -> Bool {
        skipSpace()
        guard index + 4 <= bytes.count, bytes[index] == 0x6E, bytes[index + 1] == 0x75, bytes[index + 2] == 0x6C,
            bytes[index + 3] == 0x6C
        else { return false }
        index += 4
        return true
    }

    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var unescaped: [UInt8]?
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                if let unescaped { return unescaped.withUnsafeBufferPointer { Self.text($0) } }
                return Self.text(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                let replacement: UInt8
                switch bytes[index + 1] {
                case UInt8(ascii: "\""): replacement = 0x22
                case UInt8(ascii: "\\"): replacement = 0x5C
                case UInt8(ascii: "/"): replacement = 0x2F
                case UInt8(ascii: "b"): replacement = 0x08
                case UInt8(ascii: "f"): replacement = 0x0C
                case UInt8(ascii: "n"): replacement = 0x0A
                case UInt8(ascii: "r"): replacement = 0x0D
                case UInt8(ascii: "t"): replacement = 0x09
                default: return nil  // `\u`, and anything invalid
                }
                if unescaped == nil { unescaped = Array(bytes[start..<index]) }
                unescaped?.append(replacement)
                index += 2
            case 0..<0x20:
                return nil
            default:
                unescaped?.append(byte)
                index += 1
            }
        }
        return nil
    }

    /// The bytes as text when they are valid UTF-8: ASCII as it is; other text decoded and kept
    /// when decoding changed nothing (it replaces what is not UTF-8). `String(validating:)` is
    /// generic, and cost as much as the rest of the read.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: utf8, as: UTF8.self)
        if utf8.allSatisfy({ $0 < 0x80 }) { return text }
        let same = text.withUTF8 { decoded in
            decoded.count == utf8.count && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
        return same ? text : nil
    }

    /// The index in `keys` of the key that comes next (its raw bytes, so a key with an escape is
    /// none of them), the cursor after it; nil when it is none of them.
    mutating func key(in keys: [[UInt8]]) -> Int? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { index += 1 }
        guard current == UInt8(ascii: "\"") else { return nil }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return keys.firstIndex { $0.elementsEqual(key) }
    }

    /// A number's text, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 18 digits (an Int64 and a
    /// Decimal's mantissa hold them exactly), and whether it has a fraction; nil for an exponent,
    /// `-0…`, a leading zero and anything that is not a number.
    private mutating func number() -> (text: String, fraction: Bool)? {
        skipSpace()
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        guard let first = current, (0x30...0x39).contains(first) else { return nil }
        index += 1
        if first == 0x30 {
            if digitsStart > start { return nil }
            if let next = current, (0x30...0x39).contains(next) { return nil }
        }
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
        var fraction = false
        if current == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
            guard index > fractionStart else { return nil }
            fraction = true
        }
        if let byte = current, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
        guard index - digitsStart - (fraction ? 1 : 0) <= 18 else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), fraction)
    }

    mutating func int() -> Int? {
        guard let (text, fraction) = number(), !fraction else { return nil }
        return Int(text)
    }

    /// Foundation's own reading of the number's text, as JSONDecoder's. A whole number (most
    /// prices) is made from its Int64: the same Decimal, bit for bit, at less than half the cost
    /// of reading the text (three amounts a product, on every `show`).
    mutating func decimal() -> Decimal? {
        guard let (text, fraction) = number() else { return nil }
        if !fraction, let whole = Int64(text) { return Decimal(whole) }
        return Decimal(string: text)
    }

    /// A date's text, or `null`: nil when it is neither (a number is left to JSONDecoder).
    mutating func timestamp() -> MarketTimestamp?? {
        if null() { return .some(nil) }
        guard let text = string() else { return nil }
        return .some(MarketTimestamp(text: text))
    }

    /// `{ "key": value, … }`, calling `field` for each key with the cursor on its value; nil when
    /// `field` gives up or a key comes twice (`keys` names those `field` takes, in bit order).
    mutating func object(keys: [[UInt8]], _ field: (inout JSONBytes, Int) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var seen: UInt32 = 0
        repeat {
            guard let bit = key(in: keys), seen & (1 << bit) == 0,
                take(UInt8(ascii: ":")), field(&self, bit)
            else { return false }
            seen |= 1 << bit
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private static let productKeys = [
        "id", "vendor_id", "vendorName", "name", "description", "thumbnail", "currency", "price", "bargain_price",
        "discounted_price", "stock", "created_at", "issued_at", "images", "vendors",
    ].map { Array($0.utf8) }
    private static let imageKeys = ["id", "url", "thumbnail_url", "issued_at"].map { Array($0.utf8) }
    private static let vendorKeys = ["id", "name"].map { Array($0.utf8) }

    /// An optional field: `null` is nil, anything else is what `read` makes of it.
    private mutating func optional<T>(_ read: (inout JSONBytes) -> T?) -> T?? {
        if null() { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    mutating func product() -> Product? {
        var id: Int?, vendorID: Int?, vendorName: String?, name: String?, description: String?, thumbnail: String?
        var currency: String?, price: Decimal?, bargainPrice: Decimal?, discountedPrice: Decimal?, stock: Int?
        var createdAt: MarketTimestamp?, issuedAt: MarketTimestamp?, images: [ProductImage]?
        var vendor: VendorReference?
        let complete = object(keys: Self.productKeys) { reader, key in
            switch key {
            case 0: return require(&id, reader.int())
            case 1: return set(&vendorID, reader.optional { $0.int() })
            case 2: return set(&vendorName, reader.optional { $0.string() })
            case 3: return require(&name, reader.string())
            case 4: return set(&description, reader.optional { $0.string() })
            case 5: return set(&thumbnail, reader.optional { $0.string() })
            case 6: return require(&currency, reader.string())
            case 7: return require(&price, reader.decimal())
            case 8: return set(&bargainPrice, reader.optional { $0.decimal() })
            case 9: return set(&discountedPrice, reader.optional { $0.decimal() })
            case 10: return require(&stock, reader.int())
            case 11: return set(&createdAt, reader.timestamp())
            case 12: return set(&issuedAt, reader.timestamp())
            case 13: return set(&images, reader.optional { $0.images() })
            default: return set(&vendor, reader.optional { $0.vendor() })
            }
        }
        guard complete, let id, let name, let currency, let price, let stock else { return nil }
        let discount = discountedPrice ?? 0
        return Product(
            id: id, vendorID: vendorID, vendorName: vendorName, name: name, description: description ?? "",
            thumbnail: thumbnail, currency: Currency(rawValue: currency), price: price,
            bargainPrice: bargainPrice ?? (price - discount), discountedPrice: discount, stock: stock,
            createdAt: createdAt, issuedAt: issuedAt, images: images, vendor: vendor)
    }

    mutating func images() -> [ProductImage]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var images: [ProductImage] = []
        if take(UInt8(ascii: "]")) { return images }
        repeat {
            guard let image = image() else { return nil }
            images.append(image)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? images : nil
    }

    mutating func image() -> ProductImage? {
        var id: Int?, url: String?, thumbnailURL: String?, issuedAt: MarketTimestamp?
        let complete = object(keys: Self.imageKeys) { reader, key in
            switch key {
            case 0: return require(&id, reader.int())
            case 1: return require(&url, reader.string())
            case 2: return require(&thumbnailURL, reader.string())
            default: return set(&issuedAt, reader.timestamp())
            }
        }
        guard complete, let id, let url, let thumbnailURL else { return nil }
        return ProductImage(id: id, url: url, thumbnailURL: thumbnailURL, issuedAt: issuedAt)
    }

    mutating func vendor() -> VendorReference? {
        var id: Int?, name: String?
        let complete = object(keys: Self.vendorKeys) { reader, key in
            key == 0 ? require(&id, reader.int()) : require(&name, reader.string())
        }
        guard complete, let id, let name else { return nil }
        return VendorReference(id: id, name: name)
    }
}

/// Sets an optional field from `value`: nil when it could not be read (give up: false),
/// `.some(nil)` for a `null`.
private func set<T>(_ field: inout T?, _ value: T??) -> Bool {
    guard let value else { return false }
    field = value
    return true
}

/// Sets a required field from `value`; false (give up) when it could not be read.
private func require<T>(_ field: inout T?, _ value: T?) -> Bool {
    field = value
    return value != nil
}
