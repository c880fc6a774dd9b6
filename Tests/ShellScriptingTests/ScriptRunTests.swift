import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import Testing

@testable import OpenMarketServer
@testable import ShellScripting

@Suite("Running scripts against the bundled market")
struct ScriptRunTests {
    static let describe = "description='A product made by the script tests'"

    /// A script's line takes the session's settings as the line before left them, and its
    /// output is rendered as they are after its own command: they are read from the session's
    /// snapshot where the line runs, not on the actor.
    /// `vars` takes nothing: a word after it is a usage error that does not repeat the word (it
    /// could be a secret typed in the wrong place), not silently ignored.
    @Test func varsWithAWordAfterItIsAUsageError() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.execute("vars hunter2secret").status == .usage)
            #expect(console.notes.contains("vars takes no arguments"), "\(console.notes)")
            #expect(!console.notes.contains("hunter2secret"), "\(console.notes)")
            #expect(await session.execute("vars").status == .ok)
        }
    }

    /// A typed line (`-c`, the prompt) and the program's arguments are read in the language the
    /// session speaks: after `set lang ko`, a usage error and an unknown command are Korean too.
    @Test func aTypedLineIsReadInTheLanguageTheSessionSpeaks() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.execute("set lang ko").status == .ok)
            #expect(await session.execute("list abc").status == .usage)
            #expect(console.notes.contains("쪽은 1 이상의 정수여야 합니다(입력: 'abc')"), "\(console.notes)")
            #expect(await session.execute(arguments: ["lsit"]).status == .usage)
            #expect(console.notes.contains("알 수 없는 명령입니다: 'lsit'"), "\(console.notes)")
        }
    }

    /// After a script's `set lang ko`, a later line read only when it runs (its words come from
    /// an answer) says what is wrong with it in Korean, as its command would.
    @Test func aScriptLineAfterSetLangIsReadInThatLanguage() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("lang.om", "set lang ko\nGET /healthChecker\nlist ${response.body}\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .usage, "\(console.notes)")
            #expect(console.notes.contains("쪽은 1 이상의 정수여야 합니다(입력: 'OK')"), "\(console.notes)")
        }
    }

    /// `run FILE` typed at the prompt is the program's command: the shell points at `source`.
    @Test func runAtThePromptPointsAtSource() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let console = RecordingConsole()
            #expect(await f.session(console).execute("run lesson.om").status == .usage)
            #expect(console.notes.contains("unknown command 'run'; did you mean 'source'?"), "\(console.notes)")
            // `help run` too (it said only "no command 'run'"), and a typo's guess.
            let help = RecordingConsole()
            #expect(await f.session(help).execute("help run").status == .usage)
            #expect(help.notes.contains("help: no command 'run'; did you mean 'source'?"), "\(help.notes)")
            let typo = RecordingConsole()
            #expect(await f.session(typo).execute("help lsit").status == .usage)
            #expect(typo.notes.contains("help: no command 'lsit'; did you mean 'list'?"), "\(typo.notes)")
        }
    }

    @Test func aLineSeesTheSettingsTheLineBeforeLeft() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("settings.om", "health\nset output json\nhealth\nset output table\nhealth\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .ok, "\(console.notes)")
            let shown = console.outputs
            #expect(shown.count == 3, "\(shown)")
            // Text, then the document as sent, then text again.
            #expect(shown.count == 3 && shown[0].contains(" answers ") && shown[1] == "\"OK\"" && shown[2].contains(" answers "))
        }
    }

    @Test func variablesBindingsAndExpectations() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "catalog.om",
                """
                #!/usr/bin/env openmarket
                set base 3500
                register name="우유병 텀블러" \(Self.describe) \\
                    price=$base currency=KRW discount=${cut} stock=5 image=coffee-small.jpg as mug
                expect ${mug.stock} == 5
                expect ${last.bargain_price} == 3400
                expect "${mug.name}" == "우유병 텀블러"
                expect ${mug.vendors.name} == ${env.SHOP}
                stock $mug +3
                expect ${last.stock} == 8
                patch $mug price=19.99 currency=USD discount=0 as mug
                expect ${mug.price} == 19.99
                """)
            let console = RecordingConsole()
            let session = ScriptSession(
                configuration: ShellConfiguration(
                    serverURL: f.market.baseURL, credentials: f.market.demoCredentials, timeout: .seconds(600)),
                console: console, variables: ["cut": "100"], environment: ["SHOP": "demo-shop"])
            let status = await session.runScript(path: path)
            #expect(status == .ok, "\(console.notes)")
            let products = try await f.allProducts()
            #expect(products.count == 1)
            #expect(products.first?.price == Decimal(string: "19.99"))
            #expect(products.first?.stock == 8)
            #expect(!f.journal(path).contains(f.secret))
            #expect(f.journal(path).contains(#""state":"finished""#))
        }
    }

    /// Each way a line can be wrong stops the run at that line, with `FILE:LINE:` and the
    /// status of the shell's table, before anything after it is sent; a line that cannot run
    /// whatever its variables hold (`checked`) is found before the first line is sent.
    @Test func everyErrorPathNamesFileLineAndStatus() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let register = "register name=Good \(Self.describe) price=10 currency=KRW image=coffee-small.jpg"
            let cases: [(String, CommandStatus, String, checked: Bool)] = [
                ("patch $mug price=3", .usage, "patch: undefined variable 'mug'", true),
                ("show ${first.colour}", .usage, "show: product 'first' has no field 'colour'", false),
                ("set n 3\nexpect $n > 5", .failed, "expect: 3 > 5 does not hold", false),
                (
                    "register name=Nope \(Self.describe) price=1 currency=KRW image=no-such-photo.jpg", .usage,
                    "register: image 1 (no-such-photo.jpg): no such file", true
                ),
                ("register name='Nope \(Self.describe)", .usage, "register: unterminated", true),
                ("frobnicate 12", .usage, "unknown command 'frobnicate'", true),
                ("list as everything", .usage, "list: 'as everything' names a product", true),
                ("list $first --bogus", .usage, "list: unknown option --bogus", true),
                ("stock $first sideways", .usage, "is not +N, -N or =N", true),
                ("show 99999", .failed, "show 99999: the server refused (404)", false),
            ]
            for (index, (line, status, message, checked)) in cases.enumerated() {
                let console = RecordingConsole()
                let path = try f.script(
                    "bad\(index).om",
                    "\(register) as first\n# a comment\n\n\(line)\nregister name=Never \(Self.describe) price=1 currency=KRW image=coffee-small.jpg\n"
                )
                let result = await f.session(console).runScript(path: path)
                #expect(result == status, "\(line): \(console.notes)")
                let failingLine = line.contains("\n") ? 5 : 4
                let reported = console.notes.split(separator: "\n").first { $0.hasPrefix("\(path):\(failingLine): ") }
                #expect(reported?.contains(message) == true, "\(line): \(console.notes)")
                #expect(console.notes.contains("cannot run; nothing was sent") == checked, "\(line): \(console.notes)")
            }
            let names = try await f.allProducts().map(\.name)
            #expect(names.count == cases.filter { !$0.checked }.count, "a script with a line that cannot run sent its first")
            #expect(!names.contains("Never") && !names.contains("Nope"))
        }
    }

    /// Nothing after an `exit` runs, so nothing after it is checked: a script whose tail is
    /// notes in no command language still runs, up to its `exit`, whether the `exit` was parsed
    /// by the check (no variables) or is left to its run (`exit $code`).
    @Test func linesAfterAnExitAreNotChecked() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            for exit in ["exit 3", "set code 3\nexit $code"] {
                let console = RecordingConsole()
                let path = try f.script("exits.om", "\(exit)\nthese are notes, not commands\nfrobnicate 12\n")
                let result = await f.session(console).runScript(path: path)
                #expect(!console.notes.contains("cannot run"), "\(exit): \(console.notes)")
                #expect(result != .usage, "\(exit): \(console.notes)")
            }
        }
    }

    @Test func continueOnErrorRunsEveryLineAndSummarises() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "mixed.om",
                """
                register name=One \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as one
                show ${one.colour}
                register name=Two \(Self.describe) price=10 currency=KRW image=coffee-small.jpg
                expect 1 == 2
                """)
            let console = RecordingConsole()
            let status = await f.session(console).runScript(path: path, options: ScriptOptions(continueOnError: true))
            #expect(status == .usage)
            #expect(console.notes.contains("2 of 4 lines failed: \(path):2, \(path):4"))
            #expect(try await f.allProducts().count == 2)
        }
    }

    @Test func dryRunSendsNothingAndShowsWhatWouldBeSent() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "dry.om",
                """
                register name=Mug \(Self.describe) price=10 currency=KRW stock=2 image=coffee-small.jpg as mug
                patch $mug price=12
                stock $mug -1
                expect ${mug.price} == 999
                delete $mug --yes
                """)
            let counter = SpyTransport()
            let console = RecordingConsole()
            let session = f.session(console, dryRun: true, transport: counter)
            let status = await session.runScript(path: path)
            #expect(status == .ok, "\(console.notes)")
            #expect(counter.requests.isEmpty)
            // The log keeps the dry run's exchanges, each marked as not sent.
            let logged = session.shell.exchanges.exchanges
            #expect(!logged.isEmpty && logged.allSatisfy(\.dryRun))
            #expect(logged.allSatisfy { ExchangeRendering.summary($0).hasSuffix("(dry run: not sent, the answer made up)") })
            #expect(try await f.allProducts().isEmpty)
            #expect(console.out.contains("→ POST \(f.market.baseURL.absoluteString)/api/products"))
            #expect(console.out.contains("→ PATCH \(f.market.baseURL.absoluteString)/api/products/<id of mug>"))
            #expect(console.out.contains("/api/products/<id of mug>/archived"))
            #expect(console.out.contains("••••••") && !console.out.contains(f.secret))
            #expect(console.notes.contains("5 lines checked, 6 requests would be sent"))
            #expect(!FileManager.default.fileExists(atPath: path + ".journal"))

            // Local checks still run: a missing photo is reported with its line, by the check
            // of the whole script.
            try f.script("dry.om", "register name=Mug \(Self.describe) price=10 currency=KRW image=gone.jpg\n")
            let second = RecordingConsole()
            #expect(await f.session(second, dryRun: true, transport: counter).runScript(path: path) == .usage)
            #expect(second.notes.contains("\(path):1: register: image 1 (gone.jpg): no such file"))
            #expect(counter.requests.isEmpty)
        }
    }

    /// A dry run heads each command that would reach the market with its line; a variable is
    /// the script's own business and gets no heading.
    @Test func dryRunHeadsCommandsButNotVariables() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("heads.om", "set price 12\npatch 7 price=$price\n")
            let console = RecordingConsole()
            let status = await f.session(console, dryRun: true).runScript(path: path)
            #expect(status == .ok, "\(console.notes)")
            #expect(console.out.contains("# \(path):2: patch 7 price=$price"), "\(console.out)")
            #expect(!console.out.contains("# \(path):1:"), "\(console.out)")
        }
    }

    /// A script that reads `last` keeps it in its journal after a `source` of a script that
    /// does not: the sourced file's reading must not become the sourcing one's.
    @Test func lastSurvivesASourceForResume() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            try f.script("child.om", "set y 2\n")
            func text(_ third: String) -> String {
                "source child.om\nregister name=First \(Self.describe) price=10 currency=KRW image=coffee-small.jpg\n\(third)\n"
            }
            let path = try f.script("parent.om", text("expect ${last.name} == Wrong"))
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .failed, "\(console.notes)")
            try f.script("parent.om", text("expect ${last.name} == First"))
            let resumed = RecordingConsole()
            let status = await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true))
            #expect(status == .ok, "\(resumed.notes)")
        }
    }

    /// A raw request skipped by a resume leaves `${response…}` as its answer was, not unset.
    @Test func aRawRequestsAnswerIsRestoredWhenAResumeSkipsIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            func text(_ third: String) -> String {
                """
                register name=First \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as first
                GET /api/products/$first
                \(third)
                expect ${response.body.name} == First
                expect $response == 200
                """
            }
            let path = try f.script("response.om", text("show 999999999"))
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .failed, "\(console.notes)")
            #expect(f.journal(path).contains(#""response":"#))

            try f.script("response.om", text("show $first"))
            let sent = Watched<[HTTPRequestData]>([])
            let spy = SpyTransport { request, timeout in
                sent.change { $0.append(request) }
                return try await SpyTransport.market(request, timeout)
            }
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed, transport: spy).runScript(path: path, options: ScriptOptions(resume: true)) == .ok,
                "\(resumed.notes)")
            // Only `show $first` is sent: the create and the raw request were done before.
            #expect(sent.value.map(\.method) == [.get], "\(sent.value.map(\.url))")
            #expect(!f.journal(path).contains(f.secret))
        }
    }

    /// An answer too large for the journal is not kept; a resume says so, and `${response…}` is
    /// then unset rather than an older request's answer.
    @Test func aRawAnswerTooLargeForTheJournalIsSaidAndLeavesResponseUnset() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let large = Data(("\"" + String(repeating: "x", count: JournalEntry.responseLimit) + "\"").utf8)
            let spy = SpyTransport { request, timeout in
                if request.url.path == "/large" { return HTTPResponseData(status: 200, body: large) }
                return try await SpyTransport.market(request, timeout)
            }
            func text(_ third: String) -> String {
                "GET /api/products?items_per_page=1\nGET /large\n\(third)\nexpect $response == 200\n"
            }
            let path = try f.script("large.om", text("show 999999999"))
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .failed, "\(console.notes)")
            #expect(f.journal(path).contains(#""responseBytesNotKept":\#(large.count)"#))

            try f.script("large.om", text("set fixed yes"))
            let resumed = RecordingConsole()
            let status = await f.session(resumed, transport: spy).runScript(path: path, options: ScriptOptions(resume: true))
            #expect(status != .ok)
            #expect(
                resumed.notes.contains(
                    "\(path):2: its answer (\(large.count) bytes) was too large to keep in the journal; ${response…} is unset until the next raw request"
                ), "\(resumed.notes)")
            #expect(resumed.notes.contains("undefined variable 'response'"), "\(resumed.notes)")
        }
    }

    @Test func resumeAfterAFixSkipsDoneLinesAndRestoresBindings() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            func text(_ third: String) -> String {
                """
                set price 10
                register name=First \(Self.describe) price=$price currency=KRW image=coffee-small.jpg as first
                \(third)
                register name=Second \(Self.describe) price=20 currency=KRW image=coffee-small.jpg as second
                patch $first price=${second.price}
                """
            }
            let path = try f.script("resume.om", text("patch $first stock=${first.colour}"))
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .usage)
            #expect(console.notes.contains("\(path):3: patch: product 'first' has no field 'colour'"), "\(console.notes)")

            // Without --resume, the unfinished run is not started again from the top.
            let again = RecordingConsole()
            #expect(await f.session(again).runScript(path: path) == .usage)
            #expect(again.notes.contains("--resume"))

            // An edit above the resume point is refused.
            try f.script("resume.om", text("patch $first stock=4").replacingOccurrences(of: "set price 10", with: "set price 11"))
            let edited = RecordingConsole()
            #expect(await f.session(edited).runScript(path: path, options: ScriptOptions(resume: true)) == .usage)
            #expect(edited.notes.contains("\(path):1: the script changed above the resume point"))

            // A command where a comment was is new above the resume point: refused too.
            try f.script("resume.om", "# a comment\n" + text("patch $first stock=4"))
            try f.script("resume.om", "show 1\n" + text("patch $first stock=4"))
            let inserted = RecordingConsole()
            #expect(await f.session(inserted).runScript(path: path, options: ScriptOptions(resume: true)) == .usage)

            // Fixing the failed line itself is what resuming is for.
            try f.script("resume.om", text("patch $first stock=4"))
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            let products = try await f.allProducts()
            #expect(products.map(\.name).sorted() == ["First", "Second"])
            let first = try #require(products.first { $0.name == "First" })
            #expect(first.stock == 4)
            #expect(first.price == 20)
            #expect(resumed.notes.contains("2 lines already done"))
            #expect(!f.journal(path).contains(f.secret))

            let finished = RecordingConsole()
            #expect(await f.session(finished).runScript(path: path, options: ScriptOptions(resume: true)) == .ok)
            #expect(finished.notes.contains("nothing to resume"))
        }
    }

    /// The answer to a create never reached the journal (the run was killed after the server
    /// answered): on resume the product is found by vendor, name and time, not made again.
    @Test func aCreateWithAnUnknownOutcomeIsLookedUpNotSentAgain() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "unsure.om",
                """
                register name=Twin \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as a
                register name=Twin \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as b
                patch $b stock=7
                """)
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .ok, "\(console.notes)")
            // Keep the journal as it would be had the process died right after line 2's answer.
            let entries = f.journal(path).split(separator: "\n").map(String.init)
            let cut = try #require(entries.firstIndex { $0.contains(#""line":2"#) && $0.contains(#""state":"done""#) })
            try (entries[..<cut].joined(separator: "\n") + "\n").write(
                toFile: path + ".journal", atomically: true, encoding: .utf8)
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            #expect(resumed.notes.contains("\(path):2: #2 was created before the interruption; not sent again"))
            let products = try await f.allProducts()
            #expect(products.count == 2)
            #expect(products.first { $0.id == 2 }?.stock == 7)
            #expect(products.first { $0.id == 1 }?.stock == 0)
        }
    }

    /// A create whose connection was refused was never sent: on resume it is sent, not matched
    /// to an older product of the same name (here, one the previous run made).
    @Test func aRefusedCreateIsSentAgainNotMatchedToAnOlderNamesake() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "again.om",
                """
                register name=Mug \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as mug
                patch $mug price=2222
                """)
            #expect(await f.session(RecordingConsole()).runScript(path: path) == .ok)
            let refused = RecordingConsole()
            let nowhere = ScriptSession(
                configuration: ShellConfiguration(
                    serverURL: URL(string: "http://127.0.0.1:9")!, credentials: f.market.demoCredentials, timeout: .seconds(600)),
                console: refused)
            #expect(await nowhere.runScript(path: path, options: ScriptOptions(restart: true)) == .unreachable)
            #expect(refused.notes.contains("\(path):1: register: cannot reach"))
            // As if the market itself had been down during that run: a resume elsewhere is refused.
            let journal = f.journal(path).replacingOccurrences(of: "http://127.0.0.1:9", with: f.market.baseURL.absoluteString)
            try journal.write(toFile: path + ".journal", atomically: true, encoding: .utf8)
            let resumed = RecordingConsole()
            #expect(
                await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(resumed.notes)")
            #expect(!resumed.notes.contains("created before the interruption"))
            let products = try await f.allProducts()
            #expect(products.map(\.name) == ["Mug", "Mug"])
            #expect(products.allSatisfy { $0.price == 2222 })
        }
    }

    /// `stock +N` sent again would add twice: an interrupted one is left to the seller.
    @Test func anInterruptedRelativeStockChangeIsNotRepeated() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let head = "register name=Box \(Self.describe) price=10 currency=KRW stock=1 image=coffee-small.jpg as box\n"
            let path = try f.script("stock.om", head + "stock $box +5\n")
            #expect(await f.session(RecordingConsole()).runScript(path: path) == .ok)
            let entries = f.journal(path).split(separator: "\n").map(String.init)
            let cut = try #require(entries.firstIndex { $0.contains(#""line":2"#) && $0.contains(#""state":"done""#) })
            try (entries[..<cut].joined(separator: "\n") + "\n").write(
                toFile: path + ".journal", atomically: true, encoding: .utf8)

            let refused = RecordingConsole()
            #expect(await f.session(refused).runScript(path: path, options: ScriptOptions(resume: true)) == .failed)
            #expect(refused.notes.contains("\(path):2: this stock change was interrupted as it was sent"))
            #expect(try await f.allProducts().first?.stock == 6)

            try f.script("stock.om", head + "stock $box =6\n")
            let fixed = RecordingConsole()
            #expect(await f.session(fixed).runScript(path: path, options: ScriptOptions(resume: true)) == .ok, "\(fixed.notes)")
            #expect(try await f.allProducts().first?.stock == 6)
        }
    }

    @Test func aSourceThatStoppedPartWayIsLeftToTheSeller() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            try f.script(
                "inner.om",
                """
                register name=Inner \(Self.describe) price=10 currency=KRW image=coffee-small.jpg
                show 4242
                """)
            let path = try f.script("outer.om", "source inner.om\n")
            #expect(await f.session(RecordingConsole()).runScript(path: path) == .failed)
            let resumed = RecordingConsole()
            #expect(await f.session(resumed).runScript(path: path, options: ScriptOptions(resume: true)) == .failed)
            #expect(resumed.notes.contains("\(path):1: this 'source' stopped part-way"))
            #expect(try await f.allProducts().count == 1)
        }
    }

    @Test func aJournalThatCannotBeWrittenStopsTheRun() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let path = try f.script(
                "full.om", "register name=Never \(Self.describe) price=10 currency=KRW image=coffee-small.jpg\n")
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path, options: ScriptOptions(journalPath: "/dev/full")) == .failed)
            #expect(console.notes.contains("stopped so that --resume stays safe"), "\(console.notes)")
            #expect(try await f.allProducts().isEmpty)
        }
    }

    /// A script's lines run on the thread its transport's connections are served on
    /// (`HTTPTransport.taskExecutor`): they send their requests from there. The rows of an
    /// `import` in it send theirs from the cooperative pool, where they run side by side.
    @Test func aScriptRunsOnItsTransportsThreadAndAnImportsRowsOffIt() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try f.copyImage("coffee-small.jpg")
            let executor = try #require(AsyncHTTPClientTransport.shared.taskExecutor as? EventLoopTaskExecutor)
            let sent = Mutex<[(method: HTTPMethod, path: String, onLoop: Bool)]>([])
            let spy = SpyTransport(taskExecutor: executor) { request, timeout in
                sent.withLock { $0.append((request.method, request.url.path, executor.isCurrent)) }
                return try await SpyTransport.market(request, timeout)
            }
            try f.script("cat.csv", CatalogImportTests.rows(4))
            let path = try f.script(
                "run.om",
                """
                register name=First \(Self.describe) price=10 currency=KRW image=coffee-small.jpg as first
                show $first
                import cat.csv --yes --jobs 2
                show $first
                """)
            let console = RecordingConsole()
            #expect(await f.session(console, transport: spy).runScript(path: path) == .ok, "\(console.notes)")
            let requests = sent.withLock { $0 }
            let creates = requests.filter { $0.method == .post }
            #expect(creates.count == 5, "\(requests.map { "\($0.method) \($0.path)" })")
            #expect(creates.first?.onLoop == true, "the script's own register")
            #expect(creates.dropFirst().map(\.onLoop) == [false, false, false, false], "the import's rows")
            let shows = requests.filter { $0.method == .get && $0.path.hasPrefix("/api/products/") }
            #expect(shows.count >= 2)
            #expect(shows.map(\.onLoop) == Array(repeating: true, count: shows.count), "\(shows.map(\.path))")
            #expect(requests.last?.onLoop == true, "the line after the import")
        }
    }

    /// A script that holds its client's loop longer than the market keeps an idle connection
    /// (here a pipe slow to give the next line; in a lesson, a person reading a step) still gets
    /// its next answer: the connection the market closed meanwhile is seen closed, not lent to
    /// the next request, which failed with "the server closed the connection".
    @Test func aLineAfterAPauseLongerThanTheMarketsIdleTimeoutGetsItsAnswer() async throws {
        let limits = ConnectionLimits(idleTimeout: .milliseconds(300), requestReadTimeout: .seconds(10))
        try await TestMarket.with(limits: limits) { market in
            try await PrivateLoopTransport.with { transport in
                let console = RecordingConsole()
                let session = ScriptSession(
                    configuration: ShellConfiguration(
                        serverURL: market.baseURL, credentials: market.demo, transport: transport, timeout: .seconds(30)),
                    console: console)
                let lines = Mutex(["health", "health", "list"])
                let running = market.running
                let status = await session.runStream(name: "stdin") {
                    let next = lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    // Each line after the first comes once the market has closed the idle
                    // connection, while this closure holds the script's loop.
                    if next != nil, lines.withLock({ $0.count }) < 2 {
                        let closed = DispatchSemaphore(value: 0)
                        Task.detached {
                            _ = await eventually { running.connections.count == 0 }
                            closed.signal()
                        }
                        closed.wait()
                    }
                    return next
                }
                #expect(status == .ok, "\(console.notes)")
                #expect(console.out.components(separatedBy: "answers OK").count == 3, "\(console.out)")
            }
        }
    }

    @Test func sourceRunsInTheCurrentSession() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try FileManager.default.createDirectory(
                at: f.directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
            try f.copyImage("coffee-small.jpg", as: "lib/photo.jpg")
            try f.script("lib/make.om", "register name=$label \(Self.describe) price=10 currency=KRW image=photo.jpg as made\n")
            let console = RecordingConsole()
            let session = f.session(console)
            #expect(await session.execute("set label Sourced").status == .ok)
            #expect(await session.execute("source \(f.directory.path)/lib/make.om").status == .ok, "\(console.notes)")
            #expect(await session.execute("expect ${made.name} == Sourced").status == .ok, "\(console.notes)")
            #expect(await session.execute("show $made as again").status == .ok)
            #expect(await session.execute("vars").status == .ok)
            #expect(console.out.contains("made = #1 Sourced"))
        }
    }

    /// The names of scripts that cannot be read: missing, and a folder.
    static let unreadableScripts = ["missing.om", "a-folder.om"]

    /// A script file that cannot be read is a usage error (2) from `run`, as from `source`,
    /// with one line that says why (before, a missing one said "cannot read the script: it: no
    /// such file").
    @Test(arguments: unreadableScripts)
    func anUnreadableScriptRunIsAUsageError(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try FileManager.default.createDirectory(
                at: f.directory.appendingPathComponent("a-folder.om"), withIntermediateDirectories: true)
            let console = RecordingConsole()
            let path = f.directory.appendingPathComponent(name).path
            let status = await f.session(console).runScript(path: path)
            #expect(status == .usage, "\(console.notes)")
            let why = name == "missing.om" ? "no such file" : "it is a folder, not a regular file: name a file"
            #expect(console.notes == "\(path): cannot read the script: \(why)", "\(console.notes)")
        }
    }

    /// `lint FILE` refuses a script it cannot read as `run` does, a usage error saying why
    /// (before: "cannot read the script", without why, status 1), and a FIFO without waiting for
    /// a writer (before, read until one came: for ever).
    @Test(arguments: unreadableScripts + ["a-fifo.om"])
    func anUnreadableScriptLintedSaysWhy(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try FileManager.default.createDirectory(
                at: f.directory.appendingPathComponent("a-folder.om"), withIntermediateDirectories: true)
            #expect(mkfifo(f.directory.appendingPathComponent("a-fifo.om").path, 0o600) == 0)
            let console = RecordingConsole()
            let path = f.directory.appendingPathComponent(name).path
            // Beside a file that reads, whose findings are still written (one missing file lost them).
            let marked = f.directory.appendingPathComponent("marked.om")
            try "GET /api/products/1 name=Mug\n".write(to: marked, atomically: true, encoding: .utf8)
            let report = await f.session(console).execute(arguments: ["lint", path, marked.path])
            #expect(report.status == .usage, "\(report.failure)")
            let why =
                switch name {
                case "missing.om": "no such file"
                case "a-folder.om": "it is a folder, not a regular file: name a file"
                default: "it is a pipe (FIFO), not a regular file"
                }
            #expect(console.notes.contains("\(path): cannot read the script: \(why)"), "\(console.notes)")
            #expect(console.out.contains("\(marked.path):1: read-with-body: "), "\(console.out)")
        }
    }

    /// `source FILE` with a file that cannot be read is a usage error (2), as `run` is (before,
    /// `source` said 1).
    @Test(arguments: unreadableScripts)
    func anUnreadableScriptSourcedIsAUsageError(name: String) async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            try FileManager.default.createDirectory(
                at: f.directory.appendingPathComponent("a-folder.om"), withIntermediateDirectories: true)
            let console = RecordingConsole()
            let status = await f.session(console).execute("source \(f.directory.appendingPathComponent(name).path)").status
            #expect(status == .usage, "\(console.notes)")
            #expect(console.notes.contains("source: cannot read"), "\(console.notes)")
        }
    }

    @Test func bothExampleScriptsRunGreen() async throws {
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let examples = Fixtures.packageRoot.appendingPathComponent("scripts/examples")
            for name in ["demo-catalog.om", "http-methods.om"] {
                let console = RecordingConsole()
                let status = await f.session(console).runScript(
                    path: examples.appendingPathComponent(name).path,
                    options: ScriptOptions(journalPath: f.directory.appendingPathComponent("\(name).journal").path))
                #expect(status == .ok, "\(name): \(console.notes)")
                #expect(!console.notes.contains(f.secret))
            }
            let products = try await f.allProducts()
            #expect(products.count >= 12)
            #expect(Set(products.map(\.currency)) == [.krw, .usd])
            #expect(products.contains { $0.name.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 } })
        }
    }
}
