import Foundation
import MarketTestSupport
import OpenMarketContract

/// A fixture image the market accepts, with what it is known to hold.
struct Sample: Sendable, CustomStringConvertible {
    let name: String
    let format: ImageFormat
    let width: Int
    let height: Int
    var frames = 1

    var description: String { name }
    var longestSide: Int { max(width, height) }
    func data() throws -> Data { try Fixtures.imageData(name) }

    static let accepted: [Sample] = [
        Sample(name: "coffee-small.jpg", format: .jpeg, width: 400, height: 267),
        Sample(name: "chelsea.png", format: .png, width: 451, height: 300),
        Sample(name: "오토바이-상품사진.jpg", format: .jpeg, width: 741, height: 500),
        Sample(name: "tiny-animated.gif", format: .gif, width: 14, height: 25, frames: 24),
        Sample(name: "astronaut-over-limit.png", format: .png, width: 512, height: 512),
        Sample(name: "rocket-phone-4032x3024.jpg", format: .jpeg, width: 4032, height: 3024),
    ]

    static let uploadLimit = 307_200
}

/// Whether `width`×`height` has the shape of `originalWidth`×`originalHeight`, allowing the one
/// pixel that rounding the shorter side may cost.
func keepsAspect(width: Int, height: Int, of originalWidth: Int, _ originalHeight: Int) -> Bool {
    if originalWidth >= originalHeight {
        let expected = Double(originalHeight) * Double(width) / Double(originalWidth)
        return abs(Double(height) - expected) <= 1
    } else {
        let expected = Double(originalWidth) * Double(height) / Double(originalHeight)
        return abs(Double(width) - expected) <= 1
    }
}

enum SyntheticImages {
    /// `jpeg` with an EXIF block saying "rotate 90° clockwise to display" (orientation 6), as phones
    /// write when the camera was held upright.
    static func rotatedJPEG(_ jpeg: Data) -> Data {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF, first IFD at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00,  // Orientation SHORT 6
            0x00, 0x00, 0x00, 0x00,  // no next IFD
        ]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Data(jpeg.prefix(2)) + Data(app1) + Data(jpeg.dropFirst(2))
    }

    /// `png` with its header claiming another size (CRC fixed, so the header still reads as valid).
    static func withPNGSize(_ png: Data, width: Int, height: Int) -> Data {
        var bytes = [UInt8](png)
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * index)) & 0xFF) }
        }
        let crc = crc32(bytes[12..<29])  // IHDR type and data
        for index in 0..<4 { bytes[29 + index] = UInt8((crc >> (24 - 8 * UInt32(index))) & 0xFF) }
        return Data(bytes)
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// An animated GIF of random pixels, stored with uncompressed LZW so it is big for its size and
    /// stays big when re-encoded: the over-limit GIF the fixtures lack.
    static func noisyGIF(side: Int, frames: Int) -> Data {
        var out = Array("GIF89a".utf8)
        out += littleEndian(side) + littleEndian(side) + [0xF7, 0, 0]  // global table of 256 colours
        for index in 0..<256 {
            out += [UInt8(index), UInt8((index * 7) & 0xFF), UInt8((index * 13) & 0xFF)]
        }
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop forever
        var random: UInt32 = 0x1234_5678
        for _ in 0..<frames {
            out += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // 0.1 s per frame
            out += [0x2C, 0, 0, 0, 0] + littleEndian(side) + littleEndian(side) + [0, 8]
            var pixels = [UInt8]()
            pixels.reserveCapacity(side * side)
            for _ in 0..<(side * side) {
                random = random &* 1_664_525 &+ 1_013_904_223
                pixels.append(UInt8(random >> 24))
            }
            let stream = uncompressedLZW(pixels)
            for start in stride(from: 0, to: stream.count, by: 255) {
                let block = stream[start..<min(start + 255, stream.count)]
                out += [UInt8(block.count)] + block
            }
            out.append(0)
        }
        out.append(0x3B)
        return Data(out)
    }

    private static func littleEndian(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    /// Every pixel as a literal 9-bit code, with a clear code before the decoder's table would
    /// need 10-bit codes.
    private static func uncompressedLZW(_ pixels: [UInt8]) -> [UInt8] {
        var bytes = [UInt8]()
        var accumulator: UInt32 = 0
        var bitCount = 0
        func emit(_ code: UInt32) {
            accumulator |= code << bitCount
            bitCount += 9
            while bitCount >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bitCount -= 8
            }
        }
        for (index, pixel) in pixels.enumerated() {
            if index % 250 == 0 { emit(256) }
            emit(UInt32(pixel))
        }
        emit(257)
        if bitCount > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }
}
