extension Sequence where Element == UInt8 {
    /// The bytes in lowercase hexadecimal, two digits each (`0a1b…`): digests named in file
    /// names and journals. By hand rather than `String(format: "%02x")` per byte, which goes
    /// through Foundation's formatter and showed in what every script line costs.
    public var hexadecimal: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
