import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// What `register`, `patch`, `stock` and `show` print (issue 11, item 12): a line for a write,
/// the detail for a read, local dates, the won's missing minor unit, and colour only when on.
@Suite("What the shell prints")
struct OutputTests {
    static let esc: Character = "\u{1B}"

    // MARK: One line for a write

    @Test func registerPrintsOneLineWithTheFinalPriceAndTheDiscount() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(
                name: "우유병 텀블러", extra: "discount=100 stock=5", images: ["coffee-small.jpg", "chelsea.png"])
            #expect(f.console.outputs == ["#\(product.id) 우유병 텀블러 ₩3,400 (₩3,500 − ₩100) · stock 5 · registered"])
            #expect(!f.console.out.contains("http"), "no URL in a write's summary")
            #expect(!f.console.notes.contains("registered #"), "the line is printed once, not again as a note")
        }
    }

    @Test func patchAndStockPrintOneLineSaying_updated() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Patched mug", extra: "stock=5")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=4000") == .ok)
            #expect(f.console.outputs == ["#\(product.id) Patched mug ₩4,000 · stock 5 · updated"])
            f.console.clear()
            #expect(await f.run("stock \(product.id) -5") == .ok)
            #expect(f.console.outputs == ["#\(product.id) Patched mug ₩4,000 · stock 5 → 0 (sold out) · updated"])
        }
    }

    @Test func jsonModeStillPrintsTheServersDocumentByteForByte() async throws {
        try await ShellFixture.with(json: true) { (f: ShellFixture) async throws in
            let image = Fixtures.image("coffee-small.jpg").path
            let report = await f.shell.perform(
                try WordSplitter.split(
                    "register name='JSON mug' description='Printed as the server sent it' price=10 currency=USD image='\(image)'")
            )
            #expect(report.status == .ok)
            let document = try #require(report.result?.document)
            #expect(f.console.outputs == [String(decoding: document, as: UTF8.self)])
            let patched = await f.shell.perform(try WordSplitter.split("patch \(report.result!.id) stock=3"))
            #expect(f.console.outputs.last == String(decoding: try #require(patched.result?.document), as: UTF8.self))
        }
    }

    @Test func aSummaryShowsTheNameVisibleAndCut() throws {
        var product = try Self.product()
        product.name = "Mug\u{1B}]0;owned\u{07}" + String(repeating: "우", count: 60)
        let line = ProductRendering.summary(product, verb: .updated)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "a control character reached the terminal: \(line)")
        #expect(line.hasPrefix("#12 Mug␛]0;owned␇우"))
        #expect(line.contains("… ₩3,400"))
        #expect(TerminalText.width(line) < 90, "\(line)")
    }

    // MARK: The detail view

    @Test func showKeepsTheDetailWithEachImageOnOneLine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Two photos", images: ["coffee-small.jpg", "chelsea.png"])
            let detail = try await f.product(id: product.id)
            let images = try #require(detail.images)
            f.console.clear()
            #expect(await f.run("show \(product.id)") == .ok)
            let lines = f.console.out.split(separator: "\n").map(String.init)
            #expect(lines.contains("  thumbnail    image 1 (id \(images[0].id))"), "\(lines)")
            #expect(lines.contains("  image 1      id \(images[0].id)  \(images[0].url)"), "\(lines)")
            #expect(lines.contains("  image 2      id \(images[1].id)  \(images[1].url)"), "\(lines)")
            // Each URL once; the thumbnails are named, not printed as a wall of URLs.
            #expect(f.console.out.components(separatedBy: "http").count - 1 == 2, "\(f.console.out)")
            #expect(!f.console.out.contains(images[0].thumbnailURL))
        }
    }

    @Test func aThumbnailThatIsNoImageOfTheProductIsShownAsItsVisibleURL() throws {
        var product = try Self.product()
        product.thumbnail = "http://127.0.0.1/elsewhere\u{1B}[2J.jpg"
        let text = ProductRendering.detail(product, timeZone: TimeZone(identifier: "UTC")!)
        #expect(text.contains("  thumbnail    http://127.0.0.1/elsewhere␛[2J.jpg"))
        #expect(!text.contains(Self.esc))
    }

    // MARK: Dates

    @Test func datesAreShownInTheGivenZoneWithIt() throws {
        let product = try Self.product()
        let seoul = ProductRendering.detail(product, timeZone: TimeZone(identifier: "Asia/Seoul")!)
        #expect(seoul.contains("  created      2022-10-18 18:12 +09:00"), "\(seoul)")
        #expect(seoul.contains("  changed      2022-10-19 00:05 +09:00"), "\(seoul)")
        let utc = ProductRendering.detail(product, timeZone: TimeZone(identifier: "UTC")!)
        #expect(utc.contains("  created      2022-10-18 09:12 UTC"), "\(utc)")
        #expect(utc.contains("  changed      2022-10-18 15:05 UTC"), "\(utc)")
        let newYork = TextLayout.localTime(
            MarketTimestamp(text: "2022-01-05T03:30:00"), in: TimeZone(identifier: "America/New_York")!)
        #expect(newYork == "2022-01-04 22:30 -05:00")
    }

    @Test func theCivilDateOfADayCountIsTheGregorianCalendars() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Every 7th day from 1600 to 2400: leap years, centuries, 2000 and days before 1970.
        for days in stride(from: -135_140, through: 157_000, by: 7) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let civil = TextLayout.civilDate(daysSince1970: days)
            #expect(
                civil.year == parts.year && civil.month == parts.month && civil.day == parts.day,
                "day \(days): \(civil) is not \(parts)")
            if civil.year != parts.year || civil.month != parts.month || civil.day != parts.day { return }
        }
    }

    @Test func aLocalTimeIsTheCalendarsInEveryZone() {
        let zones = ["Asia/Seoul", "America/New_York", "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "UTC"]
        for zone in zones.map({ TimeZone(identifier: $0)! }) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            // Across daylight-saving changes, a leap day and before 1970.
            for seconds in stride(from: -86_400.0 * 400, through: 86_400.0 * 20_000, by: 86_400 * 13 + 3_671.5) {
                let date = Date(timeIntervalSince1970: seconds)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
                let stamp = MarketTimestamp(date: date)
                let shown = TextLayout.localTime(stamp, in: zone)
                let expected = String(
                    format: "%d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
                #expect(shown.hasPrefix(expected), "\(zone.identifier) \(seconds): \(shown) is not \(expected)")
                if !shown.hasPrefix(expected) { return }
            }
        }
    }

    /// Offsets are remembered per stretch between a zone's transitions: asked in random order,
    /// hour by hour across daylight saving, a change of standard time (Pyongyang, 2015 and 2018),
    /// half-hour zones and dates long before 1970, every offset is the zone's own.
    @Test func aRememberedOffsetIsTheZonesOwnInAnyOrder() {
        let zones = [
            "Asia/Pyongyang", "Europe/London", "Australia/Lord_Howe", "America/St_Johns", "Asia/Seoul", "UTC",
            "America/Sao_Paulo",
        ]
        var random = SplitMix64(seed: 11)
        var dates: [Date] = []
        for year in [1890.0, 1987, 2015, 2018, 2026] {
            let start = (year - 1970) * 365.2425 * 86_400
            dates += stride(from: start, to: start + 366 * 86_400, by: 3_600 + 37).map { Date(timeIntervalSince1970: $0) }
        }
        dates += (0..<3_000).map { _ in Date(timeIntervalSince1970: Double(random.next() % 8_000_000_000) - 3_000_000_000) }
        for index in dates.indices.reversed() { dates.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        for zone in zones.map({ TimeZone(identifier: $0)! }) {
            for date in dates {
                let remembered = ZoneOffsets.secondsFromGMT(zone, at: date)
                #expect(remembered == zone.secondsFromGMT(for: date), "\(zone.identifier) \(date)")
                if remembered != zone.secondsFromGMT(for: date) { return }
            }
        }
    }

    @Test func aDateThatDoesNotParseIsShownAsSentButVisible() {
        #expect(TextLayout.localTime(MarketTimestamp(text: "yesterday\u{1B}[2J")) == "yesterday␛[2J")
    }

    // MARK: The won has no minor unit

    @Test func aKRWPriceWithAFractionIsWarnedAboutAndStillSent() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Half won", price: "3500.5", extra: "discount=0.25")
            #expect(f.console.notes.contains("warning: the won has no minor unit; price ₩3,500.5 will be stored as sent"))
            #expect(f.console.notes.contains("warning: the won has no minor unit; discount ₩0.25 will be stored as sent"))
            #expect(try await f.product(id: product.id).price == Decimal(string: "3500.5"))
        }
    }

    /// `price=12,50` (a decimal comma) was sent as 1250 and `price=5.000` (a thousands point) as
    /// 5, each without a word: now refused at the line, nothing sent.
    @Test func aDecimalCommaOrAThousandsPointIsRefusedAndNothingSent() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Comma mug")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=12,50") == .failed)
            #expect(
                f.console.notes.contains("price: '12,50': a comma only groups thousands (1,250); write a decimal with a point"),
                "\(f.console.notes)")
            #expect(await f.run("patch \(product.id) price=5.000 stock=1,0") == .failed)
            #expect(f.console.notes.contains("price: '5.000' could be 5000 or 5.00: write 5000"), "\(f.console.notes)")
            #expect(f.console.notes.contains("stock: '1,0': a comma only groups thousands"), "\(f.console.notes)")
            let unchanged = try await f.product(id: product.id)
            #expect(unchanged.price == product.price && unchanged.stock == product.stock)
            #expect(await f.run("patch \(product.id) price=1,250") == .ok, "\(f.console.notes)")
            #expect(try await f.product(id: product.id).price == 1250)
        }
    }

    @Test func aPatchWarnsBeforeSendingWhenItNamesTheCurrencyAndAfterwardsOtherwise() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Patched won")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=2000.5 currency=KRW") == .ok)
            #expect(f.console.notes == "warning: the won has no minor unit; price ₩2,000.5 will be stored as sent")
            f.console.clear()
            #expect(await f.run("patch \(product.id) discount=0.5") == .ok)
            #expect(f.console.notes == "warning: the won has no minor unit; discount ₩0.5 was stored as sent")
            f.console.clear()
            #expect(await f.run("patch \(product.id) price=19.99 currency=USD") == .ok)
            #expect(f.console.notes.isEmpty, "dollars have cents: \(f.console.notes)")
            #expect(await f.run("patch \(product.id) price=3000 currency=KRW") == .ok)
            #expect(f.console.notes.isEmpty, "a whole number of won: \(f.console.notes)")
        }
    }

    /// The warning is printed before the request: it is there although the server cannot be reached.
    @Test func theWonWarningComesBeforeSending() async throws {
        let console = KindConsole()
        // Bound and not listening: a connection is refused at once.
        let (descriptor, closed) = try Loopback.socket(listen: nil)
        defer { close(descriptor) }
        let shell = ShellSession(
            configuration: ShellConfiguration(
                serverURL: URL(string: "http://127.0.0.1:\(closed)")!, credentials: Self.someCredentials,
                timeout: .seconds(30)),
            console: console)
        #expect(await shell.execute("patch 1 price=10.5 currency=KRW").status == .unreachable)
        let notes = console.notes
        #expect(notes.first?.kind == .warning)
        #expect(notes.first?.text == "warning: the won has no minor unit; price ₩10.5 will be stored as sent")
        #expect(notes.last?.kind == .error)
        #expect(notes.last?.text.contains("cannot reach") == true)
    }

    // MARK: Colour

    @Test func failuresAreNotedAsErrorsAndWarningsAsWarnings() async throws {
        try await TestMarket.with { market in
            let console = KindConsole()
            let shell = ShellSession(
                configuration: ShellConfiguration(serverURL: market.baseURL, credentials: market.demo, timeout: .seconds(600)),
                console: console)
            #expect(await shell.execute("show 99999").status == .failed)
            #expect(console.notes.map(\.kind) == [.error], "\(console.notes)")
            #expect(console.notes.first?.text.hasPrefix("show 99999: ") == true)
            #expect(await shell.execute("bogus 'unterminated").status == .usage)
            #expect(console.notes.last?.kind == .error)
        }
    }

    @Test func soldOutIsPaintedOnlyInItsCellAndOnlyWithColourOn() throws {
        var soldOut = try Self.product()
        soldOut.stock = 0
        soldOut.name = "우유병 텀블러"
        var inStock = try Self.product()
        inStock.id = 7
        let products = [inStock, soldOut]
        let plain = ProductRendering.table(products)
        let coloured = ProductRendering.table(products, color: true)
        #expect(!plain.contains(Self.esc))
        #expect(coloured.contains("\u{1B}[31msold out\u{1B}[0m"))
        // Widths are those of the text shown: without its codes the table is the plain one.
        #expect(Self.strippingColour(coloured) == plain)
        #expect(coloured.split(separator: "\n").filter { $0.contains(Self.esc) }.count == 1, "only the sold-out row")
        #expect(!ProductRendering.detail(soldOut).contains(Self.esc))
        #expect(ProductRendering.detail(soldOut, color: true).contains("  stock        0 \u{1B}[31m(sold out)\u{1B}[0m"))
        #expect(!ProductRendering.summary(soldOut, verb: .updated).contains(Self.esc))
    }

    @Test func aShellWithColourOffPrintsNoEscapeCode() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            let product = try await f.register(name: "Sold out mug", extra: "stock=0")
            #expect(await f.run("list") == .ok)
            #expect(await f.run("show \(product.id)") == .ok)
            #expect(await f.run("show 99999") == .failed)
            #expect(f.console.out.contains("sold out"))
            #expect(!f.console.out.contains(Self.esc) && !f.console.notes.contains(Self.esc))
        }
    }

    @Test func paintingKeepsEachLineClosedAndLeavesPlainTextAlone() {
        #expect(TextLayout.painted("a\nb", as: .error, color: true) == "\u{1B}[31ma\u{1B}[0m\n\u{1B}[31mb\u{1B}[0m")
        #expect(TextLayout.painted("careful", as: .warning, color: true) == "\u{1B}[33mcareful\u{1B}[0m")
        #expect(TextLayout.painted("fine", as: .info, color: true) == "fine")
        #expect(TextLayout.painted("show 9: refused", as: .error, color: false) == "show 9: refused")
    }

    /// A note's kind is said where it is made, never read back from its words (issue 39, item 3):
    /// a Korean warning is one whatever its first word, and a note that happens to begin with the
    /// word is not one.
    @Test func aNoteIsAWarningByItsKindNotByItsFirstWord() async throws {
        let console = KindConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(
                serverURL: URL(string: "http://127.0.0.1:9")!, credentials: Self.someCredentials, timeout: .seconds(30)),
            console: console)
        Language.$current.withValue(.ko) {
            shell.render([.warning("재고가 그사이 바뀌었습니다"), .note("경고: 라는 이름의 사진"), .note("warning: a name")])
        }
        #expect(console.notes.map(\.kind) == [.warning, .info, .info])
        #expect(console.notes.first?.text == "경고: 재고가 그사이 바뀌었습니다")
        shell.render([.warning("the change log cannot be written")])
        #expect(console.notes.last?.text == "warning: the change log cannot be written")
        #expect(console.notes.last?.kind == .warning)
    }

    /// A photo file called `경고` is shrunk with the note `경고: 3.0 MB …`: information, not a
    /// warning, although its first word is the Korean session's word for one.
    @Test func aPhotoNamedLikeAWarningIsNotedAsInformation() async throws {
        try await TestMarket.with { market in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let photo = folder.appendingPathComponent("경고")
            try Fixtures.imageData("rocket-phone-4032x3024.jpg").write(to: photo)
            let console = KindConsole()
            let shell = ShellSession(
                configuration: ShellConfiguration(serverURL: market.baseURL, credentials: market.demo, timeout: .seconds(600)),
                console: console)
            let status = await Language.$current.withValue(.ko) {
                await shell.execute(
                    "register name='Photo mug' description='A photo named like a warning' price=10 currency=USD image='\(photo.path)'"
                ).status
            }
            #expect(status == .ok, "\(console.notes)")
            let shrunk = console.notes.filter { $0.text.hasPrefix("경고: 3.0 MB") }
            #expect(shrunk.count == 1, "\(console.notes)")
            #expect(shrunk.first?.kind == .info)
        }
    }

    // MARK: Helpers

    static let someCredentials = VendorCredentials(
        identifier: "0c1b5a9e-8f7d-4e8a-9a53-3f6c2b1d0e77", secret: Secret("not-a-real-secret"))

    /// A product as the contract's example sends it, with two images.
    static func product() throws -> Product {
        let json = #"""
            {"id":12,"vendor_id":1,"name":"우유병 텀블러","description":"하얀 우유병 모양의 텀블러입니다",
             "thumbnail":"http://127.0.0.1:8080/images/15/20221018/9f2c_thumb.jpg","currency":"KRW",
             "price":3500,"bargain_price":3400,"discounted_price":100,"stock":5,
             "created_at":"2022-10-18T09:12:40","issued_at":"2022-10-18T15:05:00",
             "images":[{"id":35,"url":"http://127.0.0.1:8080/images/15/20221018/9f2c_origin.jpg",
                        "thumbnail_url":"http://127.0.0.1:8080/images/15/20221018/9f2c_thumb.jpg",
                        "issued_at":"2022-10-18T09:12:40"}],
             "vendors":{"id":1,"name":"demo-shop"}}
            """#
        return try MarketJSON.decoder.decode(Product.self, from: Data(json.utf8))
    }

    static func strippingColour(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}

/// A console that keeps each note with its kind, as a colour terminal would receive it.
final class KindConsole: ShellConsole, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [(text: String, kind: NoteKind)] = []

    var notes: [(text: String, kind: NoteKind)] { lock.withLock { kept } }

    func write(_ text: String) {}
    func note(_ text: String) { note(text, kind: .info) }
    func note(_ text: String, kind: NoteKind) { lock.withLock { kept.append((text, kind)) } }
    func ask(_ prompt: String) -> String? { nil }
    func askSecret(_ prompt: String) -> String? { nil }
    var isInteractive: Bool { false }
    func history() -> [String] { [] }
}
