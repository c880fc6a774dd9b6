import Foundation
import MarketTestSupport
import Testing

@testable import OpenMarketAPI
@testable import OpenMarketContract

@Suite("Image and field rules, checked before anything is sent")
struct RuleTests {
    @Test(arguments: [
        ("coffee-small.jpg", ImageFormat.jpeg), ("chelsea.png", .png), ("오토바이-상품사진.jpg", .jpeg),
        ("tiny-animated.gif", .gif),
    ])
    func acceptedImages(file: String, format: ImageFormat) throws {
        let image = try UploadImage.load(path: Fixtures.image(file).path)
        #expect(image.format == format)
        #expect(image.filename == file)
        #expect(image.data == (try Fixtures.imageData(file)))
    }

    @Test func notAnImageIsRefusedByContent() {
        let problem = #expect(throws: ImageProblem.self) { try UploadImage.load(path: Fixtures.image("not-an-image.jpg").path) }
        #expect(problem?.description == "not-an-image.jpg: not a JPEG, PNG or GIF (the file starts with text)")
    }

    @Test func emptyFileIsRefused() {
        let problem = #expect(throws: ImageProblem.self) { try UploadImage.load(path: Fixtures.image("empty.png").path) }
        #expect(problem?.kind == .empty)
        #expect(problem?.description == "empty.png: the file is empty")
    }

