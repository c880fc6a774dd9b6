import Foundation
import MarketTestSupport
import Testing

/// Colour in a real terminal (issue 11, item 12): errors red and sold-out marks painted when
/// colour is on, not one escape code in what the shell prints when `NO_COLOR` is set; dates in
/// the zone `TZ` names. One program at a time, as in the other binary suites.
@Suite("Colour and local time in a terminal", .serialized)
struct ColourTerminalTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }
    static let red = "\u{1B}[31m"
    static let reset = "\u{1B}[0m"

    /// A terminal environment with colour on: `TestHome` sets NO_COLOR, taken off here.
    static func colourEnvironment(_ home: TestHome) -> [String: String] {
        var environment = home.environment
        environment["NO_COLOR"] = nil
        return environment
    }

    /// Starts the shell in a pty, runs `line` and returns what it printed for that line (from
    /// the end of the echoed line up to the next prompt), and the whole transcript.
    static func run(
        _ line: String, expecting text: String, environment: [String: String]
    ) throws -> (output: String, transcript: String) {
        let session = try PTYSession(executable: binary, arguments: [], environment: environment)
        defer { session.terminate() }
        _ = try session.expect("> ", timeout: .seconds(60))
        try session.waitForRawMode(timeout: .seconds(30))
        session.send(line + "\r")
        _ = try session.expect("\n", timeout: .seconds(60))  // the line, echoed and entered
        let output = try session.expect(text, timeout: .seconds(60)) + session.expect("> ", timeout: .seconds(60))
        try session.waitForRawMode(timeout: .seconds(30))
        session.send("\u{04}")
        _ = try session.waitForExit(timeout: .seconds(60))
        // Without the next prompt (its own line, coloured when colour is on). Cut by bytes: the
        // terminal ends lines in "\r\n", a single Character to Swift.
        let cut = output.utf8.lastIndex(of: UInt8(ascii: "\n")) ?? output.utf8.endIndex
        return (String(decoding: output.utf8[..<cut], as: UTF8.self), session.transcript)
    }

    @Test func aFailingCommandsErrorIsRedWithColourOn() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let environment = Self.colourEnvironment(home)
        let (output, _) = try await blocking {
            try Self.run("show 99999", expecting: "refused (404)", environment: environment)
        }
        #expect(output.contains(Self.red + "show 99999: the server refused (404)"), "\(PTYSession.visible(output))")
    }

    @Test func withNO_COLORTheShellPrintsNoEscapeByte() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let environment = home.environment  // NO_COLOR=1
        let (output, transcript) = try await blocking {
            try Self.run("show 99999", expecting: "refused (404)", environment: environment)
        }
        #expect(output.contains("show 99999: the server refused (404)"))
        // Not in the error, nor anywhere else: banner, prompt, echo.
        #expect(!transcript.contains("\u{1B}"), "\(PTYSession.visible(transcript))")
    }

    @Test func aSoldOutStockIsPaintedInTheTableWithColourOn() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        // Registered beforehand without a terminal (and without colour): the product is there.
        let made = try await ChildProcess.run(
            Self.binary,
            [
                "-c",
                "register name='Sold out mug' description='None left of this one' price=10 currency=USD stock=0 image='\(image)'",
            ],
            environment: home.environment)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(!made.stdout.contains("\u{1B}") && !made.stderr.contains("\u{1B}"), "colour without a terminal")
        let environment = Self.colourEnvironment(home)
        let (output, _) = try await blocking { try Self.run("list", expecting: "Sold out mug", environment: environment) }
        #expect(output.contains(Self.red + "sold out" + Self.reset), "\(PTYSession.visible(output))")
    }

    /// The zone of the dates is the one `TZ` names: nine hours apart between Seoul and UTC.
    @Test func showPrintsDatesInTheZoneOfTZ() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        let register = "register name='Dated mug' description='Shown in local time' price=10 currency=USD image='\(image)'"
        let made = try await ChildProcess.run(Self.binary, ["-c", register], environment: home.environment)
        #expect(made.status == 0, "\(made.stderr)")
        let id = try #require(made.stdout.split(separator: " ").first.map { String($0.dropFirst()) })
        func created(_ zone: String) async throws -> String {
            let shown = try await ChildProcess.run(
                Self.binary, ["-c", "show \(id)"], environment: home.environment(["TZ": zone]))
            let line = shown.stdout.split(separator: "\n").first { $0.hasPrefix("  created") }
            return line.map(String.init) ?? shown.stdout + shown.stderr
        }
        let seoul = try await created("Asia/Seoul")
        let utc = try await created("UTC")
        #expect(seoul.hasSuffix(" +09:00"), "\(seoul)")
        #expect(utc.hasSuffix(" UTC"), "\(utc)")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        func moment(_ line: String) -> Date? { formatter.date(from: String(line.dropFirst(15).prefix(16))) }
        let gap = try #require(moment(seoul)).timeIntervalSince(try #require(moment(utc)))
        #expect(gap == 9 * 3600, "\(seoul) / \(utc)")
    }
}
