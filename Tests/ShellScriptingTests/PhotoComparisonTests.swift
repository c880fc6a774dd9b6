import CatalogFiles
import Foundation
import MarketImages
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 41: a row's photos are compared with its product's by content, so re-importing an
/// unchanged photo sheet says nothing about photos, and a changed photo is found.
@Suite("Photos compared by content")
struct PhotoComparisonTests {
    /// A product registered by the shell with the phone photo (3 MB: shrunk before upload) and
    /// the small coffee photo (sent as it is); the two local files.
    static func registered(_ f: ScriptFixture) async throws -> (product: Product, rocket: String, coffee: String) {
        try f.copyImage("rocket-phone-4032x3024.jpg")
        try f.copyImage("coffee-small.jpg")
        let rocket = f.directory.appendingPathComponent("rocket-phone-4032x3024.jpg").path
        let coffee = f.directory.appendingPathComponent("coffee-small.jpg").path
        let console = RecordingConsole()
        let line =
            "register name='Rocket mug' description='A mug with a rocket' price=1000 currency=KRW stock=5 "
            + "image='\(rocket)' image='\(coffee)'"
        #expect(await f.session(console).execute(line).status == .ok, "\(console.notes)")
        let product = try #require(try await f.allProducts().first { $0.name == "Rocket mug" })
        return (try await f.product(id: product.id), rocket, coffee)
    }

    @Test func theSameFilesRegisteredAndShrunkOnUploadAreTheSame() async throws {
        try await ScriptFixture.with { f in
            let (product, rocket, coffee) = try await Self.registered(f)
            let images = try #require(product.images)
            #expect(images.count == 2)
            // The phone photo was shrunk and encoded again: its bytes on the market are not the file's.
            let market = try await f.client.downloadImage(images[0].url).data
            #expect(market != (try Data(contentsOf: URL(fileURLWithPath: rocket))))
            let comparison = PhotoComparison(client: f.client)
            #expect(await comparison.compare(paths: [rocket, coffee], with: product, revision: nil) == .same)
            // The list's summary (no photos) is read for them.
            #expect(await comparison.compare(paths: [rocket, coffee], with: product.summary, revision: nil) == .same)
        }
    }

    @Test func anotherPhotoDiffersAtItsPlace() async throws {
        try await ScriptFixture.with { f in
            let (product, rocket, coffee) = try await Self.registered(f)
            try f.copyImage("chelsea.png")
            let chelsea = f.directory.appendingPathComponent("chelsea.png").path
            let comparison = PhotoComparison(client: f.client)
            #expect(await comparison.compare(paths: [rocket, chelsea], with: product, revision: nil) == .differ([1]))
            #expect(await comparison.compare(paths: [coffee, rocket], with: product, revision: nil) == .differ([0, 1]))
            // One photo fewer, or one more, differs at the place it leaves out or adds.
            #expect(await comparison.compare(paths: [rocket], with: product, revision: nil) == .differ([1]))
            #expect(await comparison.compare(paths: [rocket, coffee, chelsea], with: product, revision: nil) == .differ([2]))
        }
    }

    @Test func theProductsOwnAddressesAreItsPhotos() async throws {
        try await ScriptFixture.with { f in
            let (product, _, _) = try await Self.registered(f)
            let urls = try #require(product.images).map(\.url)
            let comparison = PhotoComparison(client: f.client)
            #expect(await comparison.compare(paths: urls, with: product, revision: nil) == .same)
            #expect(await comparison.compare(paths: urls.reversed(), with: product, revision: nil) == .differ([0, 1]))
        }
    }

    @Test func aFileTheRevisionKeptIsTheSameWithoutADownload() async throws {
        try await ScriptFixture.with { f in
            let (product, _, _) = try await Self.registered(f)
            let images = try #require(product.images)
            var paths: [String] = []
            var digests: [String] = []
            for (index, image) in images.enumerated() {
                let data = try await f.client.downloadImage(image.url).data
                let path = f.directory.appendingPathComponent("exported-\(index).jpg").path
                try data.write(to: URL(fileURLWithPath: path))
                paths.append(path)
                digests.append(RowRevision.photoDigest(data))
            }
            let spy = SpyTransport()
            let client = MarketClient(baseURL: f.market.baseURL, transport: spy)
            let revision = RowRevision(product: product, photoDigests: digests)
            #expect(await PhotoComparison(client: client).compare(paths: paths, with: product, revision: revision) == .same)
            #expect(spy.requests.isEmpty)
            // Without the revision the same files are compared by their bytes, downloaded.
            #expect(await PhotoComparison(client: client).compare(paths: paths, with: product, revision: nil) == .same)
            #expect(spy.requests.count == 2)
        }
    }

