import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import MarketImages

@Suite("info(of:)")
struct InfoTests {
    @Test("reads format and dimensions", arguments: Sample.accepted)
    func readsFormatAndDimensions(sample: Sample) throws {
        let data = try sample.data()
        let info = try MarketImages.info(of: data)
        #expect(info == ImageInfo(format: sample.format, width: sample.width, height: sample.height, byteCount: data.count))
    }

    @Test func countsAnimationFrames() throws {
        #expect(try MarketImages.inspect(Fixtures.imageData("tiny-animated.gif")).frames == 24)
    }

    @Test func reportsDimensionsAsDisplayedAfterEXIFRotation() throws {
        let rotated = SyntheticImages.rotatedJPEG(try Fixtures.imageData("coffee-small.jpg"))
        let info = try MarketImages.info(of: rotated)
        #expect((info.width, info.height) == (267, 400))
    }

    @Test func refusesTextByContentDespiteItsName() throws {
        let error = #expect(throws: ImageProcessingError.self) {
            try MarketImages.info(of: Fixtures.imageData("not-an-image.jpg"))
        }
        #expect(error == .unsupportedFormat(description: "the file starts with text"))
        #expect(error?.description == "This is not a JPEG, PNG or GIF image: the file starts with text.")
    }

    @Test func refusesAnEmptyFile() throws {
        let error = #expect(throws: ImageProcessingError.self) {
            try MarketImages.info(of: Fixtures.imageData("empty.png"))
        }
        #expect(error == .unsupportedFormat(description: "the file is empty"))
    }

    @Test func refusesATruncatedJPEGWithoutDecodingIt() throws {
        let error = #expect(throws: ImageProcessingError.self) {
            try MarketImages.info(of: Fixtures.imageData("truncated.jpg"))
        }
        guard case .unreadable(.jpeg, let damage) = error else {
            Issue.record("expected unreadable JPEG, got \(String(describing: error))")
            return
        }
        #expect(damage == .cutShort)
        #expect(error?.english.contains("ends too early") == true)
        // Said in Korean too (before, only the English words were kept).
        #expect(error?.korean == "이 JPEG 이미지를 읽을 수 없습니다. 파일이 중간에 끝납니다(복사하거나 내려받다가 잘렸을 수 있습니다).")
    }

    /// libvips reads these headers happily; only the container walk notices the missing tail.
    @Test("refuses a file cut short", arguments: ["chelsea.png", "tiny-animated.gif", "rocket-phone-4032x3024.jpg"])
    func refusesCutShort(name: String) throws {
        let whole = try Fixtures.imageData(name)
        #expect(throws: ImageProcessingError.self) {
            try MarketImages.info(of: whole.prefix(whole.count * 2 / 3))
        }
    }

    @Test func acceptsDataAppendedAfterTheJPEGEnd() throws {
        // Phones append extra data (motion photos) after the end-of-image marker.
        let data = try Fixtures.imageData("coffee-small.jpg") + Data(repeating: 0x42, count: 1000)
        #expect(try MarketImages.info(of: data).width == 400)
    }

    @Test func refusesPixelBombs() throws {
        // 221 KB that declare 30000×30000 pixels; no pixel is ever decoded.
        let png = SyntheticImages.withPNGSize(try Fixtures.imageData("chelsea.png"), width: 30000, height: 30000)
        let error = #expect(throws: ImageProcessingError.self) { try MarketImages.info(of: png) }
        guard case .tooLarge(30000, 30000, 1, _) = error else {
            Issue.record("expected tooLarge, got \(String(describing: error))")
            return
        }
    }
}
