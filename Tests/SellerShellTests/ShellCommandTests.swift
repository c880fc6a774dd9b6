import Foundation
import MarketImages
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

@Suite("Shell commands against the bundled market")
struct ShellCommandTests {
    @Test func helpListsTheCommands() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("help") == .ok)
            #expect(f.console.out.contains("register"))
            #expect(f.console.out.contains("stock"))
        }
    }

    @Test func helpForACommandShowsItsUsageAndExamples() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("help register") == .ok)
            #expect(f.console.out.contains("usage: register name="))
            #expect(f.console.out.contains("examples:"))
        }
    }

    @Test func aMistypedCommandSuggestsTheNearestOne() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("regsiter x") == .usage)
            #expect(f.console.notes.contains("unknown command 'regsiter'; did you mean 'register'?"))
        }
    }

    @Test func aMistypedMethodBeforeAPathSuggestsTheMethodNotACommand() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("GTE /api/products/1") == .usage)
            #expect(f.console.notes.contains("unknown command 'GTE'; did you mean 'GET'?"), "\(f.console.notes)")
            #expect(await f.run("ptach /api/products/1 price=3") == .usage)
            #expect(f.console.notes.contains("unknown command 'ptach'; did you mean 'PATCH'?"), "\(f.console.notes)")
            // Without a path it is a command mistyped: `gte 3` is `get`, that is `show`.
            #expect(await f.run("gte 3") == .usage)
            #expect(f.console.notes.contains("unknown command 'gte'; did you mean 'show'?"), "\(f.console.notes)")
        }
    }

    @Test func anUnterminatedQuoteIsAUsageError() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("list 'unterminated") == .usage)
            #expect(f.console.notes.contains("unterminated '…' quote"))
        }
    }

    @Test func anEmptyLineDoesNothing() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("") == .ok)
            #expect(f.console.out.isEmpty)
            #expect(f.console.notes.isEmpty)
        }
    }

    @Test(arguments: ["exit", "quit"])
    func exitAndQuitEndTheSession(command: String) async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.shell.execute(command).exitRequested)
        }
    }

    @Test func healthAnswers() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("health") == .ok)
            #expect(f.console.out.contains("answers OK"))
        }
    }

    @Test func listAlignsKoreanAndLatinRows() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            try await f.register(
                name: "우유병 텀블러", price: "3500", extra: "discount=100 stock=0", images: ["coffee-small.jpg", "chelsea.png"])
            try await f.register(name: "Plain mug", price: "12000")
            f.console.clear()
            #expect(await f.run("list") == .ok)
            let lines = f.console.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            #expect(lines[2].contains("Plain mug"))
            #expect(lines[3].contains("우유병 텀블러"))
            #expect(lines[3].contains("₩3,500"))
            #expect(lines[3].contains("₩3,400"))
            #expect(lines[3].contains("sold out"))
            // Every row ends its "final" column at the same terminal column as the header, Korean or not.
            let headerFinal = TerminalText.width(String(lines[0][..<lines[0].range(of: "final")!.upperBound]))
            for row in lines[2...] {
                let start = row.range(of: "₩", options: .backwards)!.lowerBound
                let price = row[start...].prefix { $0 != " " }
                #expect(TerminalText.width(String(row[..<start])) + TerminalText.width(String(price)) == headerFinal, "\(row)")
            }
            #expect(f.console.notes.contains("page 1 of 1, 2 products"))
        }
    }

    @Test func showPrintsTheDetailWithImagesAndTheFinalPrice() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(
                name: "우유병 텀블러", price: "3500", extra: "discount=100 stock=0", images: ["coffee-small.jpg", "chelsea.png"])
            let id = product.id
            f.console.clear()
            #expect(await f.run("show \(id)") == .ok)
            #expect(f.console.out.contains("#\(id)  우유병 텀블러"))
            #expect(f.console.out.contains("₩3,500 − ₩100 = ₩3,400"))
            #expect(f.console.out.contains("image 2"))
            #expect(f.console.out.contains("thumbnail"))
        }
    }

    @Test func tableColumnsLineUpWithDoubleWidthText() {
        let products = [
            Product(
                id: 1, vendorID: 1, vendorName: "가게", name: "우유병 텀블러 아주 긴 이름이 잘려야 합니다 정말로", description: "", thumbnail: nil,
                currency: .krw, price: 3500, stock: 2, createdAt: nil, issuedAt: nil),
            Product(
                id: 22, vendorID: 1, vendorName: "shop", name: "Mug", description: "", thumbnail: nil, currency: .usd,
                price: Decimal(string: "19.99")!, discountedPrice: 1, stock: 0, createdAt: nil, issuedAt: nil),
        ]
        let lines = ProductRendering.table(products).split(separator: "\n").map(String.init)
        // The stock column is right-aligned: each row's stock cell ends at the same column.
        func endOfStock(_ line: String, _ cell: String) -> Int {
            TerminalText.width(String(line[..<line.range(of: cell, options: .backwards)!.upperBound]))
        }
        #expect(endOfStock(lines[0], "stock") == endOfStock(lines[2], "2"))
        #expect(endOfStock(lines[0], "stock") == endOfStock(lines[3], "sold out"))
        #expect(lines[2].contains("…"))
        #expect(lines[3].contains("$19.99"))
        #expect(lines[3].contains("$18.99"))
    }

    @Test func registerChecksEverythingFirstAndSendsNothing() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let status = await f.run(
                "register name=ab description=short price=abc currency=EUR image='\(Fixtures.image("not-an-image.jpg").path)' image=/nonexistent/x.jpg"
            )
            #expect(status == .failed)
            let notes = f.console.notes
            #expect(notes.contains("problems, nothing was sent"))
            #expect(notes.contains("image 1 (not-an-image.jpg): not a JPEG, PNG or GIF (the file starts with text)"))
            #expect(notes.contains("image 2 (x.jpg): no such file"))
            #expect(notes.contains("price: 'abc' is not a number"))
            #expect(try await f.products().totalCount == 0)
        }
    }

    @Test func aMissingFieldIsAUsageErrorWithNoOneToAsk() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("register name='Some mug' price=10 currency=USD image=x.jpg") == .usage)
            #expect(f.console.notes.contains("description= is required (10 to 1000 characters)"))
        }
    }

    @Test func aMissingFieldIsAskedInteractively() async throws {
        // The description, then Enter for the discount and the stock, asked with it.
        try await ShellFixture.with(interactive: true, answers: ["A mug asked for interactively", "", ""]) {
            (f: ShellFixture) async throws in
            let image = Fixtures.image("coffee-small.jpg").path
            #expect(await f.run("register name='Asked mug' price=10 currency=USD image='\(image)'") == .ok)
            #expect(f.console.notes.contains("? description (10 to 1000 characters): "))
            #expect(try await f.products().products.first?.description == "A mug asked for interactively")
        }
    }

    @Test func oversizedPhotosAreShrunkUnlessRefused() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let rocket = try await f.register(
                name: "Rocket photo", images: ["rocket-phone-4032x3024.jpg", "astronaut-over-limit.png"])
            #expect(f.console.notes.contains("rocket-phone-4032x3024.jpg: 3.0 MB 4032×3024 →"))
            #expect(f.console.notes.contains("astronaut-over-limit.png:"))
            let detail = try await f.product(id: rocket.id)
            #expect(detail.images?.count == 2)
            f.console.clear()
            let status = await f.run(
                "register name='No resize' description='This one must be refused' price=1 currency=USD image='\(Fixtures.image("rocket-phone-4032x3024.jpg").path)' --no-resize"
            )
            #expect(status == .failed)
            #expect(f.console.notes.contains("over the 300 KB limit per image (leave out --no-resize to shrink it)"))
        }
    }

    @Test func globsExpandInOrder() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let folder = f.directory.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Fixtures.imageData("tiny-animated.gif").write(to: folder.appendingPathComponent("sku12-2.gif"))
            try Fixtures.imageData("coffee-small.jpg").write(to: folder.appendingPathComponent("sku12-1.jpg"))
            try Fixtures.imageData("chelsea.png").write(to: folder.appendingPathComponent("other.png"))
            let status = await f.run(
                "register name='Glob mug' description='Photos picked by a glob' price=5 currency=USD image=\(folder.path)/sku12-*"
            )
            #expect(status == .ok, "\(f.console.notes)")
            let product = try await f.products().products.first!
            let detail = try await f.product(id: product.id)
            #expect(detail.images?.count == 2)
            #expect(detail.images?.first?.url.hasSuffix(".jpg") == true)
            #expect(detail.images?.last?.url.hasSuffix(".gif") == true)
            #expect(
                await f.run(
                    "register name='Glob mug' description='Photos picked by a glob' price=5 currency=USD image=\(folder.path)/nothing-*.jpg"
                ) == .failed)
            #expect(f.console.notes.contains("no file matches"))
        }
    }

    @Test func patchChangesTheNamedFields() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(extra: "stock=5")
            #expect(await f.run("patch \(product.id) price=19.99 currency=USD name='New name'") == .ok)
            let detail = try await f.product(id: product.id)
            #expect(detail.price == Decimal(string: "19.99"))
            #expect(detail.name == "New name")
        }
    }

    @Test func stockAddsRemovesAndSets() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(extra: "stock=5")
            #expect(await f.run("stock \(product.id) +10") == .ok)
            #expect(f.console.out.contains("stock 5 → 15"))
            #expect(await f.run("stock \(product.id) -3") == .ok)
            #expect(try await f.product(id: product.id).stock == 12)
            #expect(await f.run("stock \(product.id) =0") == .ok)
            #expect(try await f.product(id: product.id).stock == 0)
        }
    }

    @Test func stockCannotRemoveMoreThanThereIs() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(extra: "stock=12")
            #expect(await f.run("stock \(product.id) -100") == .failed)
            #expect(f.console.notes.contains("only 12 in stock; cannot remove 100"))
            #expect(try await f.product(id: product.id).stock == 12)
        }
    }

    @Test func stockWithAWordIsAUsageError() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(extra: "stock=5")
            #expect(await f.run("stock \(product.id) five") == .usage)
        }
    }

    @Test func deleteWithNoOneToAskNeedsYes() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register()
            #expect(await f.run("delete \(product.id)") == .usage)
            #expect(f.console.notes.contains("needs confirmation: add --yes"))
            #expect(try await f.products().totalCount == 1)
        }
    }

    @Test func deleteWithYesDeletes() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Doomed mug")
            #expect(await f.run("delete \(product.id) --yes") == .ok)
            #expect(f.console.out.contains("deleted #\(product.id) Doomed mug"))
            #expect(await f.run("show \(product.id)") == .failed)
            #expect(
                f.console.notes.contains("show \(product.id): the server refused (404): product \(product.id): no such product"))
        }
    }

    @Test func interactiveDeleteAsks() async throws {
        try await ShellFixture.with(interactive: true, answers: ["n", "y"]) { (f: ShellFixture) async throws in
            let product = try await f.register()
            #expect(await f.run("delete \(product.id)") == .ok)
            #expect(f.console.notes.contains("kept #\(product.id)"))
            #expect(await f.run("delete \(product.id)") == .ok)
            #expect(try await f.products().totalCount == 0)
        }
    }

    @Test func anotherVendorsProductIsRefusedWithTheServersMessage() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let other = try await f.market.data.addVendor(name: "other-shop").credentials
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let theirs = try await MarketClient(baseURL: f.market.baseURL, credentials: other, timeout: .seconds(600)).create(
                ProductDraft(name: "Not yours", description: "Belongs to another shop", price: 1, currency: .usd), images: [image]
            ).value
            #expect(await f.run("patch \(theirs.id) stock=1") == .failed)
            #expect(
                f.console.notes.contains(
                    "patch \(theirs.id): the server refused (403): product \(theirs.id): belongs to another vendor"))
        }
    }

    @Test func stockWithoutETagsReadsBackAfterwards() async throws {
        try await ShellFixture.with(transport: strippingETags()) { (f: ShellFixture) async throws in
            let product = try await f.register(extra: "stock=2")
            #expect(await f.run("stock \(product.id) +1") == .ok)
            #expect(try await f.product(id: product.id).stock == 3)
        }
    }

    @Test func jsonModePrintsTheServersDocumentsOnly() async throws {
        try await ShellFixture.with(json: true) { (f: ShellFixture) async throws in
            let product = try await f.register()
            f.console.clear()
            #expect(await f.run("show \(product.id)") == .ok)
            #expect(await f.run("list") == .ok)
            let outputs = f.console.outputs
            #expect(outputs.count == 2)
            #expect((try? MarketJSON.decoder.decode(Product.self, from: Data(outputs[0].utf8)))?.id == product.id)
            #expect((try? MarketJSON.decoder.decode(ProductPage.self, from: Data(outputs[1].utf8)))?.totalCount == 1)
        }
    }

    @Test func traceLinesCarryTheExchangeNumber() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register()
            #expect(await f.run("set trace on") == .ok)
            f.console.clear()
            #expect(await f.run("show \(product.id)") == .ok)
            let number = f.shell.exchanges.lastNumber
            let lines = f.console.notes.split(separator: "\n").map(String.init)
            let url = f.market.baseURL.absoluteString
            #expect(lines.contains("→ GET \(url)/api/products/\(product.id)  #\(number)"), "\(lines)")
            #expect(lines.contains { $0.hasPrefix("← 200 OK (") && $0.hasSuffix("  #\(number)") }, "\(lines)")
            // The number is the one `exchange N` finds.
            f.console.clear()
            #expect(await f.run("exchange \(number)") == .ok)
            #expect(f.console.out.contains("GET /api/products/\(product.id) HTTP/1.1"), "\(f.console.out)")
        }
    }

    @Test func traceShowsExchangesWithTheSecretMasked() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("set trace on") == .ok)
            let product = try await f.register()
            #expect(await f.run("patch \(product.id) stock=4") == .ok)
            let notes = f.console.notes
            #expect(notes.contains("→ POST \(f.market.baseURL.absoluteString)/api/products"))
            #expect(notes.contains("part name=\"params\" (application/json"))
            #expect(notes.contains("part name=\"images\"; filename=\"coffee-small.jpg\" (image/jpeg, 23144 bytes)"))
            #expect(notes.contains("← 201 Created"))
            #expect(notes.contains("→ PATCH"))
            #expect(notes.contains("\"secret\" : \"••••••\""))
            #expect(notes.contains("identifier: \(f.market.demoCredentials.identifier.prefix(8))…"))
            #expect(!notes.contains(f.market.demoCredentials.secret.revealed))
            #expect(!notes.contains(f.market.demoCredentials.identifier))
            #expect(await f.run("set trace off") == .ok)
            f.console.clear()
            #expect(await f.run("health") == .ok)
            #expect(!f.console.notes.contains("→ GET"))
        }
    }

    @Test func unreachableServerIsStatus3WithAHint() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("connect http://127.0.0.1:9/") == .ok)
            #expect(await f.run("list") == .unreachable)
            #expect(
                f.console.notes.contains(
                    "list: cannot reach http://127.0.0.1:9/ (connection refused) — is the server running? try 'connect URL'"))
            #expect(await f.run("connect 'not a url'") == .usage)
        }
    }

    @Test func whoamiNamesTheVendor() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("whoami") == .ok)
            #expect(f.console.out.contains("demo-shop"))
        }
    }

    static func registerLine() -> String {
        "register name=abc description='long enough text' price=1 currency=USD image='\(Fixtures.image("coffee-small.jpg").path)'"
    }

    @Test func afterLogoutAWriteSaysNotLoggedIn() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("logout") == .ok)
            #expect(await f.run("stock 1 +1") == .failed)  // no product 1: the read fails before the login matters
            #expect(await f.run(Self.registerLine()) == .failed)
            #expect(f.console.notes.contains("not logged in"))
        }
    }

    /// `login ID --save shop` with the demo vendor's secret answered; the profile's file.
    static func loginAndSave(_ f: ShellFixture) async throws -> URL {
        f.console.queue(secrets: [f.market.demoCredentials.secret.revealed])
        #expect(await f.run("login \(f.market.demoCredentials.identifier) --save shop") == .ok, "\(f.console.notes)")
        return f.directory.appendingPathComponent("profiles/shop.json")
    }

    @Test func loginSaveWritesAProfileOnlyItsOwnerReads() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let file = try await Self.loginAndSave(f)
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    /// Issue 11, item 2: the secret is checked at `login`, a refused login is not kept, and
    /// `--save` saves nothing.
    @Test func aWrongSecretIsRefusedAtLoginNeverSavedAndNeverPrinted() async throws {
        try await ShellFixture.with(interactive: true, secrets: ["wrong-secret"]) { (f: ShellFixture) async throws in
            #expect(await f.run("login \(f.market.demoCredentials.identifier) --save shop") == .failed)
            #expect(f.console.notes.contains("the server refused this identifier and secret (401"), "\(f.console.notes)")
            #expect(!f.console.notes.contains("wrong-secret"))
            #expect(!FileManager.default.fileExists(atPath: f.directory.appendingPathComponent("profiles/shop.json").path))
            // The login before it stays: the demo vendor can still write.
            #expect(await f.shell.credentials == f.market.demoCredentials)
        }
    }

    @Test func aProfileReadableByOthersIsRefused() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            let file = try await Self.loginAndSave(f)
            chmod(file.path, 0o644)
            #expect(await f.run("use shop") == .failed)
            #expect(f.console.notes.contains("is readable by others (mode 644); run 'chmod 600"))
        }
    }

    @Test func aSavedProfileIsUsed() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            _ = try await Self.loginAndSave(f)
            #expect(await f.run("use shop") == .ok, "\(f.console.notes)")
        }
    }

    @Test func anUnknownProfileNamesTheKnownOnes() async throws {
        try await ShellFixture.with(interactive: true) { (f: ShellFixture) async throws in
            _ = try await Self.loginAndSave(f)
            #expect(await f.run("use nobody") == .failed)
            #expect(f.console.notes.contains("no profile \"nobody\" (profiles: shop)"))
        }
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            for line in [
                "show", "show abc", "list --per-page 0", "list --bogus", "patch 1 colour=red", "set output xml", "stock 1",
                "list x y",
            ] {
                #expect(await f.run(line) == .usage, "\(line)")
            }
        }
    }
}

/// The public server sends no ETag; this transport hides the bundled server's.
func strippingETags() -> SpyTransport {
    SpyTransport { request, timeout in
        var response = try await SpyTransport.market(request, timeout)
        response.headers = HeaderFields(response.headers.fields.filter { $0.name.lowercased() != "etag" })
        return response
    }
}
