/// Text written piece by piece into UTF-8 bytes, made a `String` once at the end.
///
/// Written by hand because the standard library's `String.append` costs about 300 instructions
/// a piece however short (it goes through `TextOutputStream`, and checks the storage's capacity,
/// uniqueness and ASCII flag each time): a product's detail view is some forty pieces, and
/// `scripts/bench-instructions` counted 12,500 instructions of every `show` line in its appends.
/// Appending a piece's bytes to an array is a copy of its storage.
public struct TextBytes: Sendable {
    private var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func append(_ text: String) {
        // A native string's bytes are contiguous (every string the shell makes); a bridged or
        // lazily decoded one is copied through its UTF-8 view.
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    public mutating func append(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// An ASCII byte (a newline, a space).
    public mutating func append(ascii byte: UInt8) { bytes.append(byte) }

    /// A whole number in decimal, as `String(n)` writes it.
    public mutating func append(_ number: Int) {
        if (0..<10).contains(number) {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
        } else {
            append(String(number))
        }
    }

    public static func += (text: inout TextBytes, piece: String) { text.append(piece) }

    /// The bytes written so far.
    public var utf8: [UInt8] { bytes }

    /// The text: the bytes, each piece already valid UTF-8, made a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
