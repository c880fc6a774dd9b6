import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import TerminalText
import Testing

@testable import SellerShell

/// Issue 24: the shell speaks Korean when asked, from one catalog per language. Both catalogs
/// are exhaustive `switch`es (a message without its Korean does not compile); these tests read
/// what the compiler cannot: that the Korean is Korean, and keeps the English's facts.
@Suite("Korean and English messages")
struct MessageCatalogTests {
    /// One of every message, with values that show whether they are kept.
    static let samples: [Message] =
        Message.Heading.allCases.map { .heading($0) } + [
            .soldOut, .stockAndVerb(stock: "5 → 6", verb: .updated), .noProducts, .noProductsOnPage(page: 7),
            .pageSummary(page: 1, pages: 3, total: 45, next: 2), .pastTheEnd(page: 9, total: 45, pages: 3, perPage: 20),
            .severalDone(done: 2, total: 3, verb: .changed),
            .cannotReach(server: "http://127.0.0.1:9", reason: "connection refused"),
            .tryAgainOrConnect("127.0.0.1:9 did not answer within 30 s"), .cancelled, .notLoggedIn,
            .serverRefused(status: 403, reason: "Forbidden", message: "product 3: belongs to another vendor"),
            .timedOut(server: "127.0.0.1:9", after: "30 s"), .connectionLost(server: "127.0.0.1:9", reason: "reset"),
            .changedSinceRead(message: "etag \"4-2\""), .problemsNothingSent(count: 2), .refused401(message: "wrong secret"),
            .unknownCommand(word: "lsit", guesses: ["list"]), .usage("stock ID… +N | -N | =N [--yes]"),
            .noSuchCommand("bogus", guesses: []), .noSuchCommand("run", guesses: ["source"]),
            .setNoSuchSetting(given: "colour", settings: ["output", "lang"]),
            .setNoSuchSetting(given: nil, settings: ["output", "lang"]),
            .setValueNotOneOf(setting: "lang", given: "fr", values: ["en", "ko"]),
            .setValueNotOneOf(setting: "output", given: nil, values: ["table", "json"]), .helpCommandsHeading, .helpFooter,
            .helpUsage("help [COMMAND]"), .helpOptionsHeading,
            .helpAliases("?"), .helpExamplesHeading, .stepPrompt(index: 3, total: 11),
            .stepClosing(name: "01-methods.om", requests: 11, checks: 14, skipped: 0),
            .stepClosing(name: "01-methods.om", requests: 9, checks: 10, skipped: 2),
            .stepStopped(name: "01-methods.om", line: 34, sent: 5, skipped: 1, notReached: 6),
            .stepNeedsTerminal(file: "01-methods.om"), .noAnswer("timed out"), .byteCount(686), .dryRunMark,
            .exchangeHeading(number: 12),
            .sentBy("stock 3 +1"), .notebookTitle,
            .notebookInfo(server: "http://127.0.0.1:8080", written: "2026-11-26T10:00:00Z", count: 4),
            .notebookSentBy("`stock 3 +1`"), .notebookRequest, .notebookAnswer,
            .localMarketAt(url: "http://127.0.0.1:8080", vendor: "demo-shop"), .localMarketData("/tmp/market"),
            .localMarketStorefront("http://127.0.0.1:8080/"),
        ]
        + Message.Verb.allCases.map { .stockAndVerb(stock: "1", verb: $0) }
        + Message.WhoamiField.allCases.map { .whoamiField($0) } + [
            .vendorNotKnownYet, .vendorNotLoggedIn,
            .healthAnswers(server: "http://127.0.0.1:8080", answer: "OK", milliseconds: 3),
            .notAnHTTPURL("ftp://x"), .portOutOfRange("http://127.0.0.1:99999", port: 99999), .mayHaveBeenMade, .connectWhichURL,
            .connected("http://127.0.0.1:8080"),
            .switchedNotAnswering(url: "http://127.0.0.1:9", problem: "refused"),
            .switchedHealthFailed(url: "http://127.0.0.1:9", problem: "500"), .whichProfile(names: ["shop", "class"]),
            .profileNamesNoServer("shop"), .usingProfile(name: "shop", identifier: "0c1b5a9e", server: "http://127.0.0.1:8080"),
            .loggedOut, .noScreenToClear, .exitStatusRange("300"), .warning("the won has no minor unit"), .stockSayHow,
            .notAStockChange("x5"), .stockQuestion(change: "+1", count: 3, products: "#3, #4, #5"), .changedNothing,
            .stockChangesNothing(change: "+0"), .stockKeptChanging(seconds: 5), .stockRaced(now: 7, target: 6), .stockOverflow,
            .cannotRemove(inStock: 2, removing: 3), .deleteNeedsYes(id: 3, name: "Mug"), .deleteQuestion(id: 3, name: "Mug"),
            .kept(id: 3), .deleted(id: 3, name: "Mug"), .deleteSeveralNeedsYes(count: 3), .deleteAsksUnattended,
            .deleteSeveralQuestion(count: 3, products: "#3, #4, #5"), .keptAll(count: 3),
            .fieldRequired(field: "price=", rule: "a number greater than 0"), .registerCancelled,
            .registerGaveUp(attempts: 5),
            .noFileMatches("photos/*.jpg"), .noSuchFile("cup.jpg"), .noExchangesYet,
            .exchangesForgotten(oldest: 12, capacity: 500, budget: 32 * 1024 * 1024), .wroteHAR(count: 4, path: "class.har"),
            .wroteNotebook(count: 4, path: "notes.md"), .unexpectedWord("extra"), .unknownOption("--bogus"),
            .unknownOption("--mien", guesses: ["--mine"]),
            .programsOption("--json", instead: "set output json"),
            .needsValue("--per-page"), .takesNoValue("--yes", given: "no"), .unknownField("colour", known: "name, price"),
            .unknownField("prise", known: "name, price", guesses: ["price"]), .givenTwice("price"), .whichProduct,
            .productIDTooLarge("99999999999999999999"), .nameWantsDollar("last"), .nameWantsDollar("mug"),
            .notAProductID("12x"), .productIDStartsAtOne("0"), .productIDNotASCII("１２", ascii: "12"),
            .fieldWantsEquals("price"), .numberOutOfRange(name: "--jobs", low: 1, high: 32, got: "99"),
            .rawUnknownOption(method: "GET", option: "--bogus", known: ["--no-auth", "--offline"]),
            .rawPathFirst(method: "GET", got: "products"), .notARequestItem("price"), .requestItemGuide,
            .rawNeedsPath(method: "GET"), .rawNoBody(method: "GET", item: "price:=5"), .offlineNothingSent,
            .answerIs(request: "GET /api/products/9", status: 404, reason: "Not Found"), .rawNotLoggedIn(method: "PATCH"),
            .rawOtherServer("http://127.0.0.1:8080"), .testRan(requests: 11, seconds: "1.7"),
            .testSummary(passed: 4, failed: 1, seconds: "9.8"), .testTimeLimit(seconds: 60), .testInterrupted,
            .testSummaryInterrupted(passed: 2, failed: 1, notGraded: 3, seconds: "4.2"), .testNotGraded,
            .headerLineBreak("X-Note"),
            .patchNothingToChange(example: "patch 3 4 price=3000"), .cannotBeRead(id: 4),
            .patchQuestion(change: "price 3000", count: 2, products: "#3, #4"), .mixedCurrencies("KRW: #3; USD: #4"),
            .etagMoved(id: 3, etag: "\"3-2\""), .whichProfileToRemove, .profilesUsage("profiles bogus"),
            .removedProfile(name: "shop", folder: "/home/kim/.config/openmarket/profiles"), .profileUnreadable("shop"),
            .noSavedProfiles, .searchForWhat, .asTakes, .notAnExchangeNumber("x"), .wireOrAs,
            .cannotWriteAs(number: 3, form: "curl", reason: "it was sent in a dry run"), .noExchangeSendFirst,
            .exchangeForgotten(number: 2, capacity: 500, budget: 32 * 1024 * 1024, oldest: 9),
            .exchangeNotYet(number: 12, last: 9), .noChangeLog,
            .changesNeedLogin, .noChangesKept, .changeCount(count: 100, tally: "98 registered"),
            .undone(partly: true), .undone(partly: false), .earlierNotShown(5), .notAChangeNumber(word: "x", command: "undo"),
            .notLoggedInTo(server: "http://127.0.0.1:8080", profiles: ["shop"]), .editHeader(id: 12),
            .sendUnclashedFields(count: 2, fields: "price, stock"), .sendUnclashedFields(count: 1, fields: "price"),
            .askIdentifier, .giveIdentifier, .notAnIdentifier("kim"), .vendorNumber(3),
            .loggedInAs(who: "demo-shop (#1)", verdict: "checked with the server"), .savedAsProfile("shop"),
            .loginRefused("wrong secret"), .loginThrottled("too many"), .cannotVerifyLogin(answered: "500"),
            .cannotVerifyLogin(answered: nil), .checkedWithServer, .vendorIDUnknown(environment: "OPENMARKET_VENDOR_ID"),
            .profileExists(name: "shop", what: " (http://127.0.0.1:8080, demo-shop)"),
            .overwriteProfile(name: "shop", what: ""), .keptProfile("shop"), .noServer, .askSecret("0c1b5a9e"),
            .noSecretGiven, .nothingToReverseNoLog(undo: true), .reverseNeedsLogin,
            .reverseDryRun(undo: true, number: 3, label: "stock 4 +3"), .dryRunNothingSent, .reverseCancelled(undo: false),
            .nothingKept(undo: true), .everythingUndone, .nothingUndone, .noSuchChange(9),
            .partOfBatch(undo: true, number: 12, unit: 11, count: 3, label: "import x"),
            .partOfBatch(undo: false, number: 12, unit: 11, count: 3, label: "import x"),
            .partOfBatchAlready(undo: true, number: 12, unit: 11, count: 3, label: "import x"),
            .partOfBatchAlready(undo: false, number: 12, unit: 11, count: 3, label: "import x"), .undoneAlready(3), .notUndone(3),
            .reverseDeletesNeedYes(undo: true, number: 3, deletes: 2), .typeCountToReverse(undo: true, count: 100),
            .reverseOneQuestion(undo: true, number: 7, plan: "#3 Mug: price ₩3,200 → ₩3,500"),
            .reverseOneQuestion(undo: false, number: 7, plan: "delete #3 Mug"),
            .backAs(name: "Mug", new: 5, old: 4), .reversed(undo: true, number: 3, what: "#4 Mug: stock 8 → 5"),
            .reversedSome(undo: false, number: 3, label: "import cat.csv, 100 changes", done: 98, total: 100),
            .stockCount(5), .photoOf(index: 1, total: 3), .photosDrawnForFirst(drawn: 8, total: 12),
            .photosOutOfTime(missing: 32, seconds: 8), .photosAreOff,
            .openedInBrowser, .noStorefront("http://127.0.0.1:9"),
            .vendorIDNeeded(what: "list --mine", environment: "OPENMARKET_VENDOR_ID", otherwise: "--all"),
            .notAVendorID(source: "--vendor-id", got: "kim"), .theVendorID, .askVendorID, .askVendorIDAgain("bad"),
            .goingOnWithoutVendorID("bad"),
            .usingSavedProfile(name: "shop", identifier: "0c1b5a9e"),
            .loggedOutOtherServer("http://127.0.0.1:8080"), .loggedInAgain(vendor: "demo-shop", server: "http://127.0.0.1:8080"),
            .editorDidNotStart(editor: "vi", reason: "No such file or directory"),
            .editorLost(editor: "vi"),
            .editorNotFound(editor: "no-such-editor"),
            .editorExited(editor: "false", status: 1),
            .editorSignalled(editor: "vi", signal: 9),
            .editorFailedNothingSent("the editor 'false' exited with status 1"),
            .editNeedsTerminal(id: 3), .editNeedsTerminalUnattended,
            .editStillUnreadable(problem: "line 4: price: 'abc' is not a number"),
            .editTemporaryFile(folder: "/tmp/"),
            .editCannotWrite(path: "/tmp/e.txt", reason: "disk full"),
            .editorLeftNoFile(path: "/tmp/e.txt"),
            .editNotUTF8,
            .editConflict(id: 3, path: "/tmp/e.txt"),
            .editClash(field: "price", yours: "3000", theirs: "3500"),
            .editAllClashed(id: 3, path: "/tmp/e.txt"),
            .editNothingSent(path: "/tmp/e.txt"),
            .editSent(fields: "price", left: "stock", path: "/tmp/e.txt"),
            .editSent(fields: "price", left: nil, path: "/tmp/e.txt"),
            .editChangedAgain(id: 3, path: "/tmp/e.txt"),
            .noCommand,
            .itemProblem(item: "images@x.jpg", problem: "x.jpg: no such file"),
            .paramsIsWholePart(item: "params=x"),
            .secretIsInsideParams(item: "params=@secret"),
            .sessionHasNoSecret(item: "secret=@secret"),
            .notJSONAfterColonEquals(item: "price:=abc"),
            .itemNotUTF8(item: "description=@d.txt", path: "d.txt"),
            .asNamesOneProduct,
            .lastTakesACount(got: "0"),
            .takesAFileToWrite(flag: "--har"),
            .lowStockTakes(got: "x"),
            .currencyTakes(got: "EUR"),
            .csvNotWritten(reason: "a cell too long"),
            .jsonNotWritten(reason: "invalid number"), .jsonNotWritten(reason: nil),
            .sortTakes(keys: "price, stock, name, id", got: "colour"),
            .notYours(id: 3, name: "Mug", owner: "tumbler-shop #2", consequence: "nothing was deleted"),
            .severalNotYours(products: "#3 Mug, #4 Cup", count: 2),
            .nothingDeleted,
            .editorNotOpened,
            .editLeftUnchanged(id: 3),
            .unterminatedQuote("'"),
            .danglingEscape,
            .nulCharacter,
            .invalidBytes("\\xE9"),
            .unclosedReference,
            .emptyReference,
            .unknownListField(field: "colour", known: "id, name, price"),
            .stockAtMost(5),
            .sortedBy("-price"),
            .wonHasNoMinorUnit(field: "price", amount: "₩3,500.5", sent: false),
            .wonHasNoMinorUnit(field: "price", amount: "₩3,500.5", sent: true),
            .undoWithoutPhotos(problem: "photo 2 could not be read"),
            .oneStdinPart(tool: "curl"),
            .bodyWasCut(total: 3000000, kept: 65536),
            .bodyIsBinary(bytes: 2048),
            .partFromNoFile(number: 2, name: "mug.jpg"), .partFromNoFile(number: 2, name: nil),
            .conditionalIfMatch(tag: "\"3-2\""),
            .conditionalIfNoneMatch(tag: "\"3-2\""),
            .shrunkPhoto(path: "mug.jpg", from: "3,100,000", to: "290,000"),
            .requestHasNoHost,
            .httpsNotRaw,
            .rawExportHeading(number: 12),
            .secretStaysMasked(home: "http://127.0.0.1:8080", server: "http://127.0.0.1:9090"),
            .secretStaysMasked(home: nil, server: "http://127.0.0.1:9090"),
            .transportCannotConnect("connection refused"),
            .transportTimedOut,
            .transportConnectionLost("reset by peer"),
            .transportNotHTTP("bad status line"),
            .transportNotSent("header line break"),
            .waitingForAnswer,
            .bodyCut(total: "3,000,000", kept: "65,536"),
            .bytesOf(count: "23,144", type: "image/jpeg"), .bytesOf(count: "23,144", type: nil),
            .photoNotDrawn(label: "#3", why: "timed out"),
            .photoTooSlow(address: "http://127.0.0.1:8080/images/3.jpg", seconds: 8),
            .photoCannotBeDrawn(style: "sixel"),
            .notModifiedToPlainRequest,
            .documentLine(line: 4, problem: "price: 'abc' is not a number"),
            .eitherOf(["KRW", "USD"]),
            .documentNoImages,
            .documentImageIDs("11, 12"),
            .documentDescriptionBelow,
            .documentDescriptionIndented,
            .documentGivenTwice(field: "price"),
            .documentExpectedField(known: "name, price"),
            .clearTakesNothing,
            .exitTakesAStatus,
            .searchTakesOneText,
            .secretNeverTyped,
        ]
        + Message.ChangeColumn.allCases.map { .changeColumn($0) }
        + Message.ChangeTally.allCases.map { .changeTally(count: 2, kind: $0) }
        + Message.ProfileColumn.allCases.map { .profileColumn($0) }

