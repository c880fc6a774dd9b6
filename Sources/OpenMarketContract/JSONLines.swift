import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Data {
    /// The non-empty lines of a JSON Lines file (the change logs, the journals), as slices of it.
    /// Found with `memchr`: `split(separator:)` walked the bytes one checked access at a time, 8 ms
    /// for a change log of 600 entries, on every change.
    public var jsonLines: [Data] {
        var ranges: [Range<Int>] = []
        withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: UnsafeRawPointer($0)) }
                let stop = end ?? bytes.count
                if stop > start { ranges.append(start..<stop) }
                start = stop + 1
            }
        }
        let first = startIndex
        return ranges.map { self[(first + $0.lowerBound)..<(first + $0.upperBound)] }
    }
}
