import Foundation
import OpenMarketContract

/// Tells a complete file from one cut short, by walking the container's own framing.
///
/// libvips reads headers eagerly but pixels lazily, so a header read alone accepts a file that lost
/// its second half; and its GIF loader decodes a cut-off GIF without complaint even with
/// `fail_on=truncated`. Walking segment lengths (JPEG), chunks (PNG) or blocks (GIF) costs well under
/// a millisecond and needs no pixel decoding, which keeps ``MarketImages/info(of:)`` cheap.
enum ContainerCheck {
    enum Outcome: Equatable {
        case complete
        case truncated
        case malformed
    }

    static func check(_ bytes: UnsafeRawBufferPointer, as format: ImageFormat) -> Outcome {
        switch format {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .gif: gif(bytes)
        }
    }

    /// Complete once the end-of-image marker is reached through the segments, not merely present:
    /// an EXIF thumbnail inside APP1 has its own, and phones append data (motion photos) after the real one.
    private static func jpeg(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress else { return .truncated }
        let count = bytes.count
        var index = 2
        while index < count {
            // Entropy-coded data and stray bytes between segments (which libjpeg tolerates) hold no
            // structure, so jump straight to the next 0xFF instead of stepping byte by byte.
            guard let found = memchr(base + index, 0xFF, count - index) else { return .truncated }
            index = base.distance(to: UnsafeRawPointer(found))
            guard index + 1 < count else { return .truncated }
            let marker = bytes[index + 1]
            switch marker {
            case 0xD9:
                return .complete
            case 0xFF:
                index += 1  // fill byte before a marker
            case 0x00, 0x01, 0xD0...0xD7:
                index += 2  // stuffed 0xFF data byte, TEM or restart marker: no length field
            default:
                guard index + 3 < count else { return .truncated }
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                guard length >= 2 else { return .malformed }
                index += 2 + length
            }
        }
        return .truncated
    }

    private static func png(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        var index = 8
        while index + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[index + $1]) }
            guard length <= 0x7FFF_FFFF else { return .malformed }
            if bytes[index + 4] == 0x49, bytes[index + 5] == 0x45, bytes[index + 6] == 0x4E, bytes[index + 7] == 0x44 {
                return .complete  // IEND
            }
            index += 12 + length  // length, type, data, CRC
        }
        return .truncated
    }

    /// Some encoders omit the final trailer byte and browsers show such GIFs anyway, so a file that
    /// ends exactly after a whole image also counts as complete; a cut inside a block does not.
    private static func gif(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let count = bytes.count
        guard count >= 13 else { return .truncated }
        var index = 13 + colourTableSize(bytes[10])
        var sawImage = false

        // Returns false when the data ends inside the sub-block chain.
        func skipSubBlocks() -> Bool {
            while index < count {
                let size = Int(bytes[index])
                index += 1 + size
                if size == 0 { return true }
            }
            return false
        }

        while index < count {
            switch bytes[index] {
            case 0x3B:
                return sawImage ? .complete : .malformed
            case 0x21:  // extension: introducer, label, sub-blocks
                index += 2
                guard skipSubBlocks() else { return .truncated }
            case 0x2C:  // image: descriptor, optional local colour table, LZW code size, sub-blocks
                guard index + 10 <= count else { return .truncated }
                index += 10 + colourTableSize(bytes[index + 9]) + 1
                guard skipSubBlocks() else { return .truncated }
                sawImage = true
            default:
                return .malformed
            }
        }
        return index == count && sawImage ? .complete : .truncated
    }

    private static func colourTableSize(_ packedFields: UInt8) -> Int {
        packedFields & 0x80 == 0 ? 0 : 3 << (Int(packedFields & 0x07) + 1)
    }
}
