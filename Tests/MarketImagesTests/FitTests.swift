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
