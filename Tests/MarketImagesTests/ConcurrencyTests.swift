import Foundation
import MarketTestSupport
import Testing

@testable import MarketImages

/// The market makes thumbnails for parallel uploads on several threads at once. With libvips
/// 8.14's liborc kernels on, a release server crashed in `orc_code_free` after a few thousand
/// creates of coffee-small.jpg + chelsea.png with four in flight (about one run in four of
/// 3,000; `scripts/soak-creates` repeats that run). They are turned off when libvips starts.
@Suite("libvips from many threads")
struct ConcurrencyTests {
    @Test func libvipsRunsWithoutItsOrcKernels() throws {
        _ = try MarketImages.info(of: Fixtures.imageData("coffee-small.jpg"))
        #expect(!Vips.vectorsEnabled)
    }

    @Test func thumbnailsMadeOnFourThreadsAtOnceAreEachRight() async throws {
        let photos = try ["coffee-small.jpg", "chelsea.png"].map { try Fixtures.imageData($0) }
        let expected = try photos.map { try MarketImages.thumbnail(of: $0).data }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<25 {
                        let which = (worker + round) % photos.count
                        guard try MarketImages.thumbnail(of: photos[which]).data == expected[which] else { return false }
                    }
                    return true
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
