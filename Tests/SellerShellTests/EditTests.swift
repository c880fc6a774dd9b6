import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

@Suite("The edit document")
struct EditDocumentTests {
    static func product(name: String = "우유병 텀블러", description: String = "첫 줄입니다.\n두 번째 줄\n\n  indented line") -> Product {
        Product(
            id: 12, vendorID: 1, name: name, description: description, thumbnail: "http://127.0.0.1:1/t/36.jpg",
            currency: .krw, price: 3400, discountedPrice: 400, stock: 5, createdAt: nil, issuedAt: nil,
            images: [
                ProductImage(
                    id: 35, url: "http://127.0.0.1:1/35.jpg", thumbnailURL: "http://127.0.0.1:1/t/35.jpg", issuedAt: nil),
                ProductImage(
                    id: 36, url: "http://127.0.0.1:1/36.jpg", thumbnailURL: "http://127.0.0.1:1/t/36.jpg", issuedAt: nil),
            ])
    }

    @Test func aDocumentReadsBackToTheSameValues() throws {
        let product = Self.product()
        let text = ProductDocument.render(product)
        #expect(text.contains("\nname: 우유병 텀블러\n"))
        #expect(text.contains("\nprice: 3400\n"))
        #expect(text.contains("\n# currency: KRW or USD\ncurrency: KRW\n"))
        #expect(text.contains("\ndiscount: 400\nstock: 5\n"))
        #expect(text.contains("image ids: 35, 36\nthumbnail: 36\n"))
        #expect(text.hasSuffix("\ndescription:\n  첫 줄입니다.\n  두 번째 줄\n  \n    indented line\n"))
        let document = try ProductDocument.parse(text).get()
        #expect(document == ProductDocument(product))
        #expect(document.changes(from: ProductDocument(product)).isEmpty)
    }

    @Test func editedFieldsAreTheOnlyChanges() throws {
        let product = Self.product()
        let text =
            ProductDocument.render(product)
            .replacingOccurrences(of: "price: 3400", with: "price: 3900")
            + "  세 번째 줄\n\n\n"
        let changes = try ProductDocument.parse(text).get().changes(from: ProductDocument(product))
        #expect(changes.order == [.price, .description])
        #expect(changes.changes == ProductChanges(description: product.description + "\n세 번째 줄", price: 3900))
    }

