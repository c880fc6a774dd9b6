import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import OpenMarketServer
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 25: every change the shell makes is kept in a change log per server and vendor, and
/// `undo` takes it back (`redo` makes it again), against the bundled market.
@Suite("Undo and the change log")
struct UndoTests {
    /// A session logged in as the demo vendor, keeping its change log under the fixture's HOME.
    static func session(
        _ f: ScriptFixture, _ console: RecordingConsole, market: RunningMarket? = nil, local: URL? = nil,
        limits: ChangeLogLimits = .standard
    ) -> ScriptSession {
        let market = market ?? f.market
        var configuration = ShellConfiguration(
            serverURL: market.baseURL, credentials: market.demoCredentials, vendorName: "demo-shop",
            vendorID: f.demoVendorID, profiles: ProfileStore(directory: f.directory.appendingPathComponent("profiles")),
            timeout: .seconds(600))
        if let local { configuration.localMarket = LocalMarket(url: market.baseURL, dataDirectory: local) }
        return ScriptSession(
            configuration: configuration, console: console, environment: ["HOME": f.directory.path], changeLimits: limits)
    }

    /// Runs `line` in a session of its own, expecting it to be refused: what it said.
    static func refused(_ f: ScriptFixture, _ line: String) async -> RecordingConsole {
        let console = RecordingConsole()
        #expect(await session(f, console).execute(line).status != .ok, "\(line): \(console.out)")
        return console
    }

    /// Runs `line`, expecting it to succeed.
    @discardableResult
    static func ok(_ session: ScriptSession, _ line: String, _ console: RecordingConsole) async -> CommandReport {
        let report = await session.execute(line)
        #expect(report.status == .ok, "\(line): \(console.notes)")
        return report
    }

    /// The secret typed by hand as a raw request's item. Every test market has the same demo
    /// secret, which may begin with `@`: typed as `secret=@…` it would name a file, so the item is
    /// written as the shell writes one back (`secret=\@…`, HTTPie's escape).
    static func typedSecret(_ f: ScriptFixture) -> String {
        WordQuoting.quote(Word(RequestItem(kind: .text, key: "secret", value: f.secret).text))
    }

    /// Registers a product through the session: its id.
    static func register(
        _ f: ScriptFixture, _ session: ScriptSession, _ console: RecordingConsole, name: String = "Undo mug",
        images: String = "coffee-small.jpg", stock: Int = 10
    ) async throws -> Int {
        try f.copyImage("coffee-small.jpg")
        try f.copyImage("chelsea.png")
        let paths = images.split(separator: ",").map { f.directory.appendingPathComponent(String($0)).path }
        let report = await ok(
            session,
            "register name='\(name)' description='A mug for the undo tests' price=3500 currency=KRW discount=100 "
                + "stock=\(stock) " + paths.map { "image='\($0)'" }.joined(separator: " "), console)
        return try #require(report.result?.id)
    }

    /// The fields a change can touch, as one comparable value (the thumbnail by its photo).
    static func fields(_ p: Product) -> [String] {
        [
            p.name, p.description, "\(p.price)", p.currency.rawValue, "\(p.discountedPrice)", "\(p.stock)",
            "\(p.images?.firstIndex { $0.thumbnailURL == p.thumbnail } ?? -1)",
        ]
    }

    static func logFolder(_ f: ScriptFixture) -> URL {
        f.directory.appendingPathComponent(".local/state/openmarket/changes")
    }

