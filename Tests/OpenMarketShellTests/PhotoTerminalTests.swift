import Foundation
import MarketTestSupport
import Testing

/// Photos drawn by the built shell in a real terminal (issue 26): a fixture photo in each style
/// `set photos` picks, the grid of cards, and nothing drawn through a pipe or in JSON mode. One
/// program at a time, as in the other binary suites.
@Suite("Photos in a terminal", .serialized)
struct PhotoTerminalTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }
    static let escape = "\u{1B}"

    /// A terminal with 24-bit colour, its photo cache inside the test's HOME.
    static func terminal(_ home: TestHome) -> [String: String] {
        home.environment(terminal: "xterm-256color", ["COLORTERM": "truecolor"])
    }

    /// Registers a discounted, sold-out product with a photo (through a pipe) and returns its id.
    static func register(_ home: TestHome) async throws -> String {
        let image = Fixtures.image("coffee-small.jpg").path
        let made = try await ChildProcess.run(
            binary,
            [
                "-c",
                "register name='Drawn mug' description='A mug to draw' price=3500 currency=KRW discount=500 stock=0 image='\(image)'",
            ],
            environment: home.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let id = made.stdout.firstMatch(of: /#(\d+)/).map { String($0.1) }
        return try #require(id, "\(made.stdout)")
    }

    /// Runs `lines` at the prompt of a shell in a pty, each waited for until `expecting` has been
    /// printed and the next prompt is up; returns what each line printed.
    static func run(_ lines: [(line: String, expecting: String)], environment: [String: String]) throws -> [String] {
        let session = try PTYSession(executable: binary, arguments: [], environment: environment, columns: 100, rows: 40)
        defer { session.terminate() }
        _ = try session.expect("> ", timeout: .seconds(60))
        var outputs: [String] = []
        for (line, text) in lines {
            try session.waitForRawMode(timeout: .seconds(30))
            session.send(line + "\r")
            _ = try session.expect("\n", timeout: .seconds(60))
            let output = try session.expect(text, timeout: .seconds(60))
            outputs.append(text == "> " ? output : try output + session.expect("> ", timeout: .seconds(60)))
        }
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        _ = try session.waitForExit(timeout: .seconds(60))
        return outputs
    }

    @Test func aPhotoIsDrawnInEachStyleSetPhotosPicks() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let id = try await Self.register(home)
        let environment = Self.terminal(home)
        let outputs = try await blocking {
            try Self.run(
                [
                    ("set photos symbols", "> "), ("show \(id)", "image 1"),
                    ("set photos sixel", "> "), ("show \(id)", "image 1"),
                    ("set photos kitty", "> "), ("show \(id)", "image 1"),
                    ("set photos off", "> "), ("show \(id)", "image 1"),
                ], environment: environment)
        }
        let (symbols, sixel, kitty, off) = (outputs[1], outputs[3], outputs[5], outputs[7])
        // Symbols: rows of coloured half blocks beside the details.
        #expect(symbols.contains("\(Self.escape)[38;2;") && symbols.contains("▀"), "\(PTYSession.visible(symbols))")
        #expect(symbols.contains("#\(id)  Drawn mug"))
        #expect(!symbols.contains("\(Self.escape)P") && !symbols.contains("\(Self.escape)_G"))
        // Sixel: one DCS image (ESC P … q … ESC \), drawn between a cursor save and restore.
        #expect(sixel.contains("\(Self.escape)7\(Self.escape)P") && sixel.contains("\(Self.escape)\\\(Self.escape)8"))
        #expect(!sixel.contains("\(Self.escape)_G") && !sixel.contains("▀"))
        #expect(sixel.contains("Drawn mug"))
        // Kitty: the graphics protocol's APC (ESC _ G a=T …).
        #expect(kitty.contains("\(Self.escape)_Ga=T,"), "\(PTYSession.visible(String(kitty.prefix(300))))")
        #expect(!kitty.contains("\(Self.escape)P") && kitty.contains("Drawn mug"))
        // Off: the details alone.
        #expect(!off.contains("\(Self.escape)_G") && !off.contains("\(Self.escape)P") && !off.contains("▀"))
        #expect(off.contains("Drawn mug"))
    }

    /// libchafa is opened by the first photo drawn, not by the start: a shell at its prompt
    /// (on a terminal that can show photos) has not loaded it yet.
    @Test func libchafaIsOpenedByTheFirstPhotoDrawnNotByTheStart() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let id = try await Self.register(home)
        let environment = Self.terminal(home)
        let (atPrompt, afterPhoto) = try await blocking {
            let session = try PTYSession(
                executable: Self.binary, arguments: [], environment: environment, columns: 100, rows: 40)
            defer { session.terminate() }
            _ = try session.expect("> ", timeout: .seconds(60))
            let atPrompt = try Self.mappedFiles(of: session.pid)
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("show \(id)\r")
            _ = try session.expect("image 1", timeout: .seconds(60))
            _ = try session.expect("> ", timeout: .seconds(60))
            return (atPrompt, try Self.mappedFiles(of: session.pid))
        }
        #expect(atPrompt.contains("libedit"), "the maps read whole")
        #expect(!atPrompt.contains("libchafa"))
        #expect(afterPhoto.contains("libchafa"))
    }

    /// `/proc/PID/maps`, read to its end (its size is given as 0).
    static func mappedFiles(of pid: pid_t) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        var data = Data()
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty { data += chunk }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theGridShowsCardsWithPhotoPriceStruckAndSoldOut() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let id = try await Self.register(home)
        let environment = Self.terminal(home)
        let outputs = try await blocking {
            try Self.run([("set photos symbols", "> "), ("list --grid", "page 1 of 1")], environment: environment)
        }
        let grid = outputs[1]
        #expect(grid.contains("▀") && grid.contains("\(Self.escape)[38;2;"), "\(PTYSession.visible(grid))")
        #expect(grid.contains("#\(id) Drawn mug"))
        // ₩3,000 and the price before the discount struck through.
        #expect(grid.contains("₩3,000 \(Self.escape)[9m₩3,500\(Self.escape)[29m"), "\(PTYSession.visible(grid))")
        #expect(grid.contains("sold out"), "in the shell's language: \(PTYSession.visible(grid))")
    }

    @Test func nothingIsDrawnThroughAPipeNorInJSONMode() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let id = try await Self.register(home)
        for line in ["show \(id)", "show \(id) --photos", "list --grid"] {
            let piped = try await ChildProcess.run(Self.binary, ["-c", line], environment: Self.terminal(home))
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout.contains("Drawn mug"))
            #expect(!piped.stdout.contains(Self.escape) && !piped.stderr.contains(Self.escape), "\(line)")
        }
        // On a terminal in JSON mode: the server's document, no drawing.
        let environment = Self.terminal(home)
        let transcript = try await blocking {
            let session = try PTYSession(
                executable: Self.binary, arguments: ["--json", "-c", "show \(id)"], environment: environment)
            defer { session.terminate() }
            _ = try session.waitForExit(timeout: .seconds(60))
            return session.transcript
        }
        #expect(transcript.contains("\"Drawn mug\""))
        #expect(!transcript.contains(Self.escape), "\(PTYSession.visible(transcript))")
    }
}
