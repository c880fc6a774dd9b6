import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import OpenMarketServer
@testable import SellerShell

/// Every Korean catalogue the shell shows (beside `Message` and `AccessMessage`, checked in
/// MessageCatalogTests, and the scripting ones, in SpokenCatalogCheck) asks in -세요 and puts no
/// particle right after a value it fills in, a number, or a syllable it does not fit
/// (``KoreanStyle``): `이 요소은`, `#2은`, `2을`, `\(path)을` were on screen.
@Suite("Korean catalogues: particles and endings")
struct KoreanStyleTests {
    static let samples: [any Spoken] = [
        StockMessage.amountTooLarge("+99999999999999999999", largest: ProductRules.maxStock),
        StockMessage.wouldExceed(before: 5, adding: 9_007_199_254_740_990, largest: ProductRules.maxStock),
        ChangesMessage.registered("#1 Mug"), ChangesMessage.deleted("#1 Mug"),
        ChangesMessage.edited("#1 Mug", changes: "price ₩2,000 → ₩3,000"), ChangesMessage.nothingChanged("#1 Mug"),
        ChangesMessage.aChange, ChangesMessage.batch(label: "import c.csv", count: 100), ChangesMessage.photo(2),
        ChangesMessage.noPhoto, ChangesMessage.image(35), ChangesMessage.undoHint(marksThisSession: true),
        ChangesMessage.patchChangesNothing(product: "#6 Mug", values: "price ₩26,000"), ChangesMessage.helpSummary,
        ListMessage.count(4), ListMessage.onePage("page 1 of 2, 34 products"), ListMessage.noneYours(all: 4, vendor: 2),
        ListMessage.minePage(page: 2, pages: 3, mine: 45, next: 3), ListMessage.minePastTheEnd(page: 4, pages: 3),
        ListMessage.noneMatch, ListMessage.kept(shown: 3, fetched: 9, what: "--search mug"), ListMessage.gridHasNoFormat,
        ListMessage.notAPage("x"),
        VendorMessage.loggedInGiven(identifier: "0c1b5a9e", check: "checked", vendor: "#2"),
        VendorMessage.vendor(name: "tumbler-shop", id: 2, given: true), VendorMessage.givenIsHere(id: 2, name: "tumbler-shop"),
        VendorMessage.givenKept(id: 2), VendorMessage.refutedByWrite(given: 2, actual: "demo-shop (#1)", profile: "class"),
        VendorMessage.refutedByRefusal(given: 2, product: 7, profile: "class"), VendorMessage.loginCancelled,
        ProfileMessage.badName("a b"), ProfileMessage.cannotWrite(path: "/p"),
        ProfileMessage.cannotSave(name: "class", reason: "disk full"),
        ProfileMessage.noProfile(name: "class", known: ["shop"], hint: true),
        ProfileMessage.readableByOthers(name: "class", path: "/p", mode: "644"),
        ProfileMessage.damaged(name: "class", path: "/p"),
        ProfileMessage.cannotRemove(name: "class", path: "/p", reason: "busy"),
        ScreenMessage.morePrompt, ScreenMessage.explainedAbove(["GET", "ETag"]), ScreenMessage.topicGroup(.headers),
        ScreenMessage.historySearch(found: true), ScreenMessage.historySearch(found: false),
        ScreenMessage.pagerNotStarted(command: "less", reason: "no tty"), ScreenMessage.pagerNotFound(command: "most"),
        TraceMessage.bookkeeping(.newestBeforeFirstCreate), TraceMessage.bookkeepingNoted("resume"),
        TraceMessage.noResponse("timed out"), TraceMessage.multipartBody(bytes: 1200, contentType: "multipart/form-data"),
        TraceMessage.binaryBody(bytes: 300), TraceMessage.cutBody(bytes: 9000),
        TraceMessage.part(label: "params", contentType: "application/json", bytes: 80),
        ChangeLogMessage.logProblem("x"), ChangeLogMessage.folderCannotBeMade(folder: "/c", reason: "denied"),
        ChangeLogMessage.photoFolderCannotBeMade(path: "/c/p", reason: "denied"),
        ChangeLogMessage.photoFolderNotAFolder("/c/p"),
        ChangeLogMessage.photoFolderCannotBeOpened(path: "/c/p", reason: "denied"),
        ChangeLogMessage.photoCannotBeSaved(path: "/c/p/1.jpg", reason: "full"), ChangeLogMessage.cannotBeWritten,
        ChangeLogMessage.thisChangeCannotBeUndone(problem: "gone"), ChangeLogMessage.cannotRegisterAgain(id: 12, why: "x"),
        ChangeLogMessage.photosNotSaved, ChangeLogMessage.photosNoLongerKept(days: 30, bytes: "1 GB"),
        ChangeLogMessage.savedPhotoNotAnImage(id: 4, error: "bad"),
        ChangeLogMessage.changedByAnotherShell(number: 7, command: "undo"),
        ChangeLogMessage.photoOutsideFolder(change: 3, name: "../x.jpg"),
        ChangeLogMessage.photoUnreadable(index: 2, id: 4, reason: "timed out"),
        MarketError.invalidInput([RuleViolation("price", .notANumber("abc")), RuleViolation("name", .required)]),
        MarketError.missingCredentials,
        ImageProcessingError.unsupportedFormat(description: "the file starts with text"),
        ImageProcessingError.unreadable(format: .jpeg, damage: .cutShort),
        ImageProcessingError.unreadable(format: .png, damage: .damaged),
        ImageProcessingError.unreadable(format: .gif, damage: .empty),
        ImageProcessingError.tooLarge(width: 9000, height: 9000, frames: 3, maxPixels: 50_000_000),
        ImageProcessingError.cannotFit(format: .jpeg, limit: 307_200, bestByteCount: 400_000),
        ImageProcessingError.cannotFit(format: .png, limit: 307_200, bestByteCount: 400_000),
        ImageProcessingError.cannotFit(format: .gif, limit: 307_200, bestByteCount: 400_000),
        ImageProcessingError.libraryUnavailable,
        Rule.damaged(.unreadable(format: .jpeg, damage: .cutShort)),
        MarketError.cannotConnect(host: "127.0.0.1", port: 9, reason: "refused"),
        MarketError.timedOut(host: "127.0.0.1", port: 9, after: .seconds(3)),
        MarketError.connectionLost(host: "127.0.0.1", port: 9, reason: "reset"),
        MarketError.serverRefused(status: 403, message: ""), MarketError.preconditionFailed(message: "etag"),
        ClientMessage.answerTooLarge(limit: 1000), ClientMessage.notTLS(plainAddress: "http://127.0.0.1:8080"),
        ClientMessage.pageRepeated(page: 3, products: 40, searched: true),
        ClientMessage.walkLimit(pages: 9, products: 400, bytes: 90_000, searched: false),
        ClientMessage.waitTooLong(asked: .seconds(90), limit: .seconds(30)),
        ClientMessage.stillBusy(attempts: 6, waited: .milliseconds(2500)),
        ClientMessage.imageTooLarge(url: "http://127.0.0.1:8080/i/1.jpg", limit: 1000),
        MarketMessage.rules([
            RuleViolation("discounted_price", .notOverPrice(price: 10, discount: 20)), RuleViolation("stock", .notZeroOrMore(-1)),
        ]),
        MarketMessage.paramsTooLarge(bytes: 400_000), MarketMessage.uploadsBusy(limit: 4),
        MarketMessage.changedSinceRead(etag: "\"4-2\""), MarketMessage.deleteTokenNotForProduct(3),
        MarketMessage.secretThrottled(seconds: 30), MarketMessage.noSuchProduct("9"), MarketMessage.anotherVendorsProduct(9),
        MarketMessage.notWholeNumberInRange(name: "page", low: 1, high: 100, given: "x"),
        MarketMessage.notWholeNumber(field: "stock", value: 1.5), MarketMessage.notJSON(what: "params"),
        MarketMessage.noClosingLine(boundary: "B"), MarketMessage.noSuchEndpoint(method: "PUT", path: "/api"),
        MarketMessage.codingNotSupported("gzip"), MarketMessage.methodNotAllowed(method: "PUT", path: "/api", allow: "GET"),
        LocalFileError(path: "rows.csv", kind: .permissionDenied), LocalFileError(path: "rows.csv", kind: .missing),
        LocalFileError(path: "rows.csv", kind: .unwritable("full")),
        RuleViolation("name", .foreignSecret), RuleViolation("discounted_price", .notOverPrice(price: 10, discount: 20)),
        RuleViolation("price", .atMost(limit: "1,000,000,000,000", value: "2000000000000")),
        RuleViolation("price", .notAValidURL("x")), RuleViolation("image", .boundaryInContent("B")),
        RuleViolation("image", .image(.tooLarge(bytes: 400_000, format: .jpeg))),
    ]