    static func logFiles(_ f: ScriptFixture) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: logFolder(f), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }
    }

    // MARK: Each kind

    @Test func undoOfAPatchSendsBackOnlyItsFieldsAndTheProductIsAsBefore() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            let before = try await f.product(id: id)
            await Self.ok(session, "patch \(id) price=3200 name='Renamed mug'", console)
            #expect(try await f.product(id: id).price == 3200)
            let report = await Self.ok(session, "undo", console)
            #expect(console.out.contains("undid 2: #\(id)"), "\(console.out)")
            #expect(Self.fields(try await f.product(id: id)) == Self.fields(before))
            // The undo's PATCH carried the two fields, and If-Match.
            let patch = try #require(session.shell.exchanges.exchanges.last { $0.request.method == "PATCH" })
            let body = String(decoding: patch.request.body?.data ?? Data(), as: UTF8.self)
            #expect(body.contains("\"price\"") && body.contains("\"name\"") && !body.contains("\"stock\""), "\(body)")
            #expect(patch.request.headers["If-Match"] != nil)
            #expect(report.result?.id == id)
        }
    }

    /// A change to a product deleted since names the delete to undo first (it said only that
    /// the product no longer exists); undone in that order, both go through.
    @Test func undoOfAChangeToAProductDeletedSinceNamesTheDeleteToUndoFirst() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "delete \(id) --yes", console)
            let refused = await Self.refused(f, "undo 2 --yes")
            #expect(
                refused.notes.contains("#\(id) was deleted since, by change 3: 'undo 3' brings it back, then undo this one"),
                "\(refused.notes)")
            // Undoing the register asks to delete what a later change deleted: it says which.
            let register = await Self.refused(f, "undo 1 --yes")
            #expect(register.notes.contains("#\(id) is already gone: change 3 deleted it"), "\(register.notes)")
            await Self.ok(session, "undo 3 --yes", console)
            await Self.ok(session, "undo 2 --yes", console)
            let back = try #require(try await f.allProducts().first)
            #expect(back.id != id)
            #expect(try await f.product(id: back.id).price == 3500)
        }
    }

    /// Products one later command deleted are named together, once.
    @Test func productsOneDeleteTookAreNamedTogether() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let mug = try await Self.register(f, session, console, name: "Left mug")
            let cup = try await Self.register(f, session, console, name: "Right mug")
            await Self.ok(session, "patch \(mug) \(cup) price=3200", console)
            await Self.ok(session, "delete \(mug) \(cup) --yes", console)
            let refused = await Self.refused(f, "undo 3 --yes")
            #expect(
                refused.notes.contains(
                    "#\(mug) and #\(cup) were deleted since, by change 5: 'undo 5' brings them back, then undo this one"),
                "\(refused.notes)")
            #expect(refused.notes.components(separatedBy: "deleted since").count == 2, "\(refused.notes)")
        }
    }

    /// A delete undone, its product changed, then the delete redone: undoing the change names
    /// the delete, though its number is lower.
    @Test func aDeleteRedoneAfterTheChangeIsNamed() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "delete \(id) --yes", console)
            await Self.ok(session, "undo 2 --yes", console)
            let back = try #require(try await f.allProducts().first).id
            await Self.ok(session, "patch \(back) price=3200", console)
            await Self.ok(session, "redo 2 --yes --force", console)
            let refused = await Self.refused(f, "undo 3 --yes")
            #expect(
                refused.notes.contains("#\(back) was deleted since, by change 2: 'undo 2' brings it back"), "\(refused.notes)")
        }
    }

    /// The delete named is found when it was undone and done again since (it names the id the
    /// product had before its undo registered it again); one whose photos the log did not keep
    /// is named as one whose undo cannot bring the product back.
    @Test func aRedoneDeleteIsNamedAndOneWithoutPhotosIsSaidFinal() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "delete \(id) --yes", console)
            await Self.ok(session, "undo 3 --yes", console)
            await Self.ok(session, "redo 3 --yes", console)
            let refused = await Self.refused(f, "undo 2 --yes")
            #expect(refused.notes.contains("was deleted since, by change 3: 'undo 3' brings it back"), "\(refused.notes)")
            // A delete whose photos the log did not keep cannot bring the product back.
            let other = try await Self.register(f, session, console, name: "Photoless mug")
            await Self.ok(session, "patch \(other) price=3300", console)
            await Self.ok(session, "delete \(other) --yes", console)
            for log in try Self.logFiles(f) {
                let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { line -> String in
                    guard line.contains("\"deleted\""), line.contains("Photoless mug") else { return String(line) }
                    var entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    entry.removeValue(forKey: "photos")
                    return String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
                }
                try (lines.map { $0 + "\n" }.joined()).write(to: log, atomically: true, encoding: .utf8)
            }
            let noPhotos = await Self.refused(f, "undo 5 --yes")
            #expect(
                noPhotos.notes.contains("#\(other) was deleted by change 6, whose undo cannot bring it back"), "\(noPhotos.notes)"
            )
            #expect(!noPhotos.notes.contains("brings it back, then"), "\(noPhotos.notes)")
        }
    }

    @Test func undoIsRefusedWhenTheProductChangedMeanwhileAndForceSendsItAnyway() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            // Someone else changes the product in between: the price the patch set, and its name.
            _ = try await f.client.edit(id: id, ProductChanges(name: "Changed elsewhere", price: 3000))
            let refused = await session.execute("undo")
            #expect(refused.status == .failed)
            #expect(refused.failure.joined().contains("price is ₩3,000 now, not ₩3,200"), "\(refused.failure)")
            // The name is not the patch's: it is not what stops the undo.
            #expect(!refused.failure.joined().contains("name is"), "\(refused.failure)")
            #expect(refused.failure.joined().contains("undo 2 --force"), "\(refused.failure)")
            #expect(try await f.product(id: id).price == 3000)
            await Self.ok(session, "undo 2 --force", console)
            let after = try await f.product(id: id)
            #expect(after.price == 3500)
            // Only the field the patch changed was sent back: the other change stays.
            #expect(after.name == "Changed elsewhere")
        }
    }

    /// A word that is no change number is refused with the command's form, not a number that
    /// may name nothing (before, every refusal suggested `undo 7`).
    @Test func aWordThatIsNoChangeNumberIsRefusedWithTheFormNotAnExample() async throws {
        try await ScriptFixture.with { f in
            let session = Self.session(f, RecordingConsole())
            for word in ["abc", "0", "-1"] {
                let refused = await session.execute("redo \(word)")
                #expect(refused.status == .usage)
                #expect(
                    refused.failure.joined().contains("is not a change number: 'redo N' takes an N that 'changes' lists"),
                    "\(refused.failure)")
                #expect(!refused.failure.joined().contains("7"), "\(refused.failure)")
            }
        }
    }

    /// The product was changed since by a later change of this log: the refusal names it (the
    /// change to undo first), where another client's change is named by no number.
    @Test func undoRefusedForALaterChangeOfTheLogNamesThatChange() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "patch \(id) name='Renamed mug'", console)
            await Self.ok(session, "patch \(id) price=3300", console)
            let refused = await session.execute("undo 2")
            #expect(refused.status == .failed)
            // Change 3 renamed it, which `undo 2` does not touch: change 4 set the price.
            #expect(
                refused.failure.joined().contains("price is ₩3,300 now, not ₩3,200 (changed since change 2 by change 4)"),
                "\(refused.failure)")
            await Self.ok(session, "undo 4", console)
            await Self.ok(session, "undo 2", console)
            #expect(try await f.product(id: id).price == 3500)
        }
    }

    /// Another client changed the field after the log's later change: that change is not named
    /// (undoing it first would not clear the way).
    @Test func undoRefusedAfterAnotherClientsChangeNamesNoLaterChange() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "patch \(id) price=3300", console)
            _ = try await f.client.edit(id: id, ProductChanges(price: 3400))
            let refused = await session.execute("undo 2")
            #expect(
                refused.failure.joined().contains("price is ₩3,400 now, not ₩3,200 (changed since change 2);"),
                "\(refused.failure)")
        }
    }

    @Test func undoOfAStockChangeAppliesTheInverseToTheStockAfterASaleMeanwhile() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console, stock: 10)
            await Self.ok(session, "stock \(id) +5", console)
            // Two sold meanwhile, by another session.
            _ = try await f.client.edit(id: id, ProductChanges(stock: 13))
            await Self.ok(session, "undo", console)
            #expect(try await f.product(id: id).stock == 8)
            await Self.ok(session, "redo", console)
            #expect(try await f.product(id: id).stock == 13)
        }
    }

    @Test func undoOfARegisterDeletesTheProductOnlyAfterConfirmation() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            let unconfirmed = await session.execute("undo")
            #expect(unconfirmed.status == .usage)
            #expect(unconfirmed.failure.joined().contains("needs confirmation: add --yes"), "\(unconfirmed.failure)")
            #expect(try await f.product(id: id).id == id)
            // A person is asked, and a "no" keeps it.
            let person = RecordingConsole(interactive: true, answers: ["n", "y"])
            let asked = Self.session(f, person)
            #expect(await asked.execute("undo 1").status == .ok)
            #expect(person.notes.contains("kept") || person.notes.contains("cancelled"), "\(person.notes)")
            #expect(try await f.product(id: id).id == id)
            #expect(await asked.execute("undo 1").status == .ok, "\(person.notes)")
            await #expect(throws: MarketError.self) { try await f.client.product(id: id) }
        }
    }

    @Test func redoOfAnUndoneRegisterRegistersItAgainFromThePhotosSavedBeforeTheUndo() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            let before = try await f.product(id: id)
            let photo = try await f.client.downloadImage(try #require(before.images?.first).url).data
            await Self.ok(session, "undo --yes", console)
            await #expect(throws: MarketError.self) { try await f.client.product(id: id) }
            let again = await Self.ok(session, "redo", console)
            let newID = try #require(again.result?.id)
            let product = try await f.product(id: newID)
            #expect(Self.fields(product) == Self.fields(before))
            #expect(try await f.client.downloadImage(try #require(product.images?.first).url).data == photo)
        }
    }

    @Test func aDeleteOfSeveralWhereOneFailsKeepsTheOthersInTheLog() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let first = try await Self.register(f, session, console, name: "First mug")
            let second = try await Self.register(f, session, console, name: "Second mug")
            #expect(await session.execute("delete \(first) 999 \(second) --yes").status == .failed)
            await Self.ok(session, "changes", console)
            #expect(console.out.contains("deleted #\(first) First mug"), "\(console.out)")
            #expect(console.out.contains("deleted #\(second) Second mug"), "\(console.out)")
            await Self.ok(session, "undo", console)
            #expect(try await f.allProducts().contains { $0.name == "Second mug" })
        }
    }

    @Test func undoOfADeleteRegistersItAgainWithItsFieldsPhotoBytesAndThumbnail() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console, images: "coffee-small.jpg,chelsea.png")
            let images = try #require(try await f.product(id: id).images)
            await Self.ok(session, "patch \(id) thumbnail=\(images[1].id)", console)
            let before = try await f.product(id: id)
            var bytes: [Data] = []
            for image in before.images ?? [] { bytes.append(try await f.client.downloadImage(image.url).data) }
            await Self.ok(session, "show \(id) as mug", console)
            await Self.ok(session, "delete \(id) --yes", console)
            let report = await Self.ok(session, "undo", console)
            let newID = try #require(report.result?.id)
            #expect(newID != id)
            #expect(console.out.contains("undid 3: Undo mug is back as #\(newID) (it was #\(id))"), "\(console.out)")
            let again = try await f.product(id: newID)
            #expect(Self.fields(again) == Self.fields(before))
            var againBytes: [Data] = []
            for image in again.images ?? [] { againBytes.append(try await f.client.downloadImage(image.url).data) }
            #expect(againBytes == bytes)
            // The name bound to the old product follows it.
            #expect(try session.runtime.variables.resolve("mug") == String(newID))
            // A later undo of the patch before the delete finds it under its new id.
            await Self.ok(session, "undo 2 --force", console)
            #expect(Self.fields(try await f.product(id: newID))[6] == "0")
        }
    }

    @Test func undoOfAnEditSendsBackWhatTheEditorChanged() async throws {
        try await ScriptFixture.with { f in
            let setup = RecordingConsole()
            let id = try await Self.register(f, Self.session(f, setup), setup)
            let before = try await f.product(id: id)
            let console = RecordingConsole(interactive: true) { path in
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                try? text.replacingOccurrences(of: "price: 3500", with: "price: 4100").write(
                    toFile: path, atomically: false, encoding: .utf8)
                return .edited
            }
            let session = Self.session(f, console)
            await Self.ok(session, "edit \(id)", console)
            #expect(try await f.product(id: id).price == 4100)
            await Self.ok(session, "undo", console)
            #expect(Self.fields(try await f.product(id: id)) == Self.fields(before))
        }
    }

    @Test func rawPatchAndTheTwoStepRawDeleteAreUndone() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            let before = try await f.product(id: id)
            await Self.ok(session, "PATCH /api/products/\(id) price:=5000 \(Self.typedSecret(f))", console)
            #expect(try await f.product(id: id).price == 5000)
            await Self.ok(session, "undo", console)
            #expect(Self.fields(try await f.product(id: id)) == Self.fields(before))
            let archived = await Self.ok(session, "POST /api/products/\(id)/archived \(Self.typedSecret(f))", console)
            let uri = String(decoding: try #require(archived.outcome?.answer?.body), as: UTF8.self)
            await Self.ok(session, "DELETE \(uri)", console)
            let again = await Self.ok(session, "undo", console)
            let newID = try #require(again.result?.id)
            #expect(Self.fields(try await f.product(id: newID)) == Self.fields(before))
        }
    }

    // MARK: Batches, redo, scripts

    @Test func anImportOf100RowsIsUndoneByOneUndoAfterTheTypedConfirmation() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("hundred.csv", CatalogImportTests.rows(100))
            let console = RecordingConsole()
            let session = Self.session(f, console)
            await Self.ok(session, "import '\(path)' --yes --jobs 8", console)
            #expect(try await f.allProducts().filter { $0.name.hasPrefix("Item ") }.count == 100)
            await Self.ok(session, "changes", console)
            #expect(console.out.contains("hundred.csv"), "\(console.out)")
            #expect(console.out.contains("100 changes (100 registered)"), "\(console.out)")
            // A person types the number of changes, as for the import.
            let person = RecordingConsole(interactive: true, answers: ["99", "100"])
            let asked = Self.session(f, person)
            #expect(await asked.execute("undo").status == .ok)
            #expect(try await f.allProducts().filter { $0.name.hasPrefix("Item ") }.count == 100)
            #expect(await asked.execute("undo").status == .ok, "\(person.notes)")
            #expect(person.out.contains("hundred.csv, 100 changes):\n  delete #"), "\(person.out)")
            #expect(person.out.contains("… and 80 more"), "\(person.out)")
            #expect(person.out.contains("hundred.csv, 100 changes): 100 of 100"), "\(person.out)")
            #expect(try await f.allProducts().filter { $0.name.hasPrefix("Item ") }.isEmpty)
        }
    }

    /// `changes` lists an import of 3 rows as change 1 and the next change as 4: `undo 2`, a
    /// number it does not list, undid the whole import, and said nothing of it.
    @Test func aRowOfAnImportIsNotUndoneByItsOwnNumber() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script("three.csv", CatalogImportTests.rows(3))
            let console = RecordingConsole()
            let session = Self.session(f, console)
            await Self.ok(session, "import '\(path)' --yes", console)
            let row = await Self.refused(f, "undo 2 --yes")
            #expect(row.notes.contains("change 2 is one of the 3 changes of change 1 (import "), "\(row.notes)")
            #expect(row.notes.contains("three.csv), undone together: 'undo 1' takes them all back"), "\(row.notes)")
            #expect(try await f.allProducts().count == 3)
            await Self.ok(session, "undo 1 --yes", console)
            #expect(try await f.allProducts().isEmpty)
            // Undone already, it is said so, whichever of its numbers is given.
            let undone = await Self.refused(f, "undo 2 --yes")
            #expect(undone.notes.contains("change 2 is one of the 3 changes of change 1 (import "), "\(undone.notes)")
            #expect(undone.notes.contains("undone already: 'redo 1' makes them all again"), "\(undone.notes)")
            let again = await Self.refused(f, "redo 3 --yes")
            #expect(again.notes.contains("'redo 1' makes them all again"), "\(again.notes)")
            #expect(try await f.allProducts().isEmpty)
            // Made again, it has nothing to redo, whichever of its numbers is given.
            await Self.ok(session, "redo 1 --yes", console)
            let standing = await Self.refused(f, "redo 3 --yes")
            #expect(standing.notes.contains("change 3 is one of the 3 changes of change 1 (import "), "\(standing.notes)")
            #expect(standing.notes.contains("which is not undone: there is nothing to redo"), "\(standing.notes)")
            #expect(try await f.allProducts().count == 3)
        }
    }

    @Test func redoMakesAnUndoneChangeAgain() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "undo", console)
            #expect(try await f.product(id: id).price == 3500)
            #expect(await session.execute("undo 2").status == .failed)
            await Self.ok(session, "redo", console)
            #expect(try await f.product(id: id).price == 3200)
            #expect(await session.execute("redo").status == .failed)
            await Self.ok(session, "changes", console)
            #expect(console.out.contains("#\(id) Undo mug: price ₩3,500 → ₩3,200"), "\(console.out)")
        }
    }

    @Test func dryRunShowsWhatAnUndoWouldSendAndSendsNothing() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "patch \(id) price=3200", console)
            await Self.ok(session, "undo --dry-run", console)
            #expect(console.out.contains("PATCH /api/products/\(id) {\"price\":3500} with If-Match"), "\(console.out)")
            #expect(try await f.product(id: id).price == 3200)
            // Nothing was marked: the undo is still there to do.
            await Self.ok(session, "undo", console)
            #expect(try await f.product(id: id).price == 3500)
        }
    }

    @Test func undoWorksInAScriptAndIsRecorded() async throws {
        try await ScriptFixture.with { f in
            try f.copyImage("coffee-small.jpg")
            let script = try f.script(
                "undo.om",
                """
                register name='Script mug' description='Registered by a script' price=1000 currency=KRW image=coffee-small.jpg as mug
                patch $mug price=1500
                undo
                expect ${last.price} == 1000
                """)
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let recording = f.directory.appendingPathComponent("rec.om").path
            try await session.startRecording(recording)
            #expect(await session.runScript(path: script) == .ok, "\(console.notes)")
            await session.stopRecording()
            let recorded = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(recorded.contains("\nundo --yes\n"), "\(recorded)")
        }
    }

    // MARK: The log

    @Test func undoWorksInAnotherSessionOnTheLocalMarketStartedAgainOnAnotherPort() async throws {
        try await ScriptFixture.with { f in
            let data = f.directory.appendingPathComponent("local")
            let first = try await ScriptFixture.startMarket(data)
            let console = RecordingConsole()
            let id = try await Self.register(f, Self.session(f, console, market: first, local: data), console)
            await Self.ok(Self.session(f, console, market: first, local: data), "patch \(id) price=3200", console)
            await first.stop()
            let second = try await ScriptFixture.startMarket(data)
            defer { Task { await second.stop() } }
            let later = RecordingConsole()
            let session = Self.session(f, later, market: second, local: data)
            await Self.ok(session, "changes", later)
            // Another session's changes are listed: they are what `undo` takes.
            #expect(later.out.contains("#\(id) Undo mug: price ₩3,500 → ₩3,200"), "\(later.out)")
            await Self.ok(session, "undo", later)
            let client = MarketClient(baseURL: second.baseURL, timeout: .seconds(600))
            #expect(try await client.product(id: id).value.price == 3500)
        }
    }

    /// The middleware keeps the log of the last server and vendor rather than naming one per
    /// command: a session that goes to another market and back must still write each market's
    /// changes to that market's log.
    @Test func aSessionThatMovesBetweenMarketsKeepsEachMarketsChangesInItsOwnLog() async throws {
        try await ScriptFixture.with { f in
            let second = try await ScriptFixture.startMarket(f.directory.appendingPathComponent("second"))
            defer { Task { await second.stop() } }
            let secret = { (market: RunningMarket) in market.demoCredentials.secret.revealed }
            let console = RecordingConsole(interactive: true, secrets: [secret(second), secret(f.market)])
            let session = Self.session(f, console)
            let first = try await Self.register(f, session, console)
            await Self.ok(session, "connect \(second.baseURL.absoluteString)", console)
            await Self.ok(session, "login \(second.demoCredentials.identifier)", console)
            let there = try await Self.register(f, session, console, name: "Second market mug")
            await Self.ok(session, "connect \(f.market.baseURL.absoluteString)", console)
            await Self.ok(session, "login \(f.market.demoCredentials.identifier)", console)
            await Self.ok(session, "patch \(first) price=3200", console)
            let logs = try Self.logFiles(f).map { try String(contentsOf: $0, encoding: .utf8) }
            #expect(logs.count == 2, "\(logs)")
            let home = try #require(logs.first { $0.contains("\"Undo mug\"") })
            #expect(home.contains("patch \(first) price=3200"), "\(home)")
            #expect(!home.contains("Second market mug"))
            let away = try #require(logs.first { $0.contains("Second market mug") })
            #expect(!away.contains("patch"), "\(away)")
            #expect(there > 0)
        }
    }

    @Test func theLogIsReadableByItsOwnerOnlyAndNeverHoldsTheSecret() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = Self.session(f, console)
            let id = try await Self.register(f, session, console)
            await Self.ok(session, "PATCH /api/products/\(id) stock:=3 \(Self.typedSecret(f))", console)
            await Self.ok(session, "delete \(id) --yes", console)
            let files = try Self.logFiles(f)
            #expect(files.count == 1)
            let file = try #require(files.first)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("stock:=3"), "\(text)")
            #expect(!text.contains(f.secret))
            let mode = { (path: String) in
                ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue
            }
            #expect(mode(file.path) == 0o600)
            #expect(mode(Self.logFolder(f).path) == 0o700)
            let photos = file.deletingPathExtension().path + ".photos"
            let saved = try FileManager.default.contentsOfDirectory(atPath: photos)
            #expect(!saved.isEmpty)
            for name in saved {
                #expect(mode(photos + "/" + name) == 0o600)
                let data = try Data(contentsOf: URL(fileURLWithPath: photos + "/" + name))
                #expect(data.range(of: Data(f.secret.utf8)) == nil)
            }
        }
    }

    @Test func savedPhotosArePrunedOldestFirstAtTheSizeAndAgeLimits() async throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = ChangeLogLimits(photoBytes: 2_500, photoAge: .seconds(3_600), entries: 4, entryAge: .seconds(86_400))
        let log = ChangeLog(folder: folder, server: "http://127.0.0.1:1", vendor: "vendor", limits: limits)
        let product = Product(
            id: 1, vendorID: 1, name: "Mug", description: "A mug to prune", thumbnail: nil, currency: .krw, price: 1000,
            stock: 1, createdAt: nil, issuedAt: nil)
        let photo = SavedPhoto(filename: "mug.jpg", data: Data(repeating: 7, count: 1_000))
        let deleted = ProductChange(.deleted, before: product, after: nil, photos: [photo])
        // Three deletes of 1,000 bytes each: over 2,500 bytes, the oldest goes.
        for number in 1...3 {
            try log.record([deleted], command: "delete 1 --yes", session: "s", batch: nil)
            let file = log.photoFolder + "/\(number)-1-mug.jpg"
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(-60 * (10 - number)))], ofItemAtPath: file)
        }
        try log.record([deleted], command: "delete 1 --yes", session: "s", batch: nil)
        let kept = try FileManager.default.contentsOfDirectory(atPath: log.photoFolder).sorted()
        #expect(kept == ["3-1-mug.jpg", "4-1-mug.jpg"], "\(kept)")
        // Past the age limit, a photo goes whatever the size.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -7_200)], ofItemAtPath: log.photoFolder + "/3-1-mug.jpg")
        try log.record([ProductChange(.edited, before: product, after: product)], command: "patch 1", session: "s", batch: nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: log.photoFolder) == ["4-1-mug.jpg"])
        // The log keeps its newest four events, and a change whose photos are gone says so.
        let entries = try log.entries()
        #expect(entries.map(\.number) == [2, 3, 4, 5])
        #expect(try log.photos(of: entries[1]) == nil)
        #expect(try log.photos(of: entries[2])?.first?.data == photo.data)
    }

    /// A change reads only the log's end for its number and only its start for what is too
    /// old: undo lines after the newest change and a damaged line do not change the numbering,
    /// and what is past the age limit goes from the start, a damaged line there with it.
    @Test func aChangeIsNumberedFromTheLogsEndAndOldEntriesGoFromItsStart() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let limits = ChangeLogLimits(entries: 100, entryAge: .seconds(10 * 86_400))
        let log = ChangeLog(folder: folder, server: "http://127.0.0.1:1", vendor: "vendor", limits: limits)
        let product = Product(
            id: 1, vendorID: 1, name: "Mug", description: "A mug to number", thumbnail: nil, currency: .krw, price: 1000,
            stock: 1, createdAt: nil, issuedAt: nil)
        let edit = ProductChange(.edited, before: product, after: product)
        let day = 86_400.0
        try log.record([edit], command: "patch 1", session: "s", batch: nil, now: Date(timeIntervalSinceNow: -20 * day))
        try log.record([edit, edit], command: "patch 1", session: "s", batch: nil, now: Date(timeIntervalSinceNow: -15 * day))
        try log.mark(.undo, number: 3, session: "s", result: product, replaced: nil, now: Date(timeIntervalSinceNow: -14 * day))
        try log.mark(.undo, number: 2, session: "s", result: product, replaced: nil, now: Date(timeIntervalSinceNow: -14 * day))
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"event\":\"change\",\"number\":99,\"time\n".utf8))
        try handle.close()
        // The newest change is 3: the undo lines after it name older ones, the damaged line none.
        #expect(
            try log.record([edit], command: "patch 1", session: "s", batch: nil, now: Date(timeIntervalSinceNow: -12 * day)) == [
                4
            ])
        #expect(try log.entries().map(\.number) == [1, 2, 3, 3, 2, 4])
        // Now every line up to change 4 (twelve days old), the damaged one among them, is past ten
        // days: they go, the two of today stay.
        try log.mark(.redo, number: 4, session: "s", result: product, replaced: nil)
        #expect(try log.record([edit], command: "patch 1", session: "s", batch: nil) == [5])
        let left = try log.entries()
        #expect(left.map(\.number) == [4, 5])
        #expect(left.map(\.event) == [.redo, .change])
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        #expect(!text.contains("99"))
    }

    /// A full log is rewritten once it is a tenth over its limit, not on every change, and what
    /// it lists is always its newest entries up to the limit.
    @Test func aFullLogIsRewrittenOnceATenthOverAndListsItsNewest() throws {
        let folder = try Fixtures.temporaryDirectory("openmarket-change-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = ChangeLog(folder: folder, server: "http://127.0.0.1:1", vendor: "vendor", limits: ChangeLogLimits(entries: 20))
        let product = Product(
            id: 1, vendorID: 1, name: "Mug", description: "A mug to fill the log", thumbnail: nil, currency: .krw,
            price: 1000, stock: 1, createdAt: nil, issuedAt: nil)
        func lineCount() throws -> Int {
            try String(contentsOfFile: log.path, encoding: .utf8).split(separator: "\n").count
        }
        var sizes: [Int] = []
        for number in 1...30 {
            #expect(
                try log.record(
                    [ProductChange(.edited, before: product, after: product)], command: "patch 1", session: "s", batch: nil) == [
                        number
                    ])
            sizes.append(try lineCount())
            #expect(try log.entries().map(\.number) == Array(max(1, number - 19)...number))
        }
        // Up to 22 lines (the limit and a tenth), then back to 20.
        #expect(sizes[19...23] == [20, 21, 22, 20, 21], "\(sizes)")
        #expect(sizes.max() == 22)
    }
}
