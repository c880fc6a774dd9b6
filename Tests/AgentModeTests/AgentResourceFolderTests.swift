import Foundation
import MCP
import MarketImages
import MarketTestSupport
import OpenMarketContract
import SellerShell
import SystemPackage
import Testing

@testable import AgentMode

/// Issue 43's tryout (F4) and review (#13): `register_photos` asked the model to list and look at
/// photos no tool showed it. `openmarket://folder` lists the photos (format, pixels, bytes) and
/// sheets under `--folder`; `openmarket://folder/PATH` shows a photo shrunk to at most 1024 px;
/// a path out of the folder (`..`, a link) is refused by the server's access policy.
@Suite("Agent resources: the folder's files")
struct AgentResourceFolderTests {
    /// A folder with a large photo in a subfolder, a small one, a sheet, a text file, a hidden
    /// photo and a link pointing out; a text file beside it.
    static func withShelf(_ body: (FolderShelf, URL) throws -> Void) throws {
        let made = try Fixtures.temporaryDirectory("openmarket-agent-folder-test")
        defer { try? FileManager.default.removeItem(at: made) }
        let root = URL(fileURLWithPath: AccessPolicy.realPath(made.path)!.string)
        let folder = root.appendingPathComponent("folder")
        let scratch = root.appendingPathComponent("scratch")
        for made in [folder.appendingPathComponent("rocket case"), scratch] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        let files = FileManager.default
        try files.copyItem(
            at: Fixtures.image("rocket-phone-4032x3024.jpg"), to: folder.appendingPathComponent("rocket case/front.jpg"))
        try files.copyItem(at: Fixtures.image("coffee-small.jpg"), to: folder.appendingPathComponent("mug.jpg"))
        try files.copyItem(at: Fixtures.image("coffee-small.jpg"), to: folder.appendingPathComponent(".hidden.jpg"))
        try Data("name,price\nMug,9000\n".utf8).write(to: folder.appendingPathComponent("prices.csv"))
        try Data("notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("outside\n".utf8).write(to: root.appendingPathComponent("x.jpg"))
        try files.createSymbolicLink(
            at: folder.appendingPathComponent("link-out.jpg"), withDestinationURL: root.appendingPathComponent("x.jpg"))
        let access = AgentAccess.policy(
            folder: FilePath(folder.path), scratch: FilePath(scratch.path), market: URL(string: "http://127.0.0.1:1")!)
        try body(FolderShelf(folder: FilePath(folder.path), access: access), root)
    }

    static func files(_ shelf: FolderShelf) throws -> [String: [String: Value]] {
        let listing = try #require(try shelf.read(FolderShelf.uri)?.first?.text)
        let value = try JSONDecoder().decode(Value.self, from: Data(listing.utf8))
        guard case .object(let object) = value, case .array(let files) = object["files"] else { return [:] }
        var byPath: [String: [String: Value]] = [:]
        for case .object(let file) in files { if let path = file["path"]?.stringValue { byPath[path] = file } }
        return byPath
    }

    @Test("the listing names each photo with its format, pixels, bytes and uri, and each sheet; nothing else")
    func listsPhotosAndSheets() throws {
        try Self.withShelf { shelf, _ in
            let files = try Self.files(shelf)
            #expect(Set(files.keys) == ["mug.jpg", "prices.csv", "rocket case/front.jpg"], "\(files.keys)")
            let rocket = try #require(files["rocket case/front.jpg"])
            #expect(rocket["format"] == .string("jpeg") && rocket["width"] == .int(4032) && rocket["height"] == .int(3024))
            #expect(rocket["bytes"] == .int(3_105_743))
            #expect(rocket["uri"] == .string("openmarket://folder/rocket%20case/front.jpg"))
            #expect(files["prices.csv"]?["kind"] == .string("sheet"))
        }
    }

    @Test("a photo's uri shows it as an image, shrunk to at most 1024 px a side")
    func showsAPhotoShrunk() throws {
        try Self.withShelf { shelf, _ in
            let content = try #require(try shelf.read("openmarket://folder/rocket%20case/front.jpg")?.first)
            #expect(content.mimeType == "image/jpeg")
            let data = try #require(content.blob.flatMap { Data(base64Encoded: $0) })
            let info = try MarketImages.info(of: data)
            #expect(info.longestSide <= 1024 && info.longestSide >= 512, "\(info)")
            #expect(data.count <= 1024 * 1024)
        }
    }

    @Test(
        "a photo out of the folder is refused by the access rule, naming --folder",
        arguments: ["openmarket://folder/../x.jpg", "openmarket://folder/link-out.jpg", "openmarket://folder/%2E%2E/x.jpg"])
    func refusesOutside(_ uri: String) throws {
        try Self.withShelf { shelf, _ in
            #expect {
                _ = try shelf.read(uri)
            } throws: { error in
                let text = (error as? AgentFailure)?.text ?? ""
                return text.contains("outside the folder openmarket mcp reads (--folder DIR)")
            }
        }
    }

    @Test("a missing file says it is missing; an absolute path inside the folder shows the photo")
    func missingAndAbsolute() throws {
        try Self.withShelf { shelf, root in
            do {
                _ = try shelf.read("openmarket://folder/no-such-photo.jpg")
                Issue.record("a missing file was read")
            } catch {
                #expect((error as? AgentFailure)?.text.contains("names no file") == true, "\(error)")
            }
            let absolute = root.appendingPathComponent("folder/rocket case/front.jpg").path
            let escaped = absolute.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? absolute
            let content = try #require(try shelf.read("openmarket://folder/" + escaped)?.first)
            #expect(content.mimeType == "image/jpeg")
        }
    }

    @Test("register_photos names the folder's resources and says patterns are not expanded")
    func promptNamesTheResources() throws {
        for language in [Language.en, .ko] {
            let text = ResourceMessage.registerPhotos(folder: "photos", images: UploadRules.imageCount).text(in: language)
            #expect(text.contains(FolderShelf.uri) && text.contains("\(FolderShelf.uri)/"), "\(text)")
            #expect(text.contains("*.jpg"), "\(text)")
        }
    }
}
