import Foundation
import MarketTestSupport
import SellerShell
import Synchronization
import Testing

@testable import ShellScripting

@Suite("Script text, variables and expectations")
struct ScriptPartsTests {
    @Test func readerJoinsContinuationsAndDropsComments() {
        let text = """
            #!/usr/bin/env openmarket
            # a comment

            register name='Mug #2' \\
               price=3 # the price
            show 1 \\\\
            set note "a # inside quotes"
            list \\
            """
        let lines = ScriptReader.lines(of: text)
        #expect(lines.map(\.number) == [4, 6, 7, 8])
        #expect(lines[0].text == "register name='Mug #2'    price=3")
        #expect(lines[1].text == #"show 1 \\"#)
        #expect(lines[2].text == #"set note "a # inside quotes""#)
        #expect(lines[3].text == "list")
        #expect(ScriptReader.stripComment(#"set f Mug\ #1 # note"#) == #"set f Mug\ #1 "#)
        #expect(lines[0].hash != ScriptLine(number: 4, text: "register name='Mug #3'    price=3").hash)
    }

    /// A script saved by a Windows editor starts with a UTF-8 byte order mark: it is not part of
    /// the first command, read from bytes, from text or from a pipe.
    @Test func aByteOrderMarkIsNotPartOfTheFirstCommand() async throws {
        let text = "\u{FEFF}set price 2000\nhealth\n"
        #expect(ScriptReader.lines(of: Data(text.utf8)).map(\.text) == ["set price 2000", "health"])
        #expect(ScriptReader.lines(of: text).map(\.text) == ["set price 2000", "health"])
        // Looked for as a scalar: with a combining mark after it, the mark and it are one Character.
        #expect(ScriptReader.withoutByteOrderMark("\u{FEFF}\u{301}set") == "\u{301}set")
        try await ScriptFixture.with { (f: ScriptFixture) async throws in
            let path = try f.script("bom.om", text)
            let console = RecordingConsole()
            #expect(await f.session(console).runScript(path: path) == .ok, "\(console.notes)")
            let piped = RecordingConsole()
            let lines = Mutex(text.split(separator: "\n").map(String.init))
            let status = await f.session(piped).runStream(name: "stdin", options: ScriptOptions()) {
                lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            }
            #expect(status == .ok, "\(piped.notes)")
        }
    }

