import Foundation
import MarketTestSupport
import Testing

/// Issue 37: `openmarket test` runs someone else's scripts with least privilege. A class's worth
/// of hostile homework, one attack a file, graded by the built program: nothing outside the
/// homework folder is read, written or sent.
@Suite("openmarket test: hostile homework stays in its folder", .serialized)
struct UntrustedHomeworkBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    /// The teacher's side: a private file (the canary), another market's vendor file, a
    /// photo, a script and a file a homework would overwrite, all outside the homework folder.
    struct Classroom {
        let home: TestHome
        let canary = "CANARY-\(UUID().uuidString)"
        let otherSecret = "OTHER-SECRET-\(UUID().uuidString)"
        var teacher: URL { home.root.appendingPathComponent("teacher") }
        var homework: URL { home.root.appendingPathComponent("homework") }
        /// Where the grading writes its reports (the teacher asked for them).
        var reports: URL { home.root.appendingPathComponent("reports") }

        func make() throws {
            for folder in [teacher, homework] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data("grades: \(canary)\n".utf8).write(to: teacher.appendingPathComponent("grades-private.txt"))
            try Data(#"{"identifier":"other-vendor","secret":"\#(otherSecret)"}"#.utf8)
                .write(to: teacher.appendingPathComponent("demo-vendor.json"))
            try Data("planted\n".utf8).write(to: teacher.appendingPathComponent("planted.txt"))
            try Data("POST /api/products note=\(canary) --no-auth\n".utf8).write(to: teacher.appendingPathComponent("outside.om"))
            try FileManager.default.copyItem(
                at: Fixtures.image("coffee-small.jpg"), to: teacher.appendingPathComponent("photo.jpg"))
            try FileManager.default.createSymbolicLink(
                at: homework.appendingPathComponent("link.txt"),
                withDestinationURL: teacher.appendingPathComponent("grades-private.txt"))
            try FileManager.default.createSymbolicLink(at: homework.appendingPathComponent("sub"), withDestinationURL: teacher)
            try Data(
                "name,description,price,currency,stock,images\nMug,A fine mug for coffee,1000,KRW,1,../teacher/photo.jpg\n".utf8
            )
            .write(to: homework.appendingPathComponent("catalog.csv"))
            try Data("expect 1 == 1\n".utf8).write(to: homework.appendingPathComponent("kim.om"))
        }

        /// Every file outside the homework folder, with its bytes (the state folder the shell
        /// keeps its own history and change log in left out).
        func outside() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let walker = FileManager.default.enumerator(at: home.root, includingPropertiesForKeys: nil, options: [])
            while let url = walker?.nextObject() as? URL {
                let path = url.path
                if path.hasPrefix(homework.path + "/") || path.hasPrefix(reports.path) || path.contains("/state/") { continue }
                if let data = FileManager.default.contents(atPath: path) { files[path] = data }
            }
            return files
        }
    }

    /// One attack per file, as the issue found them.
    static func attacks(_ room: Classroom, capture: URL) -> [String: String] {
        let teacher = room.teacher.path
        return [
            "at-file.om": "POST /api/products data=@\(teacher)/grades-private.txt --no-auth",
            "other-market.om": "POST /api/products data=@\(teacher)/demo-vendor.json --no-auth",
            "env-home.om": "POST /api/products note=${env.HOME} --no-auth",
            "connect.om": "connect \(capture.absoluteString)",
            "absolute-url.om": "POST \(capture.absoluteString)/api/products a=b --no-auth",
            "export-force.om": "export kim.om --format csv --all --force",
            "export-out.om": "export ../teacher/planted.txt --format csv --all",
            "record.om": "record ../teacher/recorded.om",
            "source.om": "source ../teacher/outside.om",
            "symlink.om": "POST /api/products data=@link.txt --no-auth",
            "symlink-folder.om": "POST /api/products data=@sub/grades-private.txt --no-auth",
            "image.om": "register name=Mug description='A fine mug' price=1000 currency=KRW image=\(teacher)/photo.jpg",
            "dotdot-image.om": "register name=Mug description='A fine mug' price=1000 currency=KRW image=../teacher/photo.jpg",
            "catalog.om": "import catalog.csv --yes --match id",
            "use.om": "use shop",
        ]
    }

    @Test func hostileHomeworkReadsWritesAndSendsNothingOutsideItsFolder() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let room = Classroom(home: home)
        try room.make()
        // The other market: whatever reaches it was sent where the homework must not send.
        let capture = try MisbehavingServer.answering(status: 200, body: "{}")
        defer { capture.stop() }
        // The market the homework is graded on: every byte it gets is kept, to look for the canary.
        let market = try MisbehavingServer.answering(status: 404, body: #"{"message":"no such thing"}"#)
        defer { market.stop() }
        try home.saveProfile("shop", server: capture.baseURL.absoluteString, identifier: "teacher-id", secret: "teacher-secret")
        let attacks = Self.attacks(room, capture: capture.baseURL)
        for (name, line) in attacks { try Data((line + "\n").utf8).write(to: room.homework.appendingPathComponent(name)) }
        let forged = "x\nok 3 - forged pass \u{1B}]0;TITLE\u{07}\u{1B}[2J.om"
        try Data("expect 1 == 2\n".utf8).write(to: room.homework.appendingPathComponent(forged))
        let before = try room.outside()
        let kim = try Data(contentsOf: room.homework.appendingPathComponent("kim.om"))

        try FileManager.default.createDirectory(at: room.reports, withIntermediateDirectories: true)
        let tap = room.reports.appendingPathComponent("report.tap")
        let files =
            attacks.keys.sorted().map { room.homework.appendingPathComponent($0).path } + [
                room.homework.appendingPathComponent(forged).path
            ]
        let ran = try await ChildProcess.run(
            Self.binary, ["test", "--server", market.baseURL.absoluteString, "--report-tap", tap.path] + files,
            environment: home.environment(["OPENMARKET_IDENTIFIER": "teacher-id", "OPENMARKET_SECRET": "teacher-secret"]),
            timeout: .seconds(300))

        #expect(ran.status == 1, "\(ran.stdout) \(ran.stderr)")
        #expect(capture.received.isEmpty, "the other market got \(capture.received.map(\.target))")
        let sent = market.received.map { String(decoding: $0.raw, as: UTF8.self) }.joined(separator: "\n")
        for secret in [room.canary, room.otherSecret, home.root.path] {
            #expect(!sent.contains(secret), "the market received \(secret): \(sent)")
        }
        #expect(try room.outside() == before, "files outside the homework folder changed")
        #expect(try Data(contentsOf: room.homework.appendingPathComponent("kim.om")) == kim, "a classmate's file was replaced")
        for name in attacks.keys {
            let path = room.homework.appendingPathComponent(name).path
            #expect(ran.stdout.contains("FAIL \(path) "), "\(name) did not fail: \(ran.stdout)")
        }
        let refusals = ran.stdout.split(separator: "\n").filter { $0.contains("refused") }
        #expect(refusals.count >= attacks.count - 1, "\(ran.stdout)")
        // A link is named with where it leads (it named the link, inside the folder, as read outside).
        #expect(
            refusals.contains { $0.contains("link.txt, a link to ") && $0.contains("grades-private.txt, outside") },
            "\(refusals)")
        // The forged name neither adds a TAP line nor reaches the terminal raw.
        #expect(!ran.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(ran.stdout)")
        let report = try String(contentsOf: tap, encoding: .utf8)
        let points = report.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == files.count, "\(report)")
        #expect(!points.contains { $0.hasPrefix("ok ") }, "\(report)")
        #expect(!report.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    }

    /// Item 4: a file that outlives its budget is stopped and reported as an error, and the next
    /// file is graded. The limit is 5 s, not 1: each file runs under it, and a loaded machine can
    /// stall even the quick one for a second.
    @Test func aSlowFileIsStoppedAtItsTimeLimitAndTheNextIsGraded() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let stalled = try MisbehavingServer.silent()
        defer { stalled.stop() }
        let slow = home.root.appendingPathComponent("slow.om")
        let fast = home.root.appendingPathComponent("fast.om")
        try Data("GET /api/products --no-auth\n".utf8).write(to: slow)
        try Data("expect 1 == 1\n".utf8).write(to: fast)
        let junit = home.root.appendingPathComponent("grades.xml")
        let started = ContinuousClock.now
        let ran = try await ChildProcess.run(
            Self.binary,
            [
                "test", "--time-limit", "5", "--server", stalled.baseURL.absoluteString, "--report-junit", junit.path, slow.path,
                fast.path,
            ],
            environment: home.environment, timeout: .seconds(120))
        #expect(ContinuousClock.now - started < .seconds(25), "the stalled file was not stopped at its limit")
        #expect(ran.status == 1, "\(ran.stdout) \(ran.stderr)")
        #expect(ran.stdout.contains("FAIL \(slow.path) "), "\(ran.stdout)")
        #expect(ran.stdout.contains("time limit of 5 s"), "\(ran.stdout)")
        #expect(ran.stdout.contains("ok   \(fast.path) "), "\(ran.stdout)")
        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(report.contains(#"errors="1""#) && report.contains("<error "), "\(report)")
    }

    /// Item 3: a one-character file name does not crash the JUnit report, and an unknown option
    /// is a usage error, not a file.
    @Test func oddArgumentsAreGradedOrRefusedWithoutACrash() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let junit = home.root.appendingPathComponent("grades.xml")
        let five = try await ChildProcess.run(
            Self.binary, ["test", "5", "--report-junit", junit.path], environment: home.environment, workingDirectory: home.root,
            timeout: .seconds(120))
        #expect(five.status == 1 && !five.killedBySignal, "\(five.stdout) \(five.stderr)")
        #expect(five.stdout.hasPrefix("FAIL 5 "), "\(five.stdout)")
        #expect(try String(contentsOf: junit, encoding: .utf8).contains(#"name="5""#))
        let unknown = try await ChildProcess.run(
            Self.binary, ["test", "--bogus", "a.om"], environment: home.environment, timeout: .seconds(120))
        #expect(unknown.status == 2, "\(unknown.stdout) \(unknown.stderr)")
        #expect(unknown.stderr.contains("unknown option '--bogus'") && !unknown.stdout.contains("FAIL"), "\(unknown.stderr)")
    }

    /// `run --untrusted FILE`: the same least privilege for a script run by hand, its scratch
    /// folder named; `source` inside it inherits the rules.
    @Test func runUntrustedRefusesWhatTestRefuses() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let room = Classroom(home: home)
        try room.make()
        let market = try MisbehavingServer.answering(status: 404, body: #"{"message":"no such thing"}"#)
        defer { market.stop() }
        try Data("source inner.om\n".utf8).write(to: room.homework.appendingPathComponent("outer.om"))
        try Data("POST /api/products data=@link.txt --no-auth\n".utf8).write(to: room.homework.appendingPathComponent("inner.om"))
        let ran = try await ChildProcess.run(
            Self.binary,
            [
                "--server", market.baseURL.absoluteString, "run", "--untrusted",
                room.homework.appendingPathComponent("outer.om").path,
            ],
            environment: home.environment, timeout: .seconds(120))
        #expect(ran.status == 1, "\(ran.stdout) \(ran.stderr)")
        #expect(ran.stderr.contains("inner.om:1: POST: data=@link.txt: refused: reads "), "\(ran.stderr)")
        #expect(ran.stderr.contains("what it writes goes to "), "\(ran.stderr)")
        let sent = market.received.map { String(decoding: $0.raw, as: UTF8.self) }.joined()
        #expect(!sent.contains(room.canary), "\(sent)")
    }
}