    @Test(arguments: samples.indices)
    func noParticleAfterAFilledInValueAndEveryQuestionInSeyo(index: Int) {
        #expect(KoreanStyle.problems(Self.samples[index]) == [])
    }

    /// The lessons' Korean says what the English says: PATCH is not idempotent "in general" (not
    /// "in principle"), a 403 knows who asked, and `identifier` is not called the vendor id.
    @Test func theExplanationsSayWhatTheEnglishSays() throws {
        let korean = try ExplanationBook.load("ko")
        #expect(korean.methods["PATCH"]?.contains("멱등성도 보장되지 않습니다(RFC 5789)") == true)
        #expect(korean.methods["PATCH"]?.contains("원칙적으로") == false)
        #expect(korean.statuses["403"]?.contains("요청한 판매자는 확인됐지만, 이 상품은 그 판매자의 것이 아닙니다") == true)
        let identifier = try #require(korean.headers.first { $0.key.lowercased() == "identifier" }?.value)
        #expect(identifier.contains("어느 판매자의 요청인지 알려 줍니다") && !identifier.contains("판매자 id"), "\(identifier)")
    }

    /// The check finds what was on screen, so that it can fail.
    @Test func theCheckFindsTheParticlesThatWereOnScreen() {
        struct Said: Spoken {
            var english: String
            var korean: String
            var value: String
        }
        #expect(!KoreanStyle.problems(Said(english: "", korean: "이 요소은 JSON 객체가 아닙니다", value: "")).isEmpty)
        #expect(!KoreanStyle.problems(Said(english: "", korean: "#2은 이 기록에서", value: "")).isEmpty)
        #expect(!KoreanStyle.problems(Said(english: "", korean: "cat.om을 쓸 수 없습니다", value: "cat.om")).isEmpty)
        #expect(!KoreanStyle.problems(Said(english: "", korean: "'x'는 이름이 아닙니다", value: "x")).isEmpty)
        #expect(!KoreanStyle.problems(Said(english: "", korean: "따옴표로 감싸십시오", value: "")).isEmpty)
        #expect(KoreanStyle.problems(Said(english: "", korean: "#2 상품은 이 기록에서(입력: 'x')", value: "x")).isEmpty)
    }
}