    /// Messages that are the API's own words in both languages, or only the facts they join
    /// (`item: problem`, the problem in the reader's language already).
    static let keptAsIs: [Message] = [
        .whoamiField(.identifier), .profileColumn(.identifier),
        .itemProblem(item: "images@x.jpg", problem: "x.jpg: no such file"),
    ]

    /// A message's case name: `stepPrompt` for `.stepPrompt(index: 3, total: 11)`.
    static func caseName(_ message: some Sendable) -> String {
        String(String(describing: message).prefix { $0 != "(" })
    }

    /// The cases `file` (under Sources/SellerShell/Language/) declares, read from the source: what
    /// the samples must cover.
    static func declaredCases(in file: String = "Message.swift") throws -> Set<String> {
        let source = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/SellerShell/Language/\(file)"), encoding: .utf8)
        var names: Set<String> = []
        for line in source.split(separator: "\n") where line.hasPrefix("    case ") {
            let name = line.dropFirst(9).prefix { $0.isLetter || $0.isNumber }
            names.insert(String(name))
        }
        return names
    }

    /// One of every refusal of an untrusted script.
    static let accessSamples: [AccessMessage] = [
        .readOutside("/etc/passwd"), .readOutside("/tmp/hw/notes.txt", resolved: "/etc/hostname"),
        .writeOutside("/tmp/out.csv"), .forceUntrusted, .forceInScript,
        .agentReadOutside("/etc/passwd"), .agentReadsNoFiles("x.jpg"), .agentWriteOutside("/tmp/out.csv"),
        .agentOtherMarket("http://10.0.0.5:8080"),
        .otherMarket("http://10.0.0.5:8080"), .profiles, .environment("HOME"), .photoOutsideCatalog("../secret.jpg"),
        .globTooWide(pattern: "/*/*.jpg", limit: 20000), .startsProgram("edit"), .scratchFolder("/tmp/run-1"),
        .environmentCredentialsUnused("OPENMARKET_SECRET"),
        .environmentCredentialsElsewhere(
            "OPENMARKET_SECRET", home: "http://127.0.0.1:8080", server: "http://127.0.0.1:9090"),
    ]

