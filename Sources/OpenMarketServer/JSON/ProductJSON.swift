import Foundation
import NIOCore
import OpenMarketContract

/// Writes products, product pages and details as JSON straight into a `ByteBuffer`, byte for
/// byte what `MarketJSON.encoder` (Foundation's `JSONEncoder`, sorted keys, slashes unescaped)
/// writes for the same values; `ProductJSONTests` holds it to that over many generated products.
///
/// Hand-written because encoding was most of the time of an uncached list or a detail:
/// `JSONEncoder` builds a tree of boxed values for every field, sorts each object's keys by
/// comparing strings, and copies the result into `Data`, which the response copies again into a
/// `ByteBuffer`. No kept library writes JSON into a `ByteBuffer` with `JSONEncoder`'s exact
/// output (its escapes, its `Decimal` text): NIOFoundationCompat's `JSONEncoder.encode(_:into:)`
/// is the same `JSONEncoder` plus a copy, and the other JSON packages are decoders or differ in
/// escaping and number formatting. The shapes here are fixed and small, so the keys are written in
/// their sorted order as constants.
enum ProductJSON {
    /// A list page: the envelope with each product in its summary shape.
    static func page(_ page: ProductPage, allocator: ByteBufferAllocator = ByteBufferAllocator()) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256 + 640 * page.products.count)
        write(page, into: &buffer)
        return buffer
    }

    /// One product, in whichever shape it is (a detail has images and a vendor).
    static func product(_ product: Product, allocator: ByteBufferAllocator = ByteBufferAllocator()) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 1024 + 320 * (product.images?.count ?? 0))
        write(product, into: &buffer)
        return buffer
    }

    // Keys in the order `.sortedKeys` puts them: by their UTF-8 bytes, so `vendorName` comes
    // before `vendor_id` (`N` < `_`) and `pageNo` before `pages`.

    static func write(_ page: ProductPage, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"hasNext":"#)
        writeBool(page.hasNext, into: &buffer)
        buffer.writeStaticString(#","hasPrev":"#)
        writeBool(page.hasPrev, into: &buffer)
        buffer.writeStaticString(#","itemsPerPage":"#)
        writeInt(page.itemsPerPage, into: &buffer)
        buffer.writeStaticString(#","lastPage":"#)
        writeInt(page.lastPage, into: &buffer)
        buffer.writeStaticString(#","limit":"#)
        writeInt(page.limit, into: &buffer)
        buffer.writeStaticString(#","offset":"#)
        writeInt(page.offset, into: &buffer)
        buffer.writeStaticString(#","pageNo":"#)
        writeInt(page.pageNo, into: &buffer)
        buffer.writeStaticString(#","pages":["#)
        for (index, product) in page.products.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            write(product, into: &buffer)
        }
        buffer.writeStaticString(#"],"totalCount":"#)
        writeInt(page.totalCount, into: &buffer)
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// Optional fields are left out when nil, as the synthesized `encode(to:)` does
    /// (`encodeIfPresent`).
    static func write(_ product: Product, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"bargain_price":"#)
        writeDecimal(product.bargainPrice, into: &buffer)
        if let createdAt = product.createdAt {
            buffer.writeStaticString(#","created_at":"#)
            writeString(createdAt.text, into: &buffer)
        }
        buffer.writeStaticString(#","currency":"#)
        writeString(product.currency.rawValue, into: &buffer)
        buffer.writeStaticString(#","description":"#)
        writeString(product.description, into: &buffer)
        buffer.writeStaticString(#","discounted_price":"#)
        writeDecimal(product.discountedPrice, into: &buffer)
        buffer.writeStaticString(#","id":"#)
        writeInt(product.id, into: &buffer)
        if let images = product.images {
            buffer.writeStaticString(#","images":["#)
            for (index, image) in images.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                write(image, into: &buffer)
            }
            buffer.writeInteger(UInt8(ascii: "]"))
        }
        if let issuedAt = product.issuedAt {
            buffer.writeStaticString(#","issued_at":"#)
            writeString(issuedAt.text, into: &buffer)
        }
        buffer.writeStaticString(#","name":"#)
        writeString(product.name, into: &buffer)
        buffer.writeStaticString(#","price":"#)
        writeDecimal(product.price, into: &buffer)
        buffer.writeStaticString(#","stock":"#)
        writeInt(product.stock, into: &buffer)
        if let thumbnail = product.thumbnail {
            buffer.writeStaticString(#","thumbnail":"#)
            writeString(thumbnail, into: &buffer)
        }
        if let vendorName = product.vendorName {
            buffer.writeStaticString(#","vendorName":"#)
            writeString(vendorName, into: &buffer)
        }
        if let vendorID = product.vendorID {
            buffer.writeStaticString(#","vendor_id":"#)
            writeInt(vendorID, into: &buffer)
        }
        if let vendor = product.vendor {
            buffer.writeStaticString(#","vendors":{"id":"#)
            writeInt(vendor.id, into: &buffer)
            buffer.writeStaticString(#","name":"#)
            writeString(vendor.name, into: &buffer)
            buffer.writeInteger(UInt8(ascii: "}"))
        }
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    static func write(_ image: ProductImage, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"id":"#)
        writeInt(image.id, into: &buffer)
        if let issuedAt = image.issuedAt {
            buffer.writeStaticString(#","issued_at":"#)
            writeString(issuedAt.text, into: &buffer)
        }
        buffer.writeStaticString(#","thumbnail_url":"#)
        writeString(image.thumbnailURL, into: &buffer)
        buffer.writeStaticString(#","url":"#)
        writeString(image.url, into: &buffer)
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    // MARK: Values

    static func writeBool(_ value: Bool, into buffer: inout ByteBuffer) {
        if value { buffer.writeStaticString("true") } else { buffer.writeStaticString("false") }
    }

    /// Decimal digits, as `JSONEncoder` writes an `Int` (its `description`).
    static func writeInt(_ value: Int, into buffer: inout ByteBuffer) {
        // 20 bytes hold Int.min's 19 digits and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: digits[start...])))
        }
    }

    /// `JSONEncoder` writes a `Decimal` as its `description`, unquoted (even `NaN`); the text
    /// comes from `DecimalText`, which remembers it.
    static func writeDecimal(_ value: Decimal, into buffer: inout ByteBuffer) {
        DecimalText.shared.write(value, into: &buffer)
    }

    /// A JSON string as `JSONEncoder` writes it with `.withoutEscapingSlashes`: `"` and `\`
    /// escaped, U+0008, U+0009, U+000A, U+000C and U+000D as `\b \t \n \f \r`, the other controls
    /// below U+0020 as `\u00xx` in lower-case hex, and everything else (U+007F, U+2028, `/`, any
    /// non-ASCII) as its UTF-8 bytes.
    static func writeString(_ string: String, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index {
                    buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                }
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): buffer.writeStaticString(#"\""#)
                case UInt8(ascii: "\\"): buffer.writeStaticString(#"\\"#)
                case 0x08: buffer.writeStaticString(#"\b"#)
                case 0x09: buffer.writeStaticString(#"\t"#)
                case 0x0A: buffer.writeStaticString(#"\n"#)
                case 0x0C: buffer.writeStaticString(#"\f"#)
                case 0x0D: buffer.writeStaticString(#"\r"#)
                default:
                    let hex: StaticString = "0123456789abcdef"
                    buffer.writeStaticString(#"\u00"#)
                    buffer.writeInteger(hex.utf8Start[Int(byte >> 4)])
                    buffer.writeInteger(hex.utf8Start[Int(byte & 0x0F)])
                }
            }
            if runStart < bytes.count {
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart...])))
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}