    @Test func aPhotoThatCannotBeReadIsCannotTell() async throws {
        try await ScriptFixture.with { f in
            let (product, rocket, _) = try await Self.registered(f)
            let gone = f.directory.appendingPathComponent("gone.jpg").path
            let comparison = PhotoComparison(client: f.client)
            #expect(await comparison.compare(paths: [rocket, gone], with: product, revision: nil) == .cannotTell(photo: 1))
            var missing = product
            missing.images = product.images.map {
                $0.map {
                    var image = $0
                    image.url += "-missing"
                    return image
                }
            }
            #expect(await comparison.compare(paths: [rocket, rocket], with: missing, revision: nil) == .cannotTell(photo: 0))
        }
    }

    @Test func exportWithImagesKeepsEachPhotosDigestInTheRevision() async throws {
        try await ScriptFixture.with { f in
            let (product, _, _) = try await Self.registered(f)
            let file = f.directory.appendingPathComponent("out.csv").path
            let photos = f.directory.appendingPathComponent("photos").path
            let console = RecordingConsole()
            #expect(await f.session(console).execute("export '\(file)' --images '\(photos)'").status == .ok, "\(console.notes)")
            let contents = CatalogReader.read(file)
            #expect(contents.columns.last == .revision)
            let row = try #require(contents.rows.first { $0[.id] == String(product.id) })
            let revision = try #require(row.revision)
            #expect(revision.id == product.id && revision.photos.count == 2)
            let saved = try row.imagePaths.map {
                try Data(contentsOf: URL(fileURLWithPath: f.directory.appendingPathComponent($0).path))
            }
            #expect(revision.photos == saved.map(RowRevision.photoDigest))
            let paths = row.imagePaths.map { f.directory.appendingPathComponent($0).path }
            #expect(await PhotoComparison(client: f.client).compare(paths: paths, with: product, revision: revision) == .same)
        }
    }

    @Test func aShrunkCopyMatchesItsPictureAndNotAnother() throws {
        let names = ["rocket-phone-4032x3024.jpg", "coffee-small.jpg", "chelsea.png", "오토바이-상품사진.jpg"]
        let prints = try names.map { try #require(PhotoFingerprint(try Fixtures.imageData($0)), "\($0)") }
        for (index, name) in names.enumerated() {
            let data = try Fixtures.imageData(name)
            let smaller = try MarketImagesShrink.shrunk(data)
            let copy = try #require(PhotoFingerprint(smaller))
            #expect(copy.matches(prints[index]), "\(name)")
            for other in prints.indices where other != index {
                #expect(!copy.matches(prints[other]), "\(name) ~ \(names[other])")
            }
        }
        #expect(PhotoFingerprint(Data("not an image".utf8)) == nil)
    }
}

/// A photo shrunk and encoded again as the shell does before upload, smaller still.
enum MarketImagesShrink {
    static func shrunk(_ data: Data) throws -> Data {
        try MarketImages.fit(data, underBytes: min(data.count - 1, UploadRules.maxImageBytes / 2)).image.data
    }
}

/// How long comparing a 300-row sheet's photos takes (each row: the 3 MB phone photo the shell
/// shrank before upload, and the small coffee photo), with and without the revision's digests.
/// Run with `OPENMARKET_MEASURE_PHOTOS=1 swift test --skip-build --filter PhotoComparisonTiming`.
@Suite("Photo comparison timing")
struct PhotoComparisonTiming {
    @Test func threeHundredRows() async throws {
        guard ProcessInfo.processInfo.environment["OPENMARKET_MEASURE_PHOTOS"] != nil else { return }
        try await ScriptFixture.with { f in
            let (product, rocket, coffee) = try await PhotoComparisonTests.registered(f)
            let images = try #require(product.images)
            var exported: [String] = []
            var digests: [String] = []
            for (index, image) in images.enumerated() {
                let data = try await f.client.downloadImage(image.url).data
                let path = f.directory.appendingPathComponent("exported-\(index).jpg").path
                try data.write(to: URL(fileURLWithPath: path))
                exported.append(path)
                digests.append(RowRevision.photoDigest(data))
            }
            let comparison = PhotoComparison(client: f.client)
            let clock = ContinuousClock()
            let sheet = [PhotoComparison.Request](
                repeating: .init(photos: [.file(rocket), .file(coffee)], product: product, revision: nil), count: 300)
            var verdicts: [PhotoComparison.Verdict] = []
            let original = await clock.measure { verdicts = await comparison.compare(sheet) }
            #expect(verdicts.allSatisfy { $0 == .same })
            let revision = RowRevision(product: product, photoDigests: digests)
            let kept = [PhotoComparison.Request](
                repeating: .init(photos: exported.map(PhotoComparison.RowPhoto.file), product: product, revision: revision),
                count: 300)
            let byDigest = await clock.measure { verdicts = await comparison.compare(kept) }
            #expect(verdicts.allSatisfy { $0 == .same })
            let unkept = kept.map {
                var request = $0
                request.revision = nil
                return request
            }
            let byBytes = await clock.measure { verdicts = await comparison.compare(unkept) }
            #expect(verdicts.allSatisfy { $0 == .same })
            print(
                "300 rows, 2 photos each: original files \(original), export --images files by revision \(byDigest), by bytes \(byBytes)"
            )
        }
    }
}