    @Test func overLimitIsRefusedAndNamesTheSize() {
        let problem = #expect(throws: ImageProblem.self) {
            try UploadImage.load(path: Fixtures.image("astronaut-over-limit.png").path)
        }
        #expect(problem?.kind == .tooLarge(bytes: 424_976, format: .png))
        #expect(problem?.description == "astronaut-over-limit.png: 415 KB is over the 300 KB limit per image")
    }

    @Test func statusReasonPhrasesComeFromNIO() {
        #expect(HTTPStatusPhrase.reason(404) == "Not Found")
        #expect(HTTPStatusPhrase.reason(412) == "Precondition Failed")
        #expect(HTTPStatusPhrase.reason(499) == "")
    }

    @Test func missingFileIsRefused() {
        let problem = #expect(throws: ImageProblem.self) { try UploadImage.load(path: "/nonexistent/photo.jpg") }
        #expect(problem?.description == "photo.jpg: no such file")
    }

    @Test func folderIsRefused() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let problem = #expect(throws: ImageProblem.self) { try UploadImage.load(path: dir.path) }
        #expect(problem?.kind == .notAFile)
    }

    @Test func unreadableFileIsRefused() throws {
        guard getuid() != 0 else { return }  // root reads everything; the permission check cannot fail
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("locked.jpg")
        try Fixtures.imageData("coffee-small.jpg").write(to: file)
        chmod(file.path, 0)
        let problem = #expect(throws: ImageProblem.self) { try UploadImage.load(path: file.path) }
        #expect(problem?.description == "locked.jpg: cannot be read (permission denied)")
    }

    @Test func exactlyAtTheLimitIsAccepted() throws {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0])
        data.append(Data(count: UploadRules.maxImageBytes - data.count))
        #expect(try UploadImage(filename: "limit.jpg", data: data).format == .jpeg)
        data.append(0)
        #expect(throws: ImageProblem.self) { try UploadImage(filename: "over.jpg", data: data) }
    }

    @Test func loadingReportsEveryProblem() {
        let paths = ["coffee-small.jpg", "not-an-image.jpg", "empty.png", "chelsea.png"].map { Fixtures.image($0).path }
        let (images, problems) = UploadRules.loadImages(paths: paths)
        #expect(images.map(\.filename) == ["coffee-small.jpg", "chelsea.png"])
        #expect(problems.map(\.file) == ["not-an-image.jpg", "empty.png"])
    }

    @Test func imageCountRule() {
        #expect(UploadRules.checkCount(0)?.description == "images: at least 1 image is required")
        #expect(UploadRules.checkCount(1) == nil)
        #expect(UploadRules.checkCount(5) == nil)
        #expect(UploadRules.checkCount(6)?.description == "images: at most 5 images (there are 6)")
    }

    @Test(arguments: [
        ([UInt8](), "the file is empty"),
        (Array("hello world".utf8), "the file starts with text"),
        (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "the file is a WebP image"),
        ([0x00, 0x01, 0x02, 0x03, 0x04], "the file starts with bytes 00 01 02 03"),
    ])
    func unrecognisedContentIsDescribed(bytes: [UInt8], text: String) {
        #expect(ImageFormat.unrecognised(bytes).english == text)
        #expect(ImageFormat.describeUnrecognised(bytes) == text)
        #expect(ImageFormat(sniffing: bytes) == nil)
    }

    static let valid = ProductDraft(
        name: "Mug", description: "A very nice mug", price: 10, currency: .usd, discountedPrice: 2, stock: 1)

    @Test func aValidDraftPasses() {
        #expect(Self.valid.violations.isEmpty)
    }

    @Test func nameRule() {
        var draft = Self.valid
        draft.name = "ab"
        #expect(draft.violations.map(\.description) == ["name: must be 3 to 100 characters (it has 2)"])
        draft.name = String(repeating: "가", count: 101)
        #expect(draft.violations.first?.subject == "name")
        draft.name = "우유병"
        #expect(draft.violations.isEmpty)
        draft.name = String(repeating: "a", count: 100)
        #expect(draft.violations.isEmpty)
    }

    @Test func descriptionRule() {
        var draft = Self.valid
        draft.description = "too short"
        #expect(draft.violations.map(\.description) == ["description: must be 10 to 1000 characters (it has 9)"])
        draft.description = String(repeating: "x", count: 1001)
        #expect(draft.violations.first?.subject == "description")
        draft.description = String(repeating: "x", count: 1000)
        #expect(draft.violations.isEmpty)
    }

    @Test func priceRule() {
        var draft = Self.valid
        draft.price = 0
        draft.discountedPrice = 0
        #expect(draft.violations.map(\.description) == ["price: must be greater than 0 (it is 0)"])
        draft.price = Decimal(string: "0.01")!
        #expect(draft.violations.isEmpty)
    }

    @Test func currencyRule() {
        var draft = Self.valid
        draft.currency = Currency(rawValue: "EUR")
        #expect(draft.violations.map(\.description) == [#"currency: must be KRW or USD (it is "EUR")"#])
        draft.currency = .krw
        #expect(draft.violations.isEmpty)
    }

    @Test func discountRule() {
        var draft = Self.valid
        draft.discountedPrice = -1
        #expect(draft.violations.map(\.description) == ["discounted_price: must be 0 or more (it is -1)"])
        draft.discountedPrice = 11
        #expect(draft.violations.map(\.description) == ["discounted_price: must not exceed the price 10 (it is 11)"])
        draft.discountedPrice = 10
        #expect(draft.violations.isEmpty)
    }

    @Test func stockRule() {
        var draft = Self.valid
        draft.stock = -1
        #expect(draft.violations.map(\.description) == ["stock: must be a whole number of 0 or more (it is -1)"])
        draft.stock = 0
        #expect(draft.violations.isEmpty)
    }

    @Test func everyBrokenRuleIsListed() {
        let draft = ProductDraft(name: "x", description: "short", price: -1, currency: Currency(rawValue: "EUR"), stock: -5)
        #expect(draft.violations.map(\.subject) == ["name", "description", "price", "currency", "stock"])
    }

    @Test func editChangesAreCheckedAloneAndMerged() {
        #expect(ProductChanges(name: "ok name").violations().isEmpty)
        #expect(ProductChanges(name: "no").violations().map(\.subject) == ["name"])
        let current = Product(
            id: 1, vendorID: 1, name: "Mug", description: "A very nice mug", thumbnail: nil, currency: .usd,
            price: 10, discountedPrice: 5, stock: 1, createdAt: nil, issuedAt: nil,
            images: [ProductImage(id: 7, url: "u", thumbnailURL: "t", issuedAt: nil)])
        // A new price below the current discount breaks the merged rule.
        #expect(
            ProductChanges(price: 4).violations(mergedWith: current).map(\.description)
                == ["discounted_price: must not exceed the price 4 (it is 5)"])
        #expect(ProductChanges(price: 6).violations(mergedWith: current).isEmpty)
        #expect(ProductChanges(thumbnailID: 8).violations(mergedWith: current).map(\.subject) == ["thumbnail_id"])
        #expect(ProductChanges(thumbnailID: 7).violations(mergedWith: current).isEmpty)
    }

    @Test func editBodyHasOnlySetFieldsPlusSecret() throws {
        let credentials = VendorCredentials(identifier: "id", secret: "pw$#@_-")
        let stockOnly = try Endpoints.editProduct(id: 3, changes: ProductChanges(stock: 9), credentials: credentials)
        #expect(String(decoding: try #require(stockOnly.body), as: UTF8.self) == #"{"secret":"pw$#@_-","stock":9}"#)
        let several = try Endpoints.editProduct(
            id: 3, changes: ProductChanges(name: "새 이름", thumbnailID: 4, price: Decimal(string: "19.99")),
            credentials: credentials)
        #expect(
            String(decoding: try #require(several.body), as: UTF8.self)
                == #"{"name":"새 이름","price":19.99,"secret":"pw$#@_-","thumbnail_id":4}"#)
        let none = try Endpoints.editProduct(id: 3, changes: ProductChanges(), credentials: credentials)
        #expect(String(decoding: try #require(none.body), as: UTF8.self) == #"{"secret":"pw$#@_-"}"#)
        #expect(several.method == .patch)
        #expect(several.path == "/api/products/3")
        #expect(several.headers["Content-Type"] == "application/json")
    }
}