    /// A file's lines with no quote, backslash or `#` skip the reader's scan
    /// (`ScriptReader.plain`): the commands must be the ones the scan makes, line by line. Random
    /// scripts of the characters the reader cares about and some it does not, read from bytes
    /// and, scanning every line, from text.
    @Test func plainLinesReadFromBytesAreTheLinesTheScanMakes() {
        var random = SplitMix64(seed: 39)
        let pieces = [
            "show 1", "register", " ", "  ", "\t", "'", "\"", "#", "\\", "$", "$'", "x", "상품", "\u{3000}", "é", "\n", "\n",
            "\n", "set a b", "=",
        ]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let fromBytes = ScriptReader.lines(of: Data(text.utf8))
            let scanned = ScriptReader.lines(of: text)
            #expect(fromBytes == scanned, "\(text.debugDescription)")
        }
        // A carriage return before the line break is cut either way.
        let crlf = ScriptReader.lines(of: Data("show 1\r\nshow 'a b'\r\n\r\nshow 2 \r".utf8))
        #expect(crlf.map(\.text) == ["show 1", "show 'a b'", "show 2"])
        #expect(crlf.map(\.number) == [1, 2, 4])
    }

    /// A journal left by an earlier version must still match its lines: the hash is the first 12
    /// bytes of the line's SHA-256, in hex (`printf 'show 3' | sha256sum`).
    @Test func aLineIsTrimmedOfTheSpacesFoundationWouldTrim() {
        // Every scalar of the first plane at either end (a space to trim or not, a combining
        // mark, a zero-width space, a Korean syllable), and a few beyond it, alone, doubled and
        // around text.
        for value in Array(0...0xFFFF) + [0x1_F600, 0x2_0000, 0xE_0020] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let edge = String(Character(scalar))
            for text in [edge, edge + "show 1" + edge, edge + edge + "show 1", "show 1" + edge + " ", "\t" + edge] {
                let foundation = text.trimmingCharacters(in: .whitespaces)
                guard ScriptReader.trimmingSpaces(text) != foundation else { continue }
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(text.debugDescription)")
                return
            }
        }
        #expect(ScriptReader.trimmingSpaces(" \u{3000}show 1\t") == "show 1")
    }

    @Test func aLinesHashIsItsSHA256Prefix() {
        #expect(ScriptLine(number: 1, text: "show 3").hash == "d9189045993191d11bb0a113")
        #expect(ScriptLine(number: 9, text: #"register name="우유병""#).hash == "e2a355723d702c951c5b398d")
    }

    @Test func expansionKeepsEachValueOneWord() throws {
        var variables = ScriptVariables(environment: ["PHOTOS": "/tmp/my photos"])
        variables["name"] = .text("우유병 텀블러 'big'")
        variables["mug"] = .product(
            ProductBinding(
                id: 12, document: .object(["price": .number(Decimal(string: "19.99")!), "images": .array([.object(["id": 7])])])))
        func expand(_ line: String) throws -> [String] {
            try Expander.words(line) { reference throws(ExpansionError) in try variables.resolve(reference) }.map(\.text)
        }
        #expect(try expand("patch $mug name=$name price=${mug.price}") == ["patch", "12", "name=우유병 텀블러 'big'", "price=19.99"])
        #expect(try expand(#"expect "${name}" == '$name'"#) == ["expect", "우유병 텀블러 'big'", "==", "$name"])
        #expect(
            try expand("image=${env.PHOTOS}/a.jpg ${mug.images.0.id} \\$mug $5") == [
                "image=/tmp/my photos/a.jpg", "7", "$mug", "$5",
            ])
        #expect(throws: ExpansionError.self) { try expand("show $nosuch") }
        #expect(throws: ExpansionError.self) { try expand("show ${mug.nope}") }
        #expect(throws: ExpansionError.self) { try expand("show ${env.NOT_SET_ANYWHERE}") }
        #expect(throws: ExpansionError.self) { try expand("show ${mug") }
    }

    @Test func expectationsCompareNumbersAsNumbers() throws {
        func holds(_ a: String, _ op: String, _ b: String) throws -> Bool {
            try Expectation([Word(a), Word(op), Word(b)]).holds
        }
        #expect(try holds("3400", "==", "3400.0"))
        #expect(try holds("9", "<", "10"))
        #expect(try !holds("9", ">", "10"))
        #expect(try holds("apple", "<", "banana"))
        #expect(try holds("우유병", "!=", "텀블러"))
        #expect(try holds("19.99", "<=", "19.99"))
        #expect(try !holds("12abc", "==", "12"))
        #expect(throws: CommandFailure.self) { try Expectation([Word("1"), Word("="), Word("1")]) }
    }

    @Test func linesBecomeTypedCommands() async throws {
        let session = ScriptSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: RecordingConsole())
        func prepare(_ line: String) async -> Invocation? {
            guard
                case .success(let invocation) = session.runtime.prepare(
                    ScriptLine(number: 1, text: line), location: nil, on: URL(string: "http://127.0.0.1:9")!)
            else { return nil }
            return invocation
        }
        let register = try #require(await prepare("register name=x as mug"))
        #expect((register.command as? Register)?.values[.name] == "x")
        #expect(register.bindAs == "mug")
        let variable = try #require(await prepare("set price '3 500'"))
        guard case .variable("price", "3 500")? = (variable.command as? SetVariable)?.action else {
            Issue.record("set price is a variable: \(variable.command)")
            return
        }
        let option = try #require(await prepare("set trace on"))
        guard case .option(let setting)? = (option.command as? SetVariable)?.action else {
            Issue.record("set trace is the shell's: \(option.command)")
            return
        }
        #expect(setting.setting == .trace(true))
    }

    @Test(arguments: ["register name=x 'as' mug", "list as everything", "show 1 as last", "set 1x 2"])
    func linesThatDoNotParseAreRejected(line: String) async throws {
        guard let rejected = Self.rejected(line, by: Self.offlineSession()) else {
            Issue.record("'\(line)' was accepted")
            return
        }
        #expect(rejected.result.status == .usage)
    }

    /// A session whose server nothing is sent to: lines are only prepared.
    static func offlineSession() -> ScriptSession {
        ScriptSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: RecordingConsole())
    }

    /// Why `line` is refused before it runs; nil when it is not.
    static func rejected(_ line: String, by session: ScriptSession) -> LineRejected? {
        let prepared = session.runtime.prepare(
            ScriptLine(number: 1, text: line), location: nil, on: URL(string: "http://127.0.0.1:9")!)
        guard case .failure(let rejected) = prepared else { return nil }
        return rejected
    }

    /// An `as` that does not end the line with one name is said to be one (before, `show 1 as`
    /// said "unexpected 'as'" and gave a usage without it); a quoted 'as' is a value.
    @Test(arguments: [("show 1 as", "show"), ("show 1 as mug now", "show"), ("patch 1 price=3000 as", "patch")])
    func anAsThatDoesNotEndTheLineWithANameIsSaidSo(line: String, command: String) async throws {
        let session = Self.offlineSession()
        guard let rejected = Self.rejected(line, by: session) else {
            Issue.record("'\(line)' was accepted")
            return
        }
        #expect(rejected.result.status == .usage)
        #expect(
            rejected.result.failure.joined(separator: "\n").contains(
                "'as' names the product '\(command)' returns and ends the line, with one name after it"),
            "\(rejected.result.failure)")
        guard let quoted = Self.rejected("register name=x 'as' mug", by: session) else { return }
        #expect(!quoted.result.failure.joined().contains("'as' names"), "\(quoted.result.failure)")
    }
}

@Suite("Completing variable names")
struct VariableCompletionTests {
    @Test func dollarCompletesTheSessionsNames() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("om-complete-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = ScriptSession(
            configuration: ShellConfiguration(
                serverURL: URL(string: "http://127.0.0.1:9")!, profiles: ProfileStore(directory: directory)),
            console: RecordingConsole())
        _ = await session.execute("set mugPrice 3500")
        _ = await session.execute("set mood calm")
        let index = session.shell.index
        func texts(_ line: String) -> [String] {
            guard case .candidates(_, let list) = index.complete(line) else { return [] }
            return list.map(\.text)
        }
        #expect(texts("patch 1 price=$mu") == ["price=$mugPrice"])
        #expect(texts("expect ${mo") == ["${mood}"])
        #expect(texts("show $") == ["$mood", "$mugPrice"])
        // The scripting layer's commands complete like the shell's own.
        #expect(texts("s") == ["search", "show", "stock", "set", "source"])
    }
}
