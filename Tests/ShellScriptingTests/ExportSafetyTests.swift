import CatalogFiles
import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

/// `export` from the security issue: an existing file is not replaced without `--force` (item
/// 3), formulas are neutralised (item 8), and a hostile market's photos are bounded (item 9).
@Suite("Export kept safe")
struct ExportSafetyTests {
    static let precious = Data("#!/bin/sh\necho precious\n".utf8)

    static func run(_ f: ScriptFixture, _ line: String) async -> (CommandStatus, RecordingConsole) {
        let console = RecordingConsole()
        let status = await f.session(console).execute(line).status
        return (status, console)
    }

    // MARK: Existing files (item 3)

    @Test func exportRefusesAnExistingFileLeavingItByteForByteAndNamingItAndForce() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = f.directory.appendingPathComponent("dot-bashrc.csv").path
            try Self.precious.write(to: URL(fileURLWithPath: path))
            let (status, console) = await Self.run(f, "export '\(path)'")
            #expect(status == .failed)
            #expect(console.notes.contains("\(path) exists already"), "\(console.notes)")
            #expect(console.notes.contains("--force"), "\(console.notes)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.precious)
        }
    }

    @Test func exportWithForceReplacesAnExistingFile() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = f.directory.appendingPathComponent("catalog.csv").path
            try Self.precious.write(to: URL(fileURLWithPath: path))
            let (status, console) = await Self.run(f, "export '\(path)' --force")
            #expect(status == .ok, "\(console.notes)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(data.starts(with: Data("\u{FEFF}id,name,".utf8)), "\(String(decoding: data, as: UTF8.self))")
        }
    }

    /// A folder at the path is said to be one, `--force` or not: the hint to add `--force` only
    /// led to a second refusal, after the export's work, as the file was put in place.
    @Test func exportToAFolderSaysItIsAFolderAndSuggestsNoForce() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let folder = f.directory.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for force in ["", " --force"] {
                let (status, console) = await Self.run(f, "export '\(folder.path)' --format csv\(force)")
                #expect(status == .failed, "\(console.notes)")
                #expect(console.notes.contains("\(folder.path) is a folder, not a regular file: name a file"), "\(console.notes)")
                #expect(!console.notes.contains("--force"), "\(console.notes)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            }
        }
    }

    /// `--force` over a link to a folder replaces the link with a file of the usual mode (it
    /// took the folder's 0755), and leaves the folder alone.
    @Test func exportWithForceOverALinkToAFolderWritesAnOrdinaryFile() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let folder = f.directory.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let link = f.directory.appendingPathComponent("link.csv").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path)
            let (status, console) = await Self.run(f, "export '\(link)' --force")
            #expect(status == .ok, "\(console.notes)")
            let attributes = try FileManager.default.attributesOfItem(atPath: link)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test func exportDoesNotFollowASymlinkAtTheTargetWithoutForce() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let victim = f.directory.appendingPathComponent("victim").path
            try Self.precious.write(to: URL(fileURLWithPath: victim))
            let link = f.directory.appendingPathComponent("link.csv").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
            let (status, console) = await Self.run(f, "export '\(link)'")
            #expect(status == .failed)
            #expect(console.notes.contains("exists already"), "\(console.notes)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.precious)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim)
        }
    }

    /// An export that does not finish takes away the photos it saved (before, they stayed and
    /// refused the next try with "exists already"), never a file that was there before it.
    @Test func anExportThatDoesNotFinishRemovesThePhotosItSaved() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let rows = try f.script("start.csv", CatalogImportTests.rows(3))
            #expect(await Self.run(f, "import '\(rows)' --yes").0 == .ok)
            let ids = try await f.allProducts().map(\.id).sorted()
            let folder = f.directory.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The last product's photo is in the way: the export stops there, after two products.
            let blocking = folder.appendingPathComponent("\(ids[2])-1.jpg")
            try Self.precious.write(to: blocking)
            let catalog = f.directory.appendingPathComponent("out.csv").path
            let line = "export '\(catalog)' --images '\(folder.path)' --jobs 1"
            let (status, console) = await Self.run(f, line)
            #expect(status == .failed, "\(console.notes)")
            #expect(console.notes.contains("the 2 photos it had saved in \(folder.path) were removed"), "\(console.notes)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [blocking.lastPathComponent])
            #expect(try Data(contentsOf: blocking) == Self.precious)
            #expect(!FileManager.default.fileExists(atPath: catalog))
            try FileManager.default.removeItem(at: blocking)
            let (again, retried) = await Self.run(f, line)
            #expect(again == .ok, "the same export again: \(retried.notes)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
        }
    }

    @Test func exportDeclaresForceAndWritesItBackInItsWords() throws {
        let spec = try #require(ScriptSession.registry.find("export")).spec
        #expect(spec.flags.contains { $0.name == "--force" })
        #expect(spec.usage.contains("[--force]"))
        let command = try ScriptSession.registry.parse([Word("export"), Word("a b.csv", wasQuoted: true), Word("--force")])
        #expect(command.words.map(\.text) == ["export", "a b.csv", "--force"])
    }

    // MARK: Formulas (item 8)

    @Test func exportWritesFormulasNeutralisedAndTheyReadBackExactly() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let image = f.directory.appendingPathComponent("coffee-small.jpg").path
            let register = await Self.run(
                f,
                "register name='=HYPERLINK(\"http://127.0.0.1/\")' description=\"'quoted @SUM(A1)\" price=100 currency=KRW image='\(image)'"
            )
            #expect(register.0 == .ok, "\(register.1.notes)")
            let path = f.directory.appendingPathComponent("out.csv").path
            let (status, console) = await Self.run(f, "export '\(path)'")
            #expect(status == .ok, "\(console.notes)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\"'=HYPERLINK(\"\"http://127.0.0.1/\"\")\""), "\(text)")
            #expect(text.contains(",''quoted @SUM(A1),"), "\(text)")
            let row = try #require(CatalogReader.read(path).rows.first)
            #expect(row[.name] == "=HYPERLINK(\"http://127.0.0.1/\")")
            #expect(row[.description] == "'quoted @SUM(A1)")
        }
    }

    // MARK: Photos from a hostile market (item 9)

    static let product =
        #"{"id":1,"vendor_id":1,"name":"Mug","description":"A mug for the tests","thumbnail":"/t.jpg","currency":"KRW","price":1000,"bargain_price":1000,"discounted_price":0,"stock":1,"created_at":"2022-10-18T09:12:44","issued_at":"2022-10-18T09:12:44","images":IMAGES,"vendors":{"id":1,"name":"shop"}}"#

    /// A market with one product whose detail lists `images` photos, each answered by `photo`.
    static func hostileMarket(
        images: Int, photo: @escaping @Sendable () -> [MisbehavingServer.Step]
    ) throws
        -> MisbehavingServer
    {
        let list = (1...images).map { #"{"id":\#($0),"url":"/images/\#($0).jpg","thumbnail_url":"/t.jpg"}"# }
        let detail = product.replacingOccurrences(of: "IMAGES", with: "[\(list.joined(separator: ","))]")
        let summary = product.replacingOccurrences(of: "IMAGES", with: "[]")
        let page =
            #"{"pageNo":1,"itemsPerPage":100,"totalCount":1,"offset":0,"limit":100,"lastPage":1,"hasNext":false,"hasPrev":false,"pages":[\#(summary)]}"#
        return try MisbehavingServer { request in
            if request.target.hasPrefix("/images/") { return photo() }
            return [
                .send(MisbehavingServer.response(status: 200, body: request.target.hasPrefix("/api/products?") ? page : detail))
            ]
        }
    }

    static func jpeg() throws -> [UInt8] { [UInt8](try Fixtures.imageData("coffee-small.jpg")) }

    /// `export out.csv --all --images photos` against a hostile market whose photos `photo`
    /// answers; the market starts once the fixture is ready (on a loaded machine the fixture's
    /// setup outlasted the test server's lifetime).
    static func exportWithImages(
        images: Int, photo: @escaping @Sendable () -> [MisbehavingServer.Step],
        _ check: (RecordingConsole, _ photos: String, _ out: String, MisbehavingServer) throws -> Void
    ) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let server = try Self.hostileMarket(images: images, photo: photo)
            defer { server.stop() }
            let console = RecordingConsole()
            let session = ScriptSession(
                configuration: ShellConfiguration(serverURL: server.baseURL, timeout: .seconds(60)), console: console,
                environment: ["HOME": f.directory.path])
            let photos = f.directory.appendingPathComponent("photos").path
            let out = f.directory.appendingPathComponent("out.csv").path
            #expect(await session.execute("export '\(out)' --all --images '\(photos)'").status == .failed)
            // Nothing saved stays, nor the folder this export made.
            #expect(!FileManager.default.fileExists(atPath: photos))
            try check(console, photos, out, server)
        }
    }

    @Test func exportImagesRefusesAProductListingMoreThanFivePhotosNamingIt() async throws {
        let jpeg = try Self.jpeg()
        try await Self.exportWithImages(images: 100) {
            [.send(MisbehavingServer.response(status: 200, contentType: "image/jpeg", body: jpeg))]
        } _: { console, _, _, server in
            #expect(console.notes.contains("#1: the market lists 100 photos, more than the 5"), "\(console.notes)")
            #expect(!server.received.contains { $0.target.hasPrefix("/images/") })
        }
    }

    @Test func exportImagesStopsAnEndlessPhotoNamingTheProduct() async throws {
        try await Self.exportWithImages(images: 1) {
            [
                .send(MisbehavingServer.head(status: 200, contentType: "image/jpeg", contentLength: nil)),
                .sendRepeated(MisbehavingServer.chunk([UInt8](repeating: 0xFF, count: 65536)), times: 100_000),
            ]
        } _: { console, _, out, _ in
            #expect(console.notes.contains("#1: photo 1: the image at"), "\(console.notes)")
            #expect(console.notes.contains("larger than 512 KB"), "\(console.notes)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
