import Foundation
import MarketImages

/// A photo's picture, small enough to compare: the shape, a difference hash of its light (9×8
/// grey cells, each bit whether a cell is brighter than the one to its right) and the mean colour
/// of 8×8 cells. A photo shrunk and encoded again (the shell fits photos under the upload limit
/// before it sends them) keeps all three; another picture changes at least one.
struct PhotoFingerprint: Sendable, Equatable {
    /// Width over height, as the image's header gives them.
    var aspect: Double
    /// The difference hash, 64 bits.
    var hash: UInt64
    /// The mean red, green and blue of each of 8×8 cells, row by row.
    var colours: [UInt8]

    /// The most hash bits two copies of one picture may differ in (of 64).
    static let maxHashDistance = 10
    /// The most the cells' colours may differ on average (of 255), a re-encoding's noise.
    static let maxColourDistance = 12.0
    /// The most the shapes may differ, relative (a shrink rounds a side to whole pixels).
    static let maxAspectDifference = 0.03

    /// The fingerprint of an image's bytes; nil when they are no image libvips reads.
    init?(_ data: Data) {
        guard let info = try? MarketImages.info(of: data), info.height > 0,
            let pixels = try? MarketImages.pixels(of: data, fittingWidth: 64, height: 64), pixels.bands >= 3
        else { return nil }
        aspect = Double(info.width) / Double(info.height)
        let grey = Self.cells(pixels, columns: 9, rows: 8).map { Int($0.0) * 299 + Int($0.1) * 587 + Int($0.2) * 114 }
        var hash: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 where grey[row * 9 + column] > grey[row * 9 + column + 1] {
                hash |= 1 << UInt64(row * 8 + column)
            }
        }
        self.hash = hash
        colours = Self.cells(pixels, columns: 8, rows: 8).flatMap { [$0.0, $0.1, $0.2] }
    }

    /// Whether the two are one picture (the same photo, maybe shrunk and encoded again).
    func matches(_ other: PhotoFingerprint) -> Bool {
        guard abs(aspect - other.aspect) <= Self.maxAspectDifference * max(aspect, other.aspect) else { return false }
        guard (hash ^ other.hash).nonzeroBitCount <= Self.maxHashDistance else { return false }
        return colourDistance(other) <= Self.maxColourDistance
    }

    /// The mean difference of the cells' colours (0...255).
    func colourDistance(_ other: PhotoFingerprint) -> Double {
        guard colours.count == other.colours.count, !colours.isEmpty else { return 255 }
        let total = zip(colours, other.colours).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(colours.count)
    }

    /// The mean colour of each of `columns` × `rows` cells, row by row (a cell has at least one
    /// pixel, so a tiny image still has every cell).
    private static func cells(_ pixels: Pixels, columns: Int, rows: Int) -> [(UInt8, UInt8, UInt8)] {
        var out: [(UInt8, UInt8, UInt8)] = []
        out.reserveCapacity(columns * rows)
        for row in 0..<rows {
            let y0 = row * pixels.height / rows
            let y1 = max(y0 + 1, (row + 1) * pixels.height / rows)
            for column in 0..<columns {
                let x0 = column * pixels.width / columns
                let x1 = max(x0 + 1, (column + 1) * pixels.width / columns)
                var sums = (0, 0, 0)
                for y in y0..<min(y1, pixels.height) {
                    for x in x0..<min(x1, pixels.width) {
                        let at = (y * pixels.width + x) * pixels.bands
                        sums.0 += Int(pixels.bytes[at])
                        sums.1 += Int(pixels.bytes[at + 1])
                        sums.2 += Int(pixels.bytes[at + 2])
                    }
                }
                let count = max(1, (min(y1, pixels.height) - y0) * (min(x1, pixels.width) - x0))
                out.append((UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count)))
            }
        }
        return out
    }
}
