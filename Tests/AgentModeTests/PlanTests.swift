import Digests
import Foundation
import MCP
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import ShellScripting
import Testing

@testable import AgentMode

/// Agent mode's plans: a write planned with nothing sent, applied only with its one-time token
/// and an unchanged market, kept in the change log for `undo` in the shell.
@Suite("Agent plans")
struct PlanTests {
    /// A test market, a HOME for the change log, and the agent's sessions logged in as its demo vendor.
    struct Fixture {
        let market: TestMarket
        let home: URL

        var environment: [String: String] { ["HOME": home.path] }
        var client: MarketClient { market.client() }
        var secret: String { market.demo.secret.revealed }

        var configuration: ShellConfiguration {
            ShellConfiguration(
                serverURL: market.baseURL, credentials: market.demo, vendorName: "demo-shop", vendorID: market.demoVendorID,
                profiles: ProfileStore(directory: home.appendingPathComponent("profiles")), timeout: .seconds(600))
        }

        func sessions(_ limits: AgentLimits = AgentLimits()) -> AgentSessions {
            AgentSessions(configuration: configuration, environment: environment, access: .unrestricted, limits: limits)
        }

        /// A product of the demo vendor, priced ₩8,000.
        func product(named name: String = "Agent mug") async throws -> Product {
            let image = try UploadImage.load(path: Fixtures.image("coffee-small.jpg").path)
            let draft = ProductDraft(
                name: name, description: "A product for the plan tests", price: 8000, currency: .krw, discountedPrice: 0,
                stock: 5)
            return try await client.create(draft, images: [image]).value
        }

        /// The product as the market has it now; nil when it is gone.
        func now(_ id: Int) async -> Product? { try? await client.product(id: id).value }

        /// The change log's files (none before anything was applied).
        func logLines() -> [String] {
            let folder = home.appendingPathComponent(".local/state/openmarket/changes")
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            return files.filter { $0.pathExtension == "jsonl" }.flatMap { file in
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
        }

        static func with(_ body: (Fixture) async throws -> Void) async throws {
            let home = try Fixtures.temporaryDirectory("openmarket-plan-test")
            defer { try? FileManager.default.removeItem(at: home) }
            try await TestMarket.with { market in try await body(Fixture(market: market, home: home)) }
        }
    }

    static func words(_ texts: String...) -> [Word] { texts.map { Word($0) } }

    /// The plan and its token, or a recorded failure.
    static func planned(_ answer: PlanAnswer) throws -> (Plan, String) {
        switch answer {
        case .planned(let plan, let token): return (plan, token)
        case .failed(let report, let printed):
            Issue.record("not planned: \(report.failure) \(printed)")
            throw CancellationError()
        }
    }

    /// The applied report and plan, or a recorded failure.
    @discardableResult
    static func applied(_ answer: ApplyAnswer) throws -> (CommandReport, Plan) {
        switch answer {
        case .applied(let report, _, let plan): return (report, plan)
        case .refused(let failure):
            Issue.record("refused: \(failure.text)")
        case .failed(let report, let printed):
            Issue.record("failed: \(report.failure) \(printed)")
        }
        throw CancellationError()
    }

