import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import Testing

@testable import ShellScripting

/// A script is checked whole, for real, before its first request: every line parsed into its
/// typed command with its variables filled (an earlier line's result by a stand-in of its type),
/// the photos it names read and probed, every problem of every line named as FILE:LINE.
@Suite struct ScriptCheckTests {
    static let describe = "description='A product made by the check tests'"

    /// A server that answers everything and counts what reached it.
    static func withCountingServer(_ body: (MisbehavingServer, URL) async throws -> Void) async throws {
        let server = try MisbehavingServer.answering(status: 200, body: "{}")
        defer { server.stop() }
        let directory = try Fixtures.temporaryDirectory("openmarket-check-test")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Fixtures.image("coffee-small.jpg"), to: directory.appendingPathComponent("mug.jpg"))
        try Data().write(to: directory.appendingPathComponent("empty.png"))
        try Data("hello".utf8).write(to: directory.appendingPathComponent("not-an-image.jpg"))
        let whole = try Fixtures.imageData("coffee-small.jpg")
        try whole.prefix(whole.count / 2).write(to: directory.appendingPathComponent("truncated.jpg"))
        try await body(server, directory)
    }

    /// A session whose lines are typed (`execute`), against `server`, at home in `directory`.
    static func typedSession(
        _ server: MisbehavingServer, _ directory: URL, console: RecordingConsole = RecordingConsole()
    ) -> ScriptSession {
        ScriptSession(
            configuration: ShellConfiguration(
                serverURL: server.baseURL, credentials: VendorCredentials(identifier: "seller", secret: "a-secret-of-the-shop"),
                vendorName: "demo-shop", vendorID: 1, timeout: .seconds(60)),
            console: console, environment: ["HOME": directory.path])
    }

    static func run(_ text: String, in directory: URL, server: MisbehavingServer) async throws -> (CommandStatus, String, String)
    {
        let path = directory.appendingPathComponent("shop.om").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let console = RecordingConsole()
        let session = ScriptSession(
            configuration: ShellConfiguration(
                serverURL: server.baseURL, credentials: VendorCredentials(identifier: "seller", secret: "a-secret-of-the-shop"),
                vendorName: "demo-shop", vendorID: 1,
                profiles: ProfileStore(directory: directory.appendingPathComponent("profiles")), timeout: .seconds(60)),
            console: console, environment: ["HOME": directory.path, "SHOP": "demo-shop"])
        let status = await session.runScript(path: path)
        return (status, console.notes, path)
    }

    /// Forty lines, most of them good and using variables, with mistakes planted on lines 3,
    /// 17 (a line with variables: its literal words are wrong whatever `$mug` holds) and 40:
    /// the three are named, and not one request reaches the server.
    @Test func fortyLinesWithThreePlantedErrorsSendNothingAndNameAllThree() async throws {
        try await Self.withCountingServer { server, directory in
            var lines = [
                "#!/usr/bin/env openmarket",
                "set base 3500",
                "list --bogus",
                "register name=Mug \(Self.describe) price=$base currency=KRW stock=5 image=mug.jpg as mug",
            ]
            let good = [
                "stock $mug +1", "show $mug", "expect ${mug.stock} == 6", "patch $mug name=\"${mug.name} v2\"",
                "patch ${last.id} price=${mug.price}", "list --mine", "set other $base",
            ]
            while lines.count < 16 { lines.append(good[lines.count % good.count]) }
            lines.append("patch $mug price=abc")
            while lines.count < 39 { lines.append(good[lines.count % good.count]) }
            lines.append(
                "register name=Cup \(Self.describe) price=${mug.price} currency=KRW image=empty.png image=truncated.jpg")
            #expect(lines.count == 40)
            let (status, notes, path) = try await Self.run(lines.joined(separator: "\n") + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            for number in [3, 17, 40] { #expect(notes.contains("\(path):\(number): "), "line \(number): \(notes)") }
            let named = notes.split(separator: "\n").filter {
                $0.hasPrefix("\(path):") && $0.dropFirst(path.count + 1).first?.isNumber == true
            }
            #expect(named.count == 3, "\(notes)")
            #expect(notes.contains("image 1 (empty.png)") && notes.contains("image 2 (truncated.jpg)"), "\(notes)")
            #expect(server.received.isEmpty && server.connections == 0, "\(server.received.map(\.target))")
        }
    }

    /// A slip of a product's field in a reference (`${mug.stok}`) is found by the check, with
    /// the field meant, and nothing is sent (before, the lines above it ran, then the run
    /// stopped at it); a field the contract does not name but a server may send passes.
    @Test func aSlipOfAProductsFieldIsFoundBeforeAnythingIsSent() async throws {
        try await Self.withCountingServer { server, directory in
            let lines = [
                "register name=Mug \(Self.describe) price=3500 currency=KRW stock=5 image=mug.jpg as mug",
                "stock $mug +3", "expect ${mug.stok} == 8", "show ${mug.registration_date}",
            ]
            let (status, notes, path) = try await Self.run(lines.joined(separator: "\n") + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            #expect(notes.contains("\(path):3: "), "\(notes)")
            #expect(notes.contains("product 'mug' has no field 'stok': did you mean 'stock'?"), "\(notes)")
            #expect(!notes.contains("\(path):4: "), "\(notes)")
            #expect(server.received.isEmpty && server.connections == 0, "\(server.received.map(\.target))")
        }
    }

    /// A name nothing defines before its line (a typo, one defined only later, `$last` before
    /// any product) is found by the check, each at its first line, and nothing is sent; a name
    /// a line that does not parse would have bound is not said again, and after a `source` line
    /// (whose file may define anything) nothing is.
    @Test func aNameNothingDefinesIsFoundBeforeAnythingIsSent() async throws {
        try await Self.withCountingServer { server, directory in
            let lines = [
                "list",
                "show $undefinedvar",
                "patch $nothere price=5",
                "show $undefinedvar",
                "stock $later +1",
                "register name=Mug \(Self.describe) price=abc currency=KRW image=mug.jpg as mug",
                "show $mug",
                "set later 3",
                "show ${last.id}",
            ]
            let (status, notes, path) = try await Self.run(lines.joined(separator: "\n") + "\n", in: directory, server: server)
            #expect(status == .usage, "\(notes)")
            #expect(notes.contains("\(path):2: show: undefined variable 'undefinedvar'"), "\(notes)")
            #expect(notes.contains("\(path):3: patch: undefined variable 'nothere'"), "\(notes)")
            #expect(notes.contains("\(path):5: stock: undefined variable 'later'"), "\(notes)")
            #expect(notes.contains("\(path):6: register: "), "\(notes)")
            #expect(!notes.contains("\(path):4: "), "said once a name: \(notes)")
            #expect(!notes.contains("\(path):7: ") && !notes.contains("\(path):9: "), "no cascade: \(notes)")
            #expect(server.received.isEmpty && server.connections == 0, "\(server.received.map(\.target))")

            let early = try await Self.run("show $last\nlist\n", in: directory, server: server)
            #expect(early.1.contains("\(early.2):1: show: $last is undefined"), "\(early.1)")
            try "set x 1\n".write(to: directory.appendingPathComponent("defs.om"), atomically: true, encoding: .utf8)
            let sourced = try await Self.run("show $y\nsource defs.om\nshow $x\nshow $z\n", in: directory, server: server)
            #expect(sourced.1.contains("\(sourced.2):1: show: undefined variable 'y'"), "\(sourced.1)")
            #expect(!sourced.1.contains("'x'") && !sourced.1.contains("'z'"), "\(sourced.1)")
            #expect(server.received.isEmpty && server.connections == 0, "\(server.received.map(\.target))")
        }
    }

    /// A photo cut short is said in the reader's language, the image library's finding too
    /// (it was English inside a Korean sentence).
    @Test func aDamagedPhotoIsSaidInKorean() async throws {
        try await Self.withCountingServer { server, directory in
            let line = "register name=Mug \(Self.describe) price=3500 currency=KRW image=truncated.jpg"
            let (status, notes, _) = try await Language.$current.withValue(.ko) {
                try await Self.run(line + "\n", in: directory, server: server)
            }
            #expect(status == .usage, "\(notes)")
            #expect(notes.contains("사진이 손상되었습니다: 이 JPEG 이미지를 읽을 수 없습니다. 파일이 중간에 끝납니다"), "\(notes)")
            #expect(!notes.contains("This JPEG"), "\(notes)")
        }
    }

    /// A register line with several mistakes, one of them a photo that is not an image: each
    /// is named, and a line with two bad photos names both.
    @Test func everyProblemOfARegisterLineIsNamed() async throws {
        try await Self.withCountingServer { server, directory in
            let script = """
                register name=Mug description=짧음 price=abc currency=EUR image=not-an-image.jpg
                register name=Cup \(Self.describe) price=3000 currency=KRW image=empty.png image=truncated.jpg
                """
            let (status, notes, path) = try await Self.run(script + "\n", in: directory, server: server)
            #expect(status == .usage)
            #expect(notes.contains("\(path):1: ") && notes.contains("\(path):2: "), "\(notes)")
            #expect(notes.contains("\(path):1: register: 4 problems, nothing was sent:"), "\(notes)")
            #expect(notes.contains("image 1 (not-an-image.jpg): not a JPEG, PNG or GIF"), "\(notes)")
            #expect(notes.contains("  description: "), "\(notes)")
            #expect(notes.contains("  price: 'abc' is not a number"), "\(notes)")
            #expect(notes.contains("  currency: "), "\(notes)")
            #expect(notes.contains("image 1 (empty.png): the file is empty"), "\(notes)")
            #expect(notes.contains("image 2 (truncated.jpg)"), "\(notes)")
            #expect(server.received.isEmpty)
        }
    }

    /// Values known before the run are filled as they are: a `set` line's and a `--var`'s,
    /// so a price that is not a number fails the check wherever it came from.
    @Test func knownValuesAreCheckedAsTheyWillBeSent() async throws {
        try await Self.withCountingServer { server, directory in
            let script = """
                set cost abc
                patch 3 price=$cost
                patch 3 price="${cost}0"
                set cost ${response.status}
                patch 3 price=$cost
                """
            let (status, notes, path) = try await Self.run(script + "\n", in: directory, server: server)
            #expect(status == .usage)
            #expect(notes.contains("\(path):2: patch: price: 'abc' is not a number"), "\(notes)")
            #expect(notes.contains("\(path):3: patch: price: 'abc0' is not a number"), "\(notes)")
            #expect(!notes.contains("\(path):5:"), "a value known only when line 4 runs: \(notes)")
            #expect(server.received.isEmpty)
        }
    }

    /// A line typed at the prompt (or given with `-c`) gets the same check before it is sent:
    /// a JPEG cut in half, which passes a look at its first bytes, is named with the line's
    /// other problems, and nothing reaches the server.
    @Test func aTypedLineIsCheckedBeforeItIsSent() async throws {
        try await Self.withCountingServer { server, directory in
            let session = Self.typedSession(server, directory)
            let photos = directory.path
            let report = await session.execute(
                "register name=Cup \(Self.describe) price=abc currency=KRW image=\(photos)/truncated.jpg")
            #expect(report.status == .failed)
            #expect(report.failure.first == "register: 2 problems, nothing was sent:", "\(report.failure)")
            #expect(report.failure.contains { $0.hasPrefix("  image 1 (truncated.jpg): ") }, "\(report.failure)")
            #expect(report.failure.contains("  price: 'abc' is not a number"), "\(report.failure)")
            let words = await session.execute(arguments: ["register", "name=Cup", "image=\(photos)/empty.png"])
            #expect(words.failure.contains { $0.contains("image 1 (empty.png): the file is empty") }, "\(words.failure)")
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
        }
    }

    /// With no one to ask (`-c`, the program's arguments), `register name=x` said only that the name was short:
    /// the fields it left out, which a script's check lists, came one a run. Left out and
    /// nothing else wrong, they are a usage error, as one missing field was.
    @Test func aTypedRegisterWithNoOneToAskNamesEveryFieldItLeavesOut() async throws {
        try await Self.withCountingServer { server, directory in
            let session = Self.typedSession(server, directory)
            let short = await session.execute("register name=x")
            #expect(short.status == .failed)
            for field in ["description", "price", "currency", "image"] {
                #expect(short.failure.contains("register: \(field)= is required (\(ProductField(rawValue: field)!.rule))"))
            }
            #expect(short.failure.contains { $0.contains("name: must be 3 to 100 characters") }, "\(short.failure)")
            let left = await session.execute(
                arguments: [
                    "register", "name=Cup", "description=A product made by the check tests", "image=\(directory.path)/mug.jpg",
                ])
            #expect(left.status == .usage)
            #expect(
                left.failure.prefix(2) == [
                    "register: price= is required (a number greater than 0)", "register: currency= is required (KRW or USD)",
                ], "\(left.failure)")
            #expect(left.failure.last?.hasPrefix("usage: register name=") == true, "\(left.failure)")
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
        }
    }

    /// Piped lines are checked each as it comes, as a typed one is: a `register` says every
    /// field it leaves out and every field that breaks a rule, at its line, and sends nothing
    /// (before, the command said its first missing field and stopped); only fields missing is
    /// a usage error, as for `-c`.
    @Test func aPipedRegisterNamesEveryFieldItLeavesOutAtItsLine() async throws {
        try await Self.withCountingServer { server, directory in
            let lines = Mutex(["set shop mugs", "register name=Mug price=abc", "health"])
            let console = RecordingConsole()
            let session = Self.typedSession(server, directory, console: console)
            let status = await session.runStream(name: "stdin", options: ScriptOptions()) {
                lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            }
            #expect(status == .failed)
            let notes = console.notes
            #expect(notes.contains("stdin:2: register: description= is required"), "\(notes)")
            for field in ["currency", "image"] {
                #expect(notes.contains("register: \(field)= is required (\(ProductField(rawValue: field)!.rule))"), "\(notes)")
            }
            #expect(notes.contains("price: 'abc' is not a number"), "\(notes)")
            #expect(server.received.isEmpty, "\(server.received.map(\.target))")
            let missing = Mutex(["register name=Mug"])
            let onlyMissing = await Self.typedSession(server, directory).runStream(name: "stdin", options: ScriptOptions()) {
                missing.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            }
            #expect(onlyMissing == .usage)
            // After `set lang ko`, the check speaks Korean as the command would.
            let korean = Mutex(["set lang ko", "register name=Mug price=abc"])
            let heard = RecordingConsole()
            let inKorean = Self.typedSession(server, directory, console: heard)
            _ = await inKorean.runStream(name: "stdin", options: ScriptOptions()) {
                korean.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            }
            #expect(!heard.notes.contains("is required") && heard.notes.contains("stdin:2:"), "\(heard.notes)")
        }
    }

    /// A stand-in is never taken for the line's own mistake: of what two variants of a hole's
    /// stand-ins find, only what both find counts (a discount over a stand-in price does not).
    @Test func onlyWhatEveryVariantFindsCounts() {
        let price = RuleViolation("price", .notANumber("abc"))
        let over = RuleViolation("discounted_price", .notOverPrice(price: 10, discount: 20))
        let low = LineProblems(command: "patch", violations: [over, price])
        let high = LineProblems(command: "patch", violations: [price])
        #expect(low.common(with: LineProblems()).isEmpty)
        #expect(low.common(with: high).lines == ["patch: price: 'abc' is not a number"])
        #expect(
            low.lines == [
                "patch: 2 problems, nothing was sent:", "  discount: must not exceed the price 10 (it is 20)",
                "  price: 'abc' is not a number",
            ])
        let parse = LineProblems(failure: ["stock: 'x' is not +N, -N or =N"])
        #expect(parse.common(with: LineProblems(failure: ["stock: 'y' is not +N, -N or =N"])).isEmpty)
        #expect(parse.common(with: parse) == parse)
    }
}

/// The program's own arguments (`openmarket set note …`) reach the registry as the words the
/// calling shell split, never written back into a line and split again.
@Suite struct ProgramArgumentWordsTests {
    @Test func eachArgumentIsOneWordAsGiven() async throws {
        let session = ScriptSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!, timeout: .seconds(5)),
            console: RecordingConsole(), environment: ["HOME": "/home/seller"])
        let given = "it's $HOME #1 *.jpg \\ \"q\""
        let report = await session.execute(arguments: ["set", "note", given])
        #expect(report.status == .ok, "\(report.failure)")
        #expect(session.runtime.names["note"] == .text(given))
        // A `*` the calling shell left in a word is a file's name; `--mine` is still a flag.
        #expect(Word(argument: "sku-*.jpg").wasQuoted && Word(argument: "a b").wasQuoted)
        #expect(!Word(argument: "--mine").wasQuoted && !Word(argument: "price=3").wasQuoted)
    }
}