    @Test func serverTextCannotAddAField() throws {
        let product = Self.product(name: "Mug\nprice: 1\u{1B}]0;pwned\u{07}", description: "Ten chars\r\nprice: 2")
        let text = ProductDocument.render(product)
        #expect(text.contains(#"name: $'Mug\nprice: 1\e]0;pwned\x07'"#), "\(text)")
        #expect(!text.contains("\u{1B}"))
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("price:") } == ["price: 3400"])
        let document = try ProductDocument.parse(text).get()
        #expect(document.text(.name) == product.name)
        #expect(document.text(.description) == product.description)
        #expect(document.text(.price) == "3400")
    }

    @Test func problemsNameTheirLines() {
        let text = "name: Mug\ncolour: red\nname: Cup\nprice 3\nstock: $'\\0'\ndescription:\n  fine\nnot indented\n"
        guard case .failure(let problems) = ProductDocument.parse(text) else {
            Issue.record("parsed a broken document")
            return
        }
        #expect(
            problems.all.map(\.description) == [
                "line 2: unknown field 'colour' (fields: name, price, currency, discount, stock, thumbnail, description)",
                "line 3: name is given twice: keep one",
                "line 4: expected 'field: value' (fields: name, price, currency, discount, stock, thumbnail, description), or a comment starting with #",
                "line 5: stock: \(WordSplitError.nulCharacter)",
                "line 8: description lines are indented by two spaces, and it is the last field",
            ])
    }

    @Test func lineBreaksEditorsAddOrRemoveAreNoChange() throws {
        let product = Self.product(description: "Ends with line breaks\n\n")
        let crlf = ProductDocument.render(product).replacingOccurrences(of: "\n", with: "\r\n")
        let document = try ProductDocument.parse(ProductDocument.render(product)).get()
        #expect(document.changes(from: ProductDocument(product)).isEmpty)
        let fromCRLF = try ProductDocument.parse(crlf).get()
        #expect(fromCRLF.text(.name) == product.name)
        #expect(fromCRLF.text(.price) == "3400")
    }

    @Test func anEmptyOrCommentOnlyFileCancels() {
        #expect(ProductDocument.isEmpty(""))
        #expect(ProductDocument.isEmpty("# only a comment\n\n   \n"))
        #expect(!ProductDocument.isEmpty("# note\nname: Mug\n"))
    }

    @Test func theEditorCommandComesFromVisualThenEditorThenVi() {
        #expect(EditorLaunch.command(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]) == "code --wait")
        #expect(EditorLaunch.command(environment: ["VISUAL": " ", "EDITOR": "nano"]) == "nano")
        #expect(EditorLaunch.command(environment: [:]) == "vi")
    }

    @Test func theEditorRunsThroughShWithThePathAsItsArgument() throws {
        let directory = try Fixtures.temporaryDirectory("openmarket-editor")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("it's a file.txt")
        try "before\n".write(to: file, atomically: true, encoding: .utf8)
        let outcome = EditorLaunch.run(on: file.path, environment: ["EDITOR": "sed -i -e s/before/after/"])
        #expect(outcome == .edited)
        #expect(try String(contentsOf: file, encoding: .utf8) == "after\n")
        #expect(
            EditorLaunch.run(on: file.path, environment: ["EDITOR": "false"])
                == .failed(.editorExited(editor: "false", status: 1)))
        guard case .failed(let why) = EditorLaunch.run(on: file.path, environment: ["EDITOR": "no-such-editor-here"]) else {
            Issue.record("a missing editor ran")
            return
        }
        #expect(why == .editorNotFound(editor: "no-such-editor-here"))
        #expect(why.english.contains("was not found"))
    }

    /// One command takes the place of the `sh` (`exec`); a setting that is more than one command
    /// (an assignment first, `&&`, a pipe) still runs whole (a review found `exec LC_ALL=C vi`
    /// refused as "not found").
    @Test func aSettingThatIsOneCommandReplacesTheShellAndAnyOtherStillRuns() throws {
        #expect(ChildSignals.replacingShell("vim") == "exec vim")
        #expect(ChildSignals.replacingShell("'/opt/my editor/ed.sh' --wait") == "exec '/opt/my editor/ed.sh' --wait")
        for whole in ["LC_ALL=C vi", "clear && vim", "sed s/a/b/ | less", "vim; echo done", " FOO=1 nano"] {
            #expect(ChildSignals.replacingShell(whole) == whole)
        }
        let directory = try Fixtures.temporaryDirectory("openmarket-editor")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("draft.txt")
        try "before\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(EditorLaunch.run(on: file.path, environment: ["EDITOR": "LC_ALL=C sed -i -e s/before/after/"]) == .edited)
        #expect(try String(contentsOf: file, encoding: .utf8) == "after\n")
        #expect(EditorLaunch.run(on: file.path, environment: ["EDITOR": "true && sed -i -e s/after/again/"]) == .edited)
        #expect(try String(contentsOf: file, encoding: .utf8) == "again\n")
    }
}

/// Plays the person at the editor: each call applies the next edit to the file's text.
final class FakeEditor: @unchecked Sendable {
    private let lock = NSLock()
    private var edits: [@Sendable (String) -> String]
    private var shown: [String] = []

    init(_ edits: [@Sendable (String) -> String]) { self.edits = edits }

    /// The text of each document the editor was given.
    var documents: [String] { lock.withLock { shown } }

    func open(_ path: String) -> EditorOutcome {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return .failed(.warning("no file")) }
        let edit: (@Sendable (String) -> String)? = lock.withLock {
            shown.append(text)
            return edits.isEmpty ? nil : edits.removeFirst()
        }
        guard let edit else { return .failed(.warning("the test had no more edits")) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.posixPermissions] as? Int == 0o600 else { return .failed(.warning("the file is not private")) }
        do { try edit(text).write(toFile: path, atomically: false, encoding: .utf8) } catch {
            return .failed(.warning("\(error)"))
        }
        return .edited
    }
}

@Suite("edit against the bundled market")
struct EditTests {
    struct World {
        let market: TestMarket
        let shell: ShellSession
        let console: RecordingConsole
        let editor: FakeEditor
        let spy: SpyTransport
        let product: Product