    @Test func theAccessSamplesCoverEveryRefusalDeclared() throws {
        #expect(Set(Self.accessSamples.map(Self.caseName)) == (try Self.declaredCases(in: "AccessMessage.swift")))
    }

    /// Issue 40: the refusals read as Korean (no `을(를)` left for a value the shell fills in), and
    /// keep the English's facts.
    @Test(arguments: accessSamples)
    func everyRefusalIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: AccessMessage) {
        let (english, korean) = (message.text(in: .en), message.text(in: .ko))
        #expect(korean.unicodeScalars.contains { Self.isHangul($0) }, "not Korean: \(korean)")
        #expect(!korean.contains("(를)") && !korean.contains("(가)"), "\(korean)")
        // It asks in -세요 as the rest of the shell does, right after register's 다시 입력하세요.
        #expect(KoreanStyle.problems(message) == [])
        for fact in Self.facts(english) {
            #expect(korean.contains(fact), "\(fact) is lost in \(korean) (from \(english))")
        }
        let englishWords = Set(Self.latinWords(english))
        for word in Self.latinWords(korean) where word.uppercased() != word {
            #expect(englishWords.contains(word), "'\(word)' is English in \(korean) (from \(english))")
        }
    }

    @Test func theSamplesCoverEveryMessageDeclared() throws {
        let declared = try Self.declaredCases()
        #expect(declared.count > 40, "\(declared)")
        #expect(Set(Self.samples.map(Self.caseName)) == declared)
    }

    @Test(arguments: samples)
    func everyMessageIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: Message) {
        let english = message.text(in: .en)
        let korean = message.text(in: .ko)
        #expect(!english.isEmpty && !korean.isEmpty)
        #expect(!english.unicodeScalars.contains { Self.isHangul($0) }, "English with Hangul: \(english)")
        // The API's own words stay as they are (`identifier`, as the contract names it); every
        // other message is Korean.
        if !Self.keptAsIs.contains(message) {
            #expect(korean.unicodeScalars.contains { Self.isHangul($0) }, "not Korean: \(korean)")
        }
        // No particle right after a number the shell fills in: `#3을` and `#12을` need different
        // particles (`를`, `을`), so a sentence says `#3 상품을`, `3번`, `3개`.
        #expect(
            korean.range(of: #"[0-9]['"]?(을|를|은|는|이|가|로|과|와)(\s|$|[.,)])"#, options: .regularExpression) == nil,
            "a particle after a number: \(korean)")
        // Nor after a value it fills in or a syllable it does not fit, and it asks in -세요.
        #expect(KoreanStyle.problems(message) == [])
        // Latin letters in the Korean are what is typed or named as it is (commands, flags,
        // field names, formats, the values a sample fills in): each such word is in the English.
        let englishWords = Set(Self.latinWords(english))
        for word in Self.latinWords(korean) where word.uppercased() != word {
            let named = englishWords.contains(word) || englishWords.contains(word + "s") || Self.apiWords.contains(word)
            #expect(named, "'\(word)' is English in \(korean) (from \(english))")
        }
        // Every number, quoted word and URL of the English is in the Korean too.
        for fact in Self.facts(english) {
            #expect(korean.contains(fact), "\(fact) is lost in \(korean) (from \(english))")
        }
    }

    /// What a translation must keep: numbers, 'quoted' words, `code` and URLs.
    static func facts(_ text: String) -> [String] {
        var found: [String] = []
        for pattern in [#"[0-9]+"#, #"(?<![A-Za-z])'[^']+'"#, #"`[^`]+`"#, #"https?://[^\s);]*[^\s).,:;]"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                found.append(String(text[Range(match.range, in: text)!]))
            }
        }
        // A command written with placeholders (`'login --save NAME'`) is said with Korean ones
        // (`'login --save 이름'`): what stays is the command, not the placeholder's word.
        return found.filter { $0.range(of: #"[A-Z]{4,}"#, options: .regularExpression) == nil }
    }

    /// The API's own words, which the Korean names as they are where the English says them
    /// another way (`identifier(판매자 id)`).
    static let apiWords: Set<String> = ["id", "secret", "identifier"]

    /// The words of Latin letters in `text`: `list`, `--mine`'s `mine`, `multipart`.
    static func latinWords(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"[A-Za-z][A-Za-z0-9]*"#)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || (0x3131...0x318E).contains(scalar.value)
    }

    /// In Korean a change is counted in 건, as `changes` counts it everywhere (a batch's line, a
    /// change's own, import's question), not in 개, the counter of things (it was `변경 3개`, and
    /// undo's question, its batch and its tally counted in 개).
    @Test func koreanCountsChangesIn건() {
        #expect(Message.changeCount(count: 3, tally: "수정 3").korean == "변경 3건 (수정 3)")
        #expect(Message.earlierNotShown(5).korean.contains("5건"))
        #expect(ChangesMessage.batch(label: "import a.csv", count: 3).korean.hasSuffix("변경 3건"))
        #expect(Message.typeCountToReverse(undo: true, count: 3).korean.hasPrefix("변경 3건을 되돌리려면"))
        #expect(Message.reversedSome(undo: true, number: 2, label: "x", done: 2, total: 3).korean.hasSuffix("3건 중 2건"))
        for message in [
            Message.partOfBatch(undo: true, number: 3, unit: 2, count: 4, label: "x"),
            .partOfBatchAlready(undo: false, number: 3, unit: 2, count: 4, label: "x"),
        ] {
            #expect(message.korean.contains("변경 4건 가운데"), "\(message.korean)")
        }
    }

    /// One change is one (it was `1 changes (1 edited)`).
    @Test func oneChangeIsSaidInTheSingular() {
        #expect(Message.changeCount(count: 1, tally: "1 edited").english == "1 change (1 edited)")
        #expect(Message.changeCount(count: 2, tally: "2 edited").english == "2 changes (2 edited)")
        // `undo`'s question as `import`'s is asked (it was `type 1 to undo these 1 change`).
        #expect(
            Message.typeCountToReverse(undo: true, count: 1).english == "type 1 to undo this change (anything else cancels): ")
        #expect(
            Message.typeCountToReverse(undo: false, count: 3).english
                == "type 3 to redo these 3 changes (anything else cancels): ")
    }

    @Test func aTaskSpeaksTheLanguageItWasGivenAndEnglishByDefault() async {
        #expect(Message.soldOut.text == "sold out")
        await Language.$current.withValue(.ko) {
            #expect(Message.soldOut.text == "품절")
            // Child tasks speak it too.
            let inChild = await Task { Message.soldOut.text }.value
            #expect(inChild == "품절")
        }
    }

    @Test func theLocaleAndTheNamesPeopleTypeChooseTheLanguage() {
        #expect(Language.from(environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
        #expect(Language.from(environment: ["LANG": "fr_FR.UTF-8"]) == .en, "English is the fallback")
        #expect(Language.from(environment: ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]) == .en, "LC_ALL wins")
        let variables = ["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "C"]
        #expect(Language.from { variables[$0] } == .ko, "an empty LC_ALL is unset; LC_MESSAGES before LANG")
        #expect(Language(choice: "한국어") == .ko)
        #expect(Language(choice: "KO") == .ko)
        #expect(Language(choice: "ja") == nil)
    }

    /// The product table, a one-line summary and a detail view in Korean: headings, the verb,
    /// sold out; the values' column stays aligned although Korean labels are two columns a letter.
    @Test func productsAreDrawnInKorean() throws {
        var product = try OutputTests.product()
        product.stock = 0
        try Language.$current.withValue(.ko) {
            let table = ProductRendering.table([product])
            #expect(table.hasPrefix("번호  상품명"), "\(table)")
            #expect(table.contains("품절"), "\(table)")
            let line = ProductRendering.summary(product, verb: .registered)
            #expect(line.hasSuffix("· 재고 0 (품절) · 등록 완료"), "\(line)")
            let detail = ProductRendering.detail(product, timeZone: TimeZone(identifier: "UTC")!)
            let lines = detail.split(separator: "\n").map(String.init)
            let price = try #require(lines.first { $0.hasPrefix("  가격") }, "\(detail)")
            let description = try #require(lines.first { $0.hasPrefix("  설명") }, "\(detail)")
            #expect(TerminalText.width(String(price.prefix { $0 != "₩" })) == 15, "\(detail)")
            #expect(TerminalText.width(String(description.prefix { $0 != "하" })) == 15, "\(detail)")
        }
        #expect(ProductRendering.table([product]).hasPrefix("id"), "English outside the Korean task")
    }

    /// After `set lang ko`, what is wrong with a line is said in Korean too: a usage error and an
    /// unknown command are found before the command runs, and were said in English.
    @Test func setLangSwitchesWhatIsWrongWithALine() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("set lang ko") == .ok)
            #expect(await f.run("list abc") == .usage)
            #expect(f.console.notes.contains("쪽은 1 이상의 정수여야 합니다(입력: 'abc')"), "\(f.console.notes)")
            #expect(f.console.notes.contains("사용법: "), "\(f.console.notes)")
            #expect(await f.run("lsit") == .usage)
            #expect(f.console.notes.contains("알 수 없는 명령입니다: 'lsit'"), "\(f.console.notes)")
        }
    }

    /// A command speaks its context's language (`SessionSettings.language`), not whatever the
    /// task it is performed from speaks: the run's language until `set lang`, then that one.
    @Test func aCommandSpeaksItsContextsLanguage() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await f.register(name: "문맥의 언어 머그")
            let list = try CommandRegistry.shell.parse(WordSplitter.split("list"))
            let english = Language.$current.withValue(.en) { f.shell.context() }
            #expect(english.settings.language == .en)
            var korean = english
            korean.settings.language = .ko
            // Performed from an English task, in a context that speaks Korean.
            let report = await Language.$current.withValue(.en) {
                await f.shell.perform(Invocation(list, text: "list"), in: korean)
            }
            #expect(report.status == .ok)
            #expect(f.console.out.contains("번호  상품명"), "\(f.console.out)")
            #expect(await f.run("set lang ko") == .ok)
            let afterSetLang = Language.$current.withValue(.en) { f.shell.context() }
            #expect(afterSetLang.settings.language == .ko, "set lang outranks the run's language")
        }
    }

    /// `set lang ko` switches the session's later commands to Korean, and `set lang en` back.
    @Test func setLangSwitchesTheSessionsLaterCommands() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            _ = try await f.register(name: "언어 바꾸기 머그", extra: "stock=0")
            #expect(await f.run("set lang ko") == .ok)
            #expect(await f.run("list") == .ok)
            #expect(f.console.out.contains("번호  상품명"), "\(f.console.out)")
            #expect(f.console.notes.contains("1/1쪽"), "\(f.console.notes)")
            #expect(await f.run("set lang en") == .ok)
            #expect(await f.run("list") == .ok)
            #expect(f.console.out.contains("id  name"), "\(f.console.out)")
            #expect(await f.run("set lang fr") == .usage)
        }
    }

    /// A value `set` does not take is named, with the values it does take, in the reader's
    /// language (it was one English line listing every setting's values).
    @Test func setSaysWhichValueIsWrong() async throws {
        try await ShellFixture.with { (f: ShellFixture) async throws in
            #expect(await f.run("set output bogus") == .usage)
            #expect(
                f.console.notes.contains("set: output takes one of table, json, jsonl, csv, ids, count, not 'bogus'"),
                "\(f.console.notes)")
            #expect(await f.run("set lang ko") == .ok)
            #expect(await f.run("set lang fr") == .usage)
            #expect(f.console.notes.contains("set: lang 값은 en, ko 중 하나여야 합니다(입력: 'fr')"), "\(f.console.notes)")
        }
    }
}
