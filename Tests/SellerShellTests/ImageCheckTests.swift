import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `register`'s photos (issue 11, item 11): the count is checked before any photo is read or
/// shrunk, and every problem with the photos is listed, not only the first.
@Suite("Register's image checks")
struct ImageCheckTests {
    static func words(_ paths: [String]) -> [Word] { paths.map { Word($0, wasQuoted: true) } }

    /// Six photos, one of them too large (it would be shrunk) and one missing (it would be
    /// reported): nothing is read, so there is no photo, no shrink note and no file problem,
    /// only the count.
    @Test func sixPhotosAreRefusedBeforeAnyIsReadOrShrunk() {
        let paths =
            ["rocket-phone-4032x3024.jpg", "coffee-small.jpg", "chelsea.png", "tiny-animated.gif", "오토바이-상품사진.jpg"]
            .map { Fixtures.image($0).path } + ["/nonexistent/sixth.jpg"]
        let prepared = ImagePreparation(Self.words(paths), resize: true, relativeTo: nil)
        #expect(prepared.problems == [RuleViolation("images", .tooManyImages(max: 5, count: 6))])
        #expect(prepared.images.isEmpty, "a photo was read")
        #expect(prepared.notes.isEmpty, "a photo was shrunk: \(prepared.notes)")
    }

    @Test func sixPhotosGiveOneCountErrorAndSendNothing() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let images = (1...5).map { _ in "image='\(Fixtures.image("rocket-phone-4032x3024.jpg").path)'" }
                .joined(separator: " ")
            let status = await f.run(
                "register name='Six photos' description='One photo too many' price=10 currency=USD \(images) image=/nonexistent/sixth.jpg"
            )
            #expect(status == .failed)
            #expect(f.console.notes == "register: image: at most 5 images (there are 6)", "\(f.console.notes)")
            #expect(try await f.products().totalCount == 0)
        }
    }

    /// A glob that matches six files counts as six.
    @Test func aGlobIsCountedAfterExpansion() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-image-count")
        defer { try? FileManager.default.removeItem(at: folder) }
        for n in 1...6 {
            try Fixtures.imageData("coffee-small.jpg").write(to: folder.appendingPathComponent("sku-\(n).jpg"))
        }
        let prepared = ImagePreparation([Word(folder.path + "/sku-*.jpg")], resize: true, relativeTo: nil)
        #expect(prepared.problems == [RuleViolation("images", .tooManyImages(max: 5, count: 6))])
        #expect(prepared.images.isEmpty)
    }

    @Test func noPhotoAtAllIsOneCountError() {
        let prepared = ImagePreparation([], resize: true, relativeTo: nil)
        #expect(prepared.problems == [RuleViolation("images", .imageRequired(min: 1))])
    }

    /// Two bad files among good ones: two lines, one for each, and nothing sent.
    @Test func twoBadFilesGiveTwoLines() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let good = Fixtures.image("coffee-small.jpg").path
            let notImage = Fixtures.image("not-an-image.jpg").path
            let status = await f.run(
                "register name='Two bad' description='Two of three photos are bad' price=10 currency=USD image='\(good)' image='\(notImage)' image=\(f.directory.path)/missing.jpg"
            )
            #expect(status == .failed)
            let lines = f.console.notes.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "register: 2 problems, nothing was sent:",
                    "  image 2 (not-an-image.jpg): not a JPEG, PNG or GIF (the file starts with text)",
                    "  image 3 (missing.jpg): no such file",
                ], "\(lines)")
            #expect(try await f.products().totalCount == 0)
        }
    }

    /// Every kind of problem at once, with the fields' own: each listed.
    @Test func everyKindOfImageProblemIsListedWithTheFields() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let empty = f.directory.appendingPathComponent("empty.jpg")
            try Data().write(to: empty)
            let paths = [
                Fixtures.image("not-an-image.jpg").path, f.directory.appendingPathComponent("gone.png").path, empty.path,
                Fixtures.image("astronaut-over-limit.png").path,
            ]
            let images = paths.map { "image='\($0)'" }.joined(separator: " ")
            let status = await f.run(
                "register name=ab description='Problems everywhere' price=abc currency=USD \(images) --no-resize")
            #expect(status == .failed)
            let notes = f.console.notes
            // Issue 39: every field's problem is said too, not only those of fields that do not parse.
            #expect(notes.hasPrefix("register: 6 problems, nothing was sent:"), "\(notes)")
            #expect(notes.contains("image 1 (not-an-image.jpg): not a JPEG"))
            #expect(notes.contains("image 2 (gone.png): no such file"))
            #expect(notes.contains("image 3 (empty.jpg): the file is empty"))
            #expect(notes.contains("image 4 (astronaut-over-limit.png):"))
            #expect(notes.contains("price: 'abc' is not a number"))
            #expect(notes.contains("name: must be 3 to 100 characters (it has 2)"))
        }
    }
}
