extension Sequence where Element == UInt8 {
    /// The bytes in lowercase hexadecimal, two digits each (`0a1b…`): digests named in file
    /// names and journals. By hand rather than `String(format: "%02x")` per byte, which goes
    /// through Foundation's formatter and showed in what every script line costs; inlinable and
    /// written straight into the string's storage, since a generic walk over a digest and an
    /// array in between cost 4 µs of every script line (its hash, perf on `scripts/bench-scripts`).
    @inlinable
    public var hexadecimal: String {
        let bytes = Array(self)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = Self.hexDigit(byte >> 4)
                text[2 * index + 1] = Self.hexDigit(byte & 0x0F)
            }
            return bytes.count * 2
        }
    }

    @inlinable
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
}