    @Test func aPlannedPriceChangeSendsNothingAndShowsThePatchAndBeforeAfter() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let (plan, token) = try Self.planned(
                await sessions.plan(Self.words("patch", "\(mug.id)", "price=9000", "--yes"), tool: "patch"))
            #expect(await f.now(mug.id)?.price == 8000)
            #expect(f.logLines().isEmpty)
            #expect(token.count == 32 && token.unicodeScalars.allSatisfy { "0123456789abcdef".unicodeScalars.contains($0) })
            let request = try #require(plan.requests.first)
            #expect(plan.requests.count == 1)
            #expect(request.method == "PATCH" && request.path == "/api/products/\(mug.id)")
            #expect(request.ifMatch != nil)
            let text = plan.lines.joined(separator: "\n")
            #expect(text.contains("PATCH /api/products/\(mug.id)  If-Match: \(request.ifMatch ?? "")"), "\(text)")
            #expect(text.contains("#\(mug.id) Agent mug: price ₩8,000 → ₩9,000"), "\(text)")
            #expect(plan.products.first?.changes.map(\.field) == [.price])
            #expect(plan.deletes == 0)
        }
    }

    @Test func theTokenAppliesThePlanOnceAndTheChangeIsInTheChangeLog() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let words = Self.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (_, token) = try Self.planned(await sessions.plan(words, tool: "patch"))
            let (report, plan) = try Self.applied(await sessions.apply(token: token, words: words))
            #expect(report.status == .ok)
            #expect(plan.requests.count == 1)
            #expect(await f.now(mug.id)?.price == 9000)
            #expect(f.logLines().count == 1 && f.logLines().first?.contains("patch \(mug.id) price=9000") == true)
            guard case .refused(let failure) = await sessions.apply(token: token, words: words) else {
                Issue.record("the used token applied again")
                return
            }
            #expect(failure.text.contains("No plan has this token"), "\(failure.text)")
        }
    }

    @Test func aPlanAppliedAfterAnotherClientChangedTheProductIsRefusedAsStale() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let words = Self.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (_, token) = try Self.planned(await sessions.plan(words, tool: "patch"))
            _ = try await f.client.edit(id: mug.id, ProductChanges(price: 9500))
            guard case .refused(let failure) = await sessions.apply(token: token, words: words) else {
                Issue.record("a stale plan applied")
                return
            }
            #expect(
                failure.text.contains("product #\(mug.id) Agent mug changed since the plan: price ₩8,000 → ₩9,500"),
                "\(failure.text)")
            #expect(await f.now(mug.id)?.price == 9500)
            #expect(f.logLines().isEmpty)
        }
    }

    @Test func aDeleteAppliedIsGoneAndUndoInTheShellBringsItBack() async throws {
        try await Fixture.with { f in
            let mug = try await f.product(named: "Doomed mug")
            let sessions = f.sessions()
            let words = Self.words("delete", "\(mug.id)", "--yes")
            let (plan, token) = try Self.planned(await sessions.plan(words, tool: "delete"))
            #expect(plan.deletes == 1)
            #expect(plan.requests.map(\.method) == ["POST", "DELETE"])
            // The delete URI's own token, not to be read as the plan's.
            #expect(plan.requests.last?.path.hasSuffix("/{delete-uri}") == true, "\(plan.lines)")
            #expect(plan.lines.contains { $0.contains("delete #\(mug.id) Doomed mug") }, "\(plan.lines)")
            #expect(await f.now(mug.id) != nil)
            try Self.applied(await sessions.apply(token: token, words: words))
            #expect(await f.now(mug.id) == nil)
            let console = RecordingConsole()
            let shell = ScriptSession(configuration: f.configuration, console: console, environment: f.environment)
            let undo = await shell.execute("undo --yes")
            #expect(undo.status == .ok, "\(console.notes)")
            let back = try await f.client.allProducts().products.filter { $0.name == "Doomed mug" }
            #expect(back.count == 1)
            // With its photo: the change log kept it before the delete.
            let again = try #require(back.first)
            #expect(await f.now(again.id)?.images?.count == 1)
        }
    }

    @Test func aRegisterWithAPhotoPlansItsMultipartPostAndAppliesExactlyIt() async throws {
        try await Fixture.with { f in
            let photo = Fixtures.image("coffee-small.jpg").path
            let sessions = f.sessions()
            let words = Self.words(
                "register", "name=Planned cup", "description=A cup planned first", "price=7000", "currency=KRW",
                "stock=3", "image=\(photo)")
            let (plan, token) = try Self.planned(await sessions.plan(words, tool: "register"))
            #expect(try await f.client.allProducts().products.isEmpty)
            let post = try #require(plan.requests.first)
            #expect(post.method == "POST" && post.path == "/api/products")
            #expect(post.parts.map(\.name) == ["params", "images"])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
            #expect(post.parts.last?.sha256 == SHA256.hash(data: bytes).hexadecimal)
            #expect(post.parts.first?.json?.value(at: ["secret"]) == .string("$OPENMARKET_SECRET"))
            #expect(plan.products.first?.kind == .registered && plan.products.first?.id == nil)
            let (report, _) = try Self.applied(await sessions.apply(token: token, words: words))
            let made = try #require(report.outcome?.product?.product)
            #expect(made.name == "Planned cup" && made.price == 7000 && made.images?.count == 1)
        }
    }

    @Test func aPhotoShrunkToFitIsPlannedAndAppliedAsTheSameBytes() async throws {
        try await Fixture.with { f in
            let photo = Fixtures.image("rocket-phone-4032x3024.jpg").path
            let sessions = f.sessions()
            let words = Self.words(
                "register", "name=Rocket phone", "description=A large photo shrunk to fit", "price=7000", "currency=KRW",
                "stock=3", "image=\(photo)")
            let (plan, token) = try Self.planned(await sessions.plan(words, tool: "register"))
            let part = try #require(plan.requests.first?.parts.last)
            #expect(part.byteCount < (try Data(contentsOf: URL(fileURLWithPath: photo))).count)
            try Self.applied(await sessions.apply(token: token, words: words))
            #expect(try await f.client.allProducts().products.map(\.name) == ["Rocket phone"])
        }
    }

    @Test func aWriteOutsideAnApplyIsRefusedByTheGate() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let (report, printed) = await sessions.read(Self.words("patch", "\(mug.id)", "price=1", "--yes"))
            #expect(report.status != .ok)
            #expect((report.failure.joined() + printed).contains("agent mode sends a change only when applying a plan"))
            #expect(await f.now(mug.id)?.price == 8000)
            let shown = await sessions.read(Self.words("show", "\(mug.id)"))
            #expect(shown.report.status == .ok && shown.printed.contains("Agent mug"), "\(shown.printed)")
        }
    }

    @Test func aPlanThatChangesNothingHasNoTokenAndOtherWordsAreRefused() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let (same, none) = try Self.planned(
                await sessions.plan(Self.words("patch", "\(mug.id)", "price=8000"), tool: "patch"))
            #expect(same.isEmpty && none.isEmpty)
            let (_, token) = try Self.planned(await sessions.plan(Self.words("patch", "\(mug.id)", "price=9000"), tool: "patch"))
            #expect(await sessions.plan(forToken: token) != nil)
            guard
                case .refused(let failure) = await sessions.apply(
                    token: token, words: Self.words("patch", "\(mug.id)", "price=1"))
            else {
                Issue.record("other words applied")
                return
            }
            #expect(failure.text.contains("another plan (patch \(mug.id) price=9000)"), "\(failure.text)")
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    @Test func anImportPlansItsRowsWritesNoJournalAndAppliesAsOneBatch() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let cup = try await f.product(named: "Agent cup")
            let folder = f.home.appendingPathComponent("sheets")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sheet = folder.appendingPathComponent("prices.csv")
            try "id,price\n\(mug.id),9000\n\(cup.id),9500\n".write(to: sheet, atomically: true, encoding: .utf8)
            let sessions = f.sessions()
            let words = Self.words("import", sheet.path, "--yes")
            let (plan, token) = try Self.planned(await sessions.plan(words, tool: "import"))
            #expect(plan.requests.map(\.method) == ["PATCH", "PATCH"], "\(plan.lines)")
            #expect(plan.requests.allSatisfy { $0.ifMatch != nil })
            #expect(Set(plan.products.compactMap(\.id)) == [mug.id, cup.id])
            #expect(plan.lines.contains { $0.contains("#\(cup.id) Agent cup: price ₩8,000 → ₩9,500") }, "\(plan.lines)")
            // Nothing sent, no journal a later run would resume from, no change kept.
            #expect(await f.now(mug.id)?.price == 8000)
            #expect(f.logLines().isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["prices.csv"])
            try Self.applied(await sessions.apply(token: token, words: words))
            #expect(await f.now(mug.id)?.price == 9000)
            #expect(await f.now(cup.id)?.price == 9500)
            let console = RecordingConsole()
            let shell = ScriptSession(configuration: f.configuration, console: console, environment: f.environment)
            #expect(await shell.execute("undo --yes").status == .ok, "\(console.notes)")
            #expect(await f.now(mug.id)?.price == 8000)
            #expect(await f.now(cup.id)?.price == 8000)
        }
    }

    @Test func anUndoIsPlannedWithoutMarkingTheLogAndAppliedTakesTheChangeBack() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let patch = Self.words("patch", "\(mug.id)", "price=9000", "--yes")
            let (_, first) = try Self.planned(await sessions.plan(patch, tool: "patch"))
            try Self.applied(await sessions.apply(token: first, words: patch))
            let logged = f.logLines()
            let undo = Self.words("undo", "--yes")
            let (plan, token) = try Self.planned(await sessions.plan(undo, tool: "undo"))
            #expect(plan.requests.map(\.method) == ["PATCH"])
            #expect(plan.lines.contains { $0.contains("#\(mug.id) Agent mug: price ₩9,000 → ₩8,000") }, "\(plan.lines)")
            #expect(plan.lines[1].hasPrefix("It takes back change 1: "), "\(plan.lines)")
            #expect(plan.lines[1].contains("₩8,000 → ₩9,000"), "\(plan.lines)")
            #expect(f.logLines() == logged)
            #expect(await f.now(mug.id)?.price == 9000)
            try Self.applied(await sessions.apply(token: token, words: undo))
            #expect(await f.now(mug.id)?.price == 8000)
            #expect(f.logLines().count == logged.count + 1)
        }
    }

    @Test func anApplySendsEachPatchWithTheETagThePlanReadAndA412SaysSo() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let words = Self.words("patch", "\(mug.id)", "price=9000", "--yes")
            var (plan, _) = try Self.planned(await f.sessions().plan(words, tool: "patch"))
            plan.requests[0].ifMatch = "\"an-older-version\""
            let gate = PlanGate(wrapping: AsyncHTTPClientTransport.shared, market: f.market.baseURL)
            var configuration = f.configuration
            configuration.transport = gate
            let console = RecordingConsole()
            let shell = ScriptSession(configuration: configuration, console: console, environment: f.environment)
            gate.begin(plan)
            let report = await shell.execute(words: words)
            let ended = gate.end()
            #expect(report.status == .failed)
            #expect(ended.refused.isEmpty && ended.changed == [mug.id] && ended.notSent.isEmpty)
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    @Test func aLongPlanListsItsFirstFiftyItemsAndSaysHowManyMore() {
        let lines = PlanText.listed((1...53).map { "PATCH /api/products/\($0)" })
        #expect(lines.count == 51)
        #expect(lines[49] == "  PATCH /api/products/50")
        #expect(lines.last == "  … and 3 more (all of them in the plan's JSON)")
        #expect(PlanText.listed(["a"]) == ["  a"])
    }

    @Test func everyPlanMessageIsSaidInBothLanguages() {
        let messages: [PlanMessage] = [
            .heading(command: "patch 3 price=9000"), .requestsHeading(count: 2), .productsHeading,
            .edited(name: "#3 Mug", changes: "price ₩8,000 → ₩9,000"), .registered(name: "\"Mug\""), .deleted(name: "#3 Mug"),
            .written(name: "#3 Mug"), .andMore(count: 3), .deletes(count: 1), .nothingToApply,
            .howToApply(tool: "patch", minutes: 10),
            .unknownToken(tool: "patch"), .expiredToken(tool: "patch", minutes: 10),
            .otherArguments(tool: "patch", planned: "patch 3 price=9000"), .stale(tool: "patch", products: ["#3"]),
            .productChanged(name: "#3 Mug", changes: ""), .otherRequests(tool: "patch"),
            .writeOutsideApply(request: "PATCH /api/products/3"), .writeNotPlanned(request: "PATCH /api/products/3"),
            .changedDuringApply(id: 3), .changedBeforeSending(request: "PATCH /api/products/3", id: 3),
            .notSent(request: "PATCH /api/products/3"), .cancelled, .noScratchFolder(path: "/tmp/x"),
            .photoBytesMissing(part: "images"), .undoes(number: 3, summary: "patch 3 price=9000"),
            .redoes(number: 3, summary: "patch 3 price=9000"), .omitted(count: 3),
            .filePart(name: "images", file: "a.jpg", contentType: "image/jpeg", bytes: 3, sha256: "abcdef"),
        ]
        for message in messages {
            #expect(!message.english.isEmpty && !message.korean.isEmpty)
            let sentence = message.english.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x80 }
            #expect(
                !sentence || message.english != message.korean
                    || message == .edited(name: "#3 Mug", changes: "price ₩8,000 → ₩9,000"))
        }
    }

    @Test func aPlanOfSeveralProductsThatFailsForOneKeepsNothingInTheChangeLog() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let answer = await sessions.plan(Self.words("patch", "\(mug.id)", "999999", "price=9000", "--yes"), tool: "patch")
            guard case .failed(let report, _) = answer else {
                Issue.record("planned although a product is missing")
                return
            }
            #expect(report.failure.joined().contains("#999999"), "\(report.failure)")
            #expect(f.logLines().isEmpty)
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    @Test func aTokenExpiresAfterThePlansLifetimeAndOnlyTheNewestPlansAreKept() async throws {
        var tokens = PlanTokens(lifetime: .seconds(600), kept: 2)
        let plan = Plan(
            tool: "patch", command: "patch 3 price=9000", recorded: PlanningTransport.Recorded(), changes: [], minutes: 10)
        let start = ContinuousClock.now
        let first = tokens.add(plan, words: Self.words("patch"), now: start)
        let second = tokens.add(plan, words: Self.words("patch"), now: start)
        #expect(first != second && first.count == 32)
        guard case .success = tokens.peek(first, now: start + .seconds(600)) else {
            Issue.record("a plan within its lifetime not found")
            return
        }
        guard case .failure(.expired) = tokens.peek(first, now: start + .seconds(601)) else {
            Issue.record("an expired plan found")
            return
        }
        _ = tokens.add(plan, words: Self.words("patch"), now: start)
        guard case .failure(.unknown) = tokens.peek(first, now: start) else {
            Issue.record("the oldest of three plans kept with room for two")
            return
        }
        guard case .success = tokens.take(second, now: start), case .failure(.unknown) = tokens.take(second, now: start) else {
            Issue.record("a token used twice")
            return
        }
    }

    @Test func anExpiredTokenIsRefusedAndNothingIsSent() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions(AgentLimits(planLifetime: .zero))
            let words = Self.words("patch", "\(mug.id)", "price=9000")
            let (_, token) = try Self.planned(await sessions.plan(words, tool: "patch"))
            guard case .refused(let failure) = await sessions.apply(token: token, words: words) else {
                Issue.record("an expired plan applied")
                return
            }
            #expect(failure.text.contains("call patch without a token to plan again"), "\(failure.text)")
            #expect(await f.now(mug.id)?.price == 8000)
        }
    }

    /// Holds the first request until released; counts the requests in flight at once.
    final class HoldingTransport: HTTPTransport {
        struct Held {
            var arrived = 0
            var inFlight = 0
            var most = 0
            var released = false
        }

        let state = Watched(Held())

        nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
            let number = state.change { held in
                held.arrived += 1
                held.inFlight += 1
                held.most = max(held.most, held.inFlight)
                return held.arrived
            }
            defer { state.change { $0.inFlight -= 1 } }
            if number == 1 { _ = await state.wait { $0.released } }
            return try await AsyncHTTPClientTransport.shared.send(request, timeout: timeout)
        }
    }

    @Test func callsMadeAtOnceRunOneAtATimeEachWithItsOwnOutput() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let cup = try await f.product(named: "Agent cup")
            let holding = HoldingTransport()
            var configuration = f.configuration
            configuration.transport = holding
            let sessions = AgentSessions(
                configuration: configuration, environment: f.environment, access: .unrestricted, limits: AgentLimits())
            async let first = sessions.read(Self.words("show", "\(mug.id)"))
            async let second = sessions.read(Self.words("show", "\(cup.id)"))
            // The first call's request is held; the second call waits for it (or, were calls not
            // run one at a time, has sent its own).
            let ready = await eventually {
                if holding.state.value.arrived >= 2 { return true }
                return await sessions.waitingCalls == 1
            }
            #expect(ready)
            holding.state.change { $0.released = true }
            let (a, b) = await (first, second)
            #expect(holding.state.value.most == 1)
            #expect(a.printed.contains("Agent mug") != a.printed.contains("Agent cup"), "\(a.printed)")
            #expect(b.printed.contains("Agent mug") != b.printed.contains("Agent cup"), "\(b.printed)")
        }
    }

    @Test func anUndoOfADeletePlansTheRegisterAndTheThumbnailPatchOfTheNewProduct() async throws {
        try await Fixture.with { f in
            let images = try ["coffee-small.jpg", "chelsea.png"].map { try UploadImage.load(path: Fixtures.image($0).path) }
            let draft = ProductDraft(
                name: "Two photo mug", description: "A product for the plan tests", price: 8000, currency: .krw,
                discountedPrice: 0, stock: 5)
            var mug = try await f.client.create(draft, images: images).value
            let second = try #require(mug.images?.last?.id)
            mug = try await f.client.edit(id: mug.id, ProductChanges(thumbnailID: second)).value
            let sessions = f.sessions()
            let delete = Self.words("delete", "\(mug.id)", "--yes")
            let (_, deleting) = try Self.planned(await sessions.plan(delete, tool: "delete"))
            try Self.applied(await sessions.apply(token: deleting, words: delete))
            let undo = Self.words("undo", "--yes")
            let (plan, token) = try Self.planned(await sessions.plan(undo, tool: "undo"))
            #expect(plan.requests.map(\.method) == ["POST", "PATCH"], "\(plan.lines)")
            #expect(plan.requests.last?.productID == plan.requests.first?.madeUpID)
            #expect(try await f.client.allProducts().products.isEmpty)
            try Self.applied(await sessions.apply(token: token, words: undo))
            let back = try #require(try await f.client.allProducts().products.first)
            let now = try #require(await f.now(back.id))
            #expect(now.name == "Two photo mug" && now.images?.count == 2)
            #expect(now.thumbnail == now.images?.last?.thumbnailURL)
        }
    }

    @Test func aStockChangeIsPlannedWithItsConditionalPatchAndApplied() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let words = Self.words("stock", "\(mug.id)", "+3")
            let (plan, token) = try Self.planned(await sessions.plan(words, tool: "stock"))
            #expect(plan.requests.map(\.method) == ["PATCH"])
            #expect(plan.lines.contains { $0.contains("#\(mug.id) Agent mug: stock 5 → 8") }, "\(plan.lines)")
            #expect(await f.now(mug.id)?.stock == 5)
            try Self.applied(await sessions.apply(token: token, words: words))
            #expect(await f.now(mug.id)?.stock == 8)
        }
    }

    @Test func theSecretIsInNoPlanLineNorItsJSON() async throws {
        try await Fixture.with { f in
            let mug = try await f.product()
            let sessions = f.sessions()
            let photo = Fixtures.image("chelsea.png").path
            for (words, tool) in [
                (Self.words("patch", "\(mug.id)", "price=9000", "name=Renamed"), "patch"),
                (
                    Self.words(
                        "register", "name=Cat", "description=A cat for the secret test", "currency=KRW", "price=1000", "stock=1",
                        "image=\(photo)"
                    ), "register"
                ),
                (Self.words("delete", "\(mug.id)", "--yes"), "delete"),
            ] {
                let (plan, _) = try Self.planned(await sessions.plan(words, tool: tool))
                let json = String(decoding: try JSONEncoder().encode(plan.json), as: UTF8.self)
                #expect(!plan.lines.joined().contains(f.secret) && !json.contains(f.secret))
                #expect(json.contains("$OPENMARKET_SECRET"), "\(json)")
            }
        }
    }
}
