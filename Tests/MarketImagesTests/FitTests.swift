import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import MarketImages

@Suite("fit(_:underBytes:)")
struct FitTests {
    let limit = Sample.uploadLimit

    @Test func shrinksAPhonePhotoUnderTheUploadLimit() throws {
        let result = try MarketImages.fit(Fixtures.imageData("rocket-phone-4032x3024.jpg"), underBytes: limit)
        let info = result.image.info

        #expect(result.wasChanged)
        #expect(result.image.data.count <= limit)
        #expect(info.format == .jpeg)
        #expect(ImageFormat(sniffing: result.image.data) == .jpeg)
        #expect(info.longestSide < 4032)
        #expect(info.longestSide >= MarketImages.smallestFitSide)
        #expect(keepsAspect(width: info.width, height: info.height, of: 4032, 3024))
        #expect(try MarketImages.info(of: result.image.data) == info)
        #expect(result.original == ImageInfo(format: .jpeg, width: 4032, height: 3024, byteCount: 3_105_743))
        #expect(result.description.hasPrefix("3.0 MB 4032×3024 → "))
    }

    /// A phone held upright writes a landscape JPEG and an EXIF orientation (6): the shrunk photo
    /// is portrait, under the limit, and upright (its pixels are the original's turned a quarter
    /// clockwise, not anticlockwise), with the orientation gone from its metadata.
    @Test func shrinksAnUprightPhonePhotoUnderTheLimitKeepingItUpright() throws {
        let stored = try Fixtures.imageData("rocket-phone-4032x3024.jpg")
        let result = try MarketImages.fit(SyntheticImages.rotatedJPEG(stored), underBytes: limit)
        let info = result.image.info

        #expect(result.original.width == 3024 && result.original.height == 4032)
        #expect(result.image.data.count <= limit)
        #expect(info.width == 1200 && info.height == 1600)
        #expect(try MarketImages.info(of: result.image.data) == info)
        let shown = try MarketImages.pixels(of: result.image.data, fittingWidth: 48, height: 64)
        let reference = try MarketImages.pixels(of: stored, fittingWidth: 64, height: 48)
        #expect(shown.width == 48 && shown.height == 64 && reference.width == 64 && reference.height == 48)
        // Turned clockwise, the shown pixel (x, y) is the stored one at (y, 47 - x); anticlockwise,
        // at (63 - y, x).
        let clockwise = Self.difference(shown, reference) { x, y in (y, 47 - x) }
        let anticlockwise = Self.difference(shown, reference) { x, y in (63 - y, x) }
        #expect(clockwise < 12, "mean difference \(clockwise)")
        #expect(clockwise * 2 < anticlockwise, "clockwise \(clockwise), anticlockwise \(anticlockwise)")
    }

    /// A JPEG is decoded at the smallest scale its decoder offers that still covers the size
    /// asked for, never below it.
    @Test func decodesAJPEGAtTheSmallestScaleThatCoversTheSize() {
        #expect(MarketImages.jpegShrink(longestSide: 4032, side: 1600) == 2)
        #expect(MarketImages.jpegShrink(longestSide: 3200, side: 1600) == 2)
        #expect(MarketImages.jpegShrink(longestSide: 3199, side: 1600) == 1)
        #expect(MarketImages.jpegShrink(longestSide: 12_000, side: 1600) == 4)
        #expect(MarketImages.jpegShrink(longestSide: 4032, side: 400) == 8)
        #expect(MarketImages.jpegShrink(longestSide: 1500, side: 1500) == 1)
    }

    /// The mean difference per channel between `shown` and `reference` read at `source(x, y)`.
    static func difference(_ shown: Pixels, _ reference: Pixels, source: (Int, Int) -> (Int, Int)) -> Double {
        var total = 0
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let (sx, sy) = source(x, y)
                for band in 0..<3 {
                    let a = Int(shown.bytes[(y * shown.width + x) * shown.bands + band])
                    let b = Int(reference.bytes[(sy * reference.width + sx) * reference.bands + band])
                    total += abs(a - b)
                }
            }
        }
        return Double(total) / Double(shown.width * shown.height * 3)
    }

    @Test func keepsAnOverLimitPNGAPNG() throws {
        let result = try MarketImages.fit(Fixtures.imageData("astronaut-over-limit.png"), underBytes: limit)
        #expect(result.wasChanged)
        #expect(result.image.data.count <= limit)
        #expect(result.image.info.format == .png)
        #expect(try MarketImages.info(of: result.image.data) == result.image.info)
    }

    @Test("returns an image within the limit unchanged", arguments: ["coffee-small.jpg", "chelsea.png", "tiny-animated.gif"])
    func returnsSmallImagesUnchanged(name: String) throws {
        let data = try Fixtures.imageData(name)
        let result = try MarketImages.fit(data, underBytes: limit)
        #expect(!result.wasChanged)
        #expect(result.image.data == data)
        #expect(result.image.info == result.original)
    }

    @Test func shrinksAnOverLimitAnimationKeepingItsFrames() throws {
        let gif = SyntheticImages.noisyGIF(side: 320, frames: 4)
        #expect(gif.count > limit)

        let result = try MarketImages.fit(gif, underBytes: limit)
        #expect(result.image.data.count <= limit)
        #expect(result.image.info.format == .gif)
        #expect(result.image.info.width < 320)
        #expect(result.image.info.width == result.image.info.height)
        #expect(try MarketImages.inspect(result.image.data).frames == 4)
    }

    @Test func saysSoWhenItCannotFit() throws {
        let error = #expect(throws: ImageProcessingError.self) {
            try MarketImages.fit(Fixtures.imageData("astronaut-over-limit.png"), underBytes: 10_000)
        }
        guard case .cannotFit(.png, 10_000, let best) = error else {
            Issue.record("expected cannotFit, got \(String(describing: error))")
            return
        }
        #expect(best > 10_000)
        #expect(error?.description.contains("save it as a JPEG") == true)
    }

    @Test("refuses bad input", arguments: ["not-an-image.jpg", "truncated.jpg", "empty.png"])
    func refusesBadInput(name: String) throws {
        #expect(throws: ImageProcessingError.self) {
            try MarketImages.fit(Fixtures.imageData(name), underBytes: limit)
        }
    }

}
