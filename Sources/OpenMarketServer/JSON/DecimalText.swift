import Foundation
import NIOCore
import Synchronization

/// Remembers Foundation's answers for the decimals a market handles over and over:
/// `Decimal(string:)` for the prices the store reads, `Decimal.description` (what `JSONEncoder`
/// writes) for the prices the JSON writer writes, and `price - discount` for the bargain price.
///
/// All three are slow on Linux, a couple of microseconds each, and a list page of twenty products
/// needs forty, sixty and twenty of them: together more than the rest of the page.
/// A market has few distinct prices, so each is memoized rather than reimplemented: the answers
/// are Foundation's own, and only repeated work is saved. Bounded, and emptied when full.
final class DecimalText: Sendable {
    static let shared = DecimalText()

    private struct Memo {
        var parsed: [String: Decimal] = [:]
        var described: [Bits: [UInt8]] = [:]
        var differences: [Pair: Decimal] = [:]
    }

    private let memo = Mutex(Memo())
    private let capacity: Int

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// `Decimal(string:)`.
    func decimal(_ text: String) -> Decimal? {
        if let known = memo.withLock({ $0.parsed[text] }) { return known }
        guard let value = Decimal(string: text) else { return nil }
        memo.withLock { memo in
            if memo.parsed.count >= capacity { memo.parsed.removeAll(keepingCapacity: true) }
            memo.parsed[text] = value
        }
        return value
    }

    /// Writes `value.description`.
    func write(_ value: Decimal, into buffer: inout ByteBuffer) {
        guard let bits = Bits(value) else {
            buffer.writeString(value.description)
            return
        }
        if let known = memo.withLock({ $0.described[bits] }) {
            buffer.writeBytes(known)
            return
        }
        let text = Array(value.description.utf8)
        memo.withLock { memo in
            if memo.described.count >= capacity { memo.described.removeAll(keepingCapacity: true) }
            memo.described[bits] = text
        }
        buffer.writeBytes(text)
    }

    /// `minuend - subtrahend`.
    func difference(_ minuend: Decimal, _ subtrahend: Decimal) -> Decimal {
        guard let a = Bits(minuend), let b = Bits(subtrahend) else { return minuend - subtrahend }
        let key = Pair(minuend: a, subtrahend: b)
        if let known = memo.withLock({ $0.differences[key] }) { return known }
        let value = minuend - subtrahend
        memo.withLock { memo in
            if memo.differences.count >= capacity { memo.differences.removeAll(keepingCapacity: true) }
            memo.differences[key] = value
        }
        return value
    }

    struct Pair: Hashable {
        var minuend: Bits
        var subtrahend: Bits
    }

    /// A decimal's stored bytes as a key. Two decimals with the same bytes are the same value in
    /// the same representation, so they have the same description; nothing here reads what the
    /// bytes mean, so this holds whatever Foundation's layout is. A decimal of an unexpected size
    /// is simply not remembered.
    struct Bits: Hashable {
        var low: UInt64
        var middle: UInt64
        var high: UInt32

        init?(_ value: Decimal) {
            guard MemoryLayout<Decimal>.size == 20 else { return nil }
            (low, middle, high) = withUnsafeBytes(of: value) { raw in
                (
                    raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
                )
            }
        }
    }
}