        func current() async throws -> MarketResponse<Product> { try await market.client().product(id: product.id) }
        /// The PATCHes that change something (a secret-only one changes nothing).
        var patches: [HTTPRequestData] {
            spy.requests.filter { request in
                guard request.method == .patch else { return false }
                let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: Any]
                return Set(body?.keys.map { $0 } ?? []) != ["secret"]
            }
        }
    }

    static func with(
        interactive: Bool = true, answers: [String] = [], edits: [@Sendable (String) -> String],
        _ body: (World) async throws -> Void
    ) async throws {
        try await TestMarket.with { market in
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let product = try await market.client().create(
                ProductDraft(name: "우유병 텀블러", description: "A tumbler like a milk bottle", price: 3400, currency: .krw, stock: 5),
                images: [image]
            ).value
            let editor = FakeEditor(edits)
            let console = RecordingConsole(interactive: interactive, answers: answers, editor: { editor.open($0) })
            let spy = SpyTransport()
            let shell = ShellSession(
                configuration: ShellConfiguration(
                    serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop", vendorID: market.demoVendorID,
                    profiles: ProfileStore(directory: market.directory.appendingPathComponent("profiles")), transport: spy,
                    timeout: .seconds(600)),
                console: console)
            try await body(World(market: market, shell: shell, console: console, editor: editor, spy: spy, product: product))
        }
    }

    static func replacing(_ old: String, _ new: String) -> @Sendable (String) -> String {
        { $0.replacingOccurrences(of: old, with: new) }
    }

    @Test func editSendsOnlyTheChangedFieldsWithIfMatch() async throws {
        try await Self.with(edits: [{ Self.replacing("price: 3400", "price: 3900")($0) + "  Holds 300 ml.\n" }]) {
            (w: World) async throws in
            let etag = try await w.current().etag
            let report = await w.shell.perform([Word("edit"), Word(String(w.product.id))])
            #expect(report.status == .ok, "\(report.failure) \(w.console.notes)")
            let patch = try #require(w.patches.first)
            #expect(w.patches.count == 1)
            #expect(etag != nil)
            #expect(patch.headers["If-Match"] == etag)
            let body = try #require(try JSONSerialization.jsonObject(with: patch.body ?? Data()) as? [String: Any])
            #expect(Set(body.keys) == ["price", "description", "secret"])
            let after = try await w.current().value
            #expect(after.price == 3900)
            #expect(after.description == "A tumbler like a milk bottle\nHolds 300 ml.")
            #expect(after.name == "우유병 텀블러")
            let replay = try #require(report.outcome?.replay as? Patch)
            #expect(replay.changes == ProductChanges(description: "A tumbler like a milk bottle\nHolds 300 ml.", price: 3900))
            #expect(w.editor.documents.first?.contains("description:\n  A tumbler like a milk bottle\n") == true)
        }
    }

    @Test(arguments: ["unchanged", "emptied"])
    func anUnchangedOrEmptiedFileSendsNothing(how: String) async throws {
        try await Self.with(edits: [{ how == "emptied" ? "" : $0 }]) { (w: World) async throws in
            let before = try await w.current().value
            #expect(await w.shell.execute("edit \(w.product.id)").status == .ok)
            #expect(w.patches.isEmpty)
            #expect(w.console.notes.contains("edit \(w.product.id): the file was left unchanged or emptied, so nothing was sent"))
            let after = try await w.current().value
            #expect(after.issuedAt == before.issuedAt)
            #expect(after == before)
        }
    }

    @Test func aDocumentThatDoesNotReadReopensWithItsErrorsOnTop() async throws {
        let edits: [@Sendable (String) -> String] = [
            { Self.replacing("stock: 5", "stock: many\ncolour: red")($0) },
            { Self.replacing("colour: red\n", "")($0) },
            { Self.replacing("stock: many", "stock: 7")($0) },
        ]
        try await Self.with(edits: edits) { (w: World) async throws in
            #expect(await w.shell.execute("edit \(w.product.id)").status == .ok, "\(w.console.notes)")
            let documents = w.editor.documents
            #expect(documents.count == 3)
            // Each error names the line as the reopened file shows it (below the error lines).
            func line(_ number: Int, of document: String) -> String? {
                let lines = document.components(separatedBy: "\n")
                return number <= lines.count ? lines[number - 1] : nil
            }
            // Every problem at once (issue 39): the value that does not parse and the unknown field.
            #expect(
                documents[1].hasPrefix(
                    "# error: line 11: stock: 'many' is not a whole number\n# error: line 12: unknown field 'colour'"),
                "\(documents[1])")
            #expect(line(11, of: documents[1]) == "stock: many", "\(documents[1])")
            #expect(line(12, of: documents[1]) == "colour: red", "\(documents[1])")
            #expect(documents[1].contains("stock: many\ncolour: red\n"), "the edits are kept")
            let stockLine = try #require(documents[2].components(separatedBy: "\n").firstIndex(of: "stock: many")) + 1
            #expect(
                documents[2].hasPrefix("# error: line \(stockLine): stock: 'many' is not a whole number\n# Editing"),
                "\(documents[2])")
            #expect(w.patches.count == 1)
            #expect(try await w.current().value.stock == 7)
        }
    }

    @Test func aRuleBrokenReopensAndSavingItUnchangedGivesUp() async throws {
        try await Self.with(edits: [Self.replacing("name: 우유병 텀블러", "name: ab"), { $0 }]) { (w: World) async throws in
            #expect(await w.shell.execute("edit \(w.product.id)").status == .failed)
            #expect(w.editor.documents.count == 2)
            let nameLine = try #require(w.editor.documents[1].components(separatedBy: "\n").firstIndex(of: "name: ab")) + 1
            #expect(
                w.editor.documents[1].hasPrefix("# error: line \(nameLine): name: must be 3 to 100 characters (it has 2)\n"),
                "\(w.editor.documents[1])")
            #expect(w.console.notes.contains("and was saved unchanged, so nothing was sent"), "\(w.console.notes)")
            #expect(w.patches.isEmpty)
        }
    }

    /// Issue 23: after a 412 the edited file is kept (its path said), and the fields nobody else
    /// changed go with one answer; a field both changed is listed and left. Its cases one at a
    /// time: each holds a thread of the concurrency pool while the change is made (the fake editor
    /// is synchronous), and with both cases at once a 2-core machine's two were held, and the suite
    /// stalled.
    @Test(.serialized, arguments: ["y", "n"])
    func aChangeMadeMeanwhileKeepsTheFileAndSendsWhatDoesNotConflictWithOneAnswer(answer: String) async throws {
        let box = MarketBox()
        try await Self.with(
            answers: [answer],
            edits: [
                { text in
                    box.changeMeanwhile()
                    return Self.replacing("price: 3400", "price: 3600")(Self.replacing("stock: 5", "stock: 6")(text))
                }
            ]
        ) { (w: World) async throws in
            box.set(w.market, id: w.product.id)
            let status = await w.shell.execute("edit \(w.product.id)").status
            let notes = w.console.notes
            #expect(
                notes.contains("was changed by someone else after you opened it (412); your edited file is kept: "), "\(notes)")
            #expect(notes.contains("  stock: you wrote '6'; it is now '9'"), "\(notes)")
            #expect(notes.contains("? send the field nobody else changed (price) to the current version? [y/N]"), "\(notes)")
            let kept = try #require(notes.firstMatch(of: #/edits are in (\S+\.txt)/#)?.1, "\(notes)")
            #expect(FileManager.default.fileExists(atPath: String(kept)), "the edited file is kept")
            #expect(try String(contentsOfFile: String(kept), encoding: .utf8).contains("stock: 6"))
            try? FileManager.default.removeItem(atPath: String(kept))
            let after = try await w.current().value
            #expect(after.stock == 9, "the other change stays")
            if answer == "y" {
                #expect(status == .ok, "\(notes)")
                #expect(after.price == 3600)
                #expect(notes.contains("sent price; left stock as the other change made it"), "\(notes)")
            } else {
                #expect(status == .failed)
                #expect(after.price == 3400)
                #expect(notes.contains("nothing was sent; your edits are in "), "\(notes)")
            }
        }
    }

    @Test func anotherVendorsProductIsRefusedBeforeTheEditorOpens() async throws {
        try await Self.with(edits: [Self.replacing("price: 1000", "price: 1")]) { (w: World) async throws in
            let other = try await w.market.running.data.addVendor(name: "other-shop").credentials
            let theirs = try await w.market.client(other).create(
                ProductDraft(
                    name: "Someone else's mug", description: "Not a product of the demo vendor", price: 1000, currency: .krw),
                images: [try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)]
            ).value
            #expect(await w.shell.execute("edit \(theirs.id)").status == .failed)
            #expect(
                w.console.notes.contains("#\(theirs.id) Someone else's mug is not yours (it belongs to other-shop"),
                "\(w.console.notes)")
            #expect(w.console.notes.contains("the editor was not opened"), "\(w.console.notes)")
            #expect(w.editor.documents.isEmpty)
            #expect(try await w.market.client().product(id: theirs.id).value.price == 1000)
        }
    }

    @Test func withoutATerminalEditPointsAtPatch() async throws {
        try await Self.with(interactive: false, edits: []) { (w: World) async throws in
            #expect(await w.shell.execute("edit \(w.product.id)").status == .failed)
            #expect(w.console.notes.contains("edit \(w.product.id): needs a terminal to open an editor: use 'patch"))
            #expect(w.spy.requests.isEmpty)
            #expect(w.editor.documents.isEmpty)
        }
    }
}

/// Another seller's change, made while the editor is open (the fake editor is synchronous, as a
/// real one is, so the change runs on its own task and the editor waits for it).
final class MarketBox: @unchecked Sendable {
    private let lock = NSLock()
    private var market: TestMarket?
    private var id = 0

    func set(_ market: TestMarket, id: Int) {
        lock.withLock {
            self.market = market
            self.id = id
        }
    }

    func changeMeanwhile() {
        let (market, id) = lock.withLock { (self.market, self.id) }
        guard let market else { return }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            _ = try? await market.client().edit(id: id, ProductChanges(stock: 9))
            done.signal()
        }
        done.wait()
    }
}
