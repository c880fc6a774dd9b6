import Foundation
import MarketTestSupport
import OpenMarketContract
import Testing

@testable import MarketImages

@Suite("thumbnail(of:maxSide:)")
struct ThumbnailTests {
    @Test("keeps format and shape, longest side min(200, original)", arguments: Sample.accepted)
    func keepsFormatAndShape(sample: Sample) throws {
        let thumbnail = try MarketImages.thumbnail(of: sample.data())
        let info = thumbnail.info

        #expect(info.format == sample.format)
        #expect(ImageFormat(sniffing: thumbnail.data) == sample.format)
        #expect(info.longestSide == min(200, sample.longestSide))
        #expect(keepsAspect(width: info.width, height: info.height, of: sample.width, sample.height))
        #expect(info.byteCount == thumbnail.data.count)
        // The reported info is what the bytes really hold.
        #expect(try MarketImages.info(of: thumbnail.data) == info)
    }

    @Test func doesNotEnlargeASmallImage() throws {
        let thumbnail = try MarketImages.thumbnail(of: Fixtures.imageData("coffee-small.jpg"), maxSide: 1000)
        #expect((thumbnail.info.width, thumbnail.info.height) == (400, 267))
    }

    @Test func keepsEveryFrameOfAnAnimation() throws {
        let thumbnail = try MarketImages.thumbnail(of: Fixtures.imageData("tiny-animated.gif"))
        #expect(try MarketImages.inspect(thumbnail.data).frames == 24)
    }

    @Test func appliesEXIFOrientation() throws {
        let rotated = SyntheticImages.rotatedJPEG(try Fixtures.imageData("coffee-small.jpg"))
        let thumbnail = try MarketImages.thumbnail(of: rotated)
        #expect(thumbnail.info.height == 200)
        #expect(keepsAspect(width: thumbnail.info.width, height: thumbnail.info.height, of: 267, 400))
        // Written upright with the tag stripped, so no viewer rotates it a second time.
        #expect(try MarketImages.info(of: thumbnail.data) == thumbnail.info)
    }

    @Test("refuses bad input", arguments: ["not-an-image.jpg", "truncated.jpg", "empty.png"])
    func refusesBadInput(name: String) throws {
        #expect(throws: ImageProcessingError.self) {
            try MarketImages.thumbnail(of: Fixtures.imageData(name))
        }
    }

    @Test func manyAtOnceGiveTheSameBytesAsOneByOne() async throws {
        let names = Sample.accepted.map(\.name) + ["coffee-small.jpg", "chelsea.png"]
        let inputs = try names.map { try Fixtures.imageData($0) }
        let expected = try inputs.map { try MarketImages.thumbnail(of: $0).data }

        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask { (index, try MarketImages.thumbnail(of: input).data) }
            }
            var results = [Data?](repeating: nil, count: inputs.count)
            for try await (index, data) in group { results[index] = data }
            return results
        }
        #expect(results == expected)
    }
}
