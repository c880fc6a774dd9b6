import Foundation
import MarketTestSupport
import TerminalText
import Testing

/// Issue 40, item 3: on a Korean teacher's 80×24 projector with no pager (`PAGER=`), every
/// screen fits 80 columns and long output pauses at 24 rows: `help`, `help import`, the
/// `explain` index, the explanations after an exchange (each said once, then referred to) and a
/// search's URL decoded, `list --grid`, and a stepped lesson (its title block, its commands folded
/// between words, `c` and `q` at any page).
@Suite("openmarket on an 80×24 screen", .serialized)
struct ScreenFitBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }
    static let more = "── 더 보기"

    /// The lines a terminal shows: escape sequences taken out, each line (its `\r\n` end left
    /// out) as it is after its last carriage return (a pause's prompt is erased by `\r`).
    static func screenLines(_ transcript: String) -> [String] {
        let plain = transcript.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        return plain.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let ended = line.last == "\r" ? line.dropLast() : line[...]
            return String(String.UnicodeScalarView(ended.split(separator: "\r", omittingEmptySubsequences: false).last ?? []))
        }
    }

    /// A copy of a lesson in `home`, with the photos it sends beside it as in the repository:
    /// its journal is kept there, not beside the repository's lesson.
    static func lesson(_ name: String, in home: TestHome) throws -> String {
        let examples = Fixtures.packageRoot.appendingPathComponent("scripts/examples")
        let copy = home.root.appendingPathComponent("examples")
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("lessons/ko"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: examples.appendingPathComponent("photos"), to: copy.appendingPathComponent("photos"))
        let lesson = copy.appendingPathComponent("lessons/ko/\(name)")
        try FileManager.default.copyItem(at: examples.appendingPathComponent("lessons/ko/\(name)"), to: lesson)
        return lesson.path
    }

    /// The rows a page filled before its pause: what `segment` (up to the pause's prompt)
    /// printed after its first `skipping` lines (the typed command), the prompt's own row left out.
    static func pageRows(_ segment: String, skipping: Int) -> Int {
        screenLines(segment).dropFirst(skipping).dropLast().count
    }

    /// Every line from `start` on (the program's own start-up lines before it are not these
    /// screens) fits 80 columns, but for a single word wider than a line, kept whole on a line
    /// of its own so that it can be copied (a photo's URL in a server's answer).
    static func expectEveryLineFits(
        _ transcript: String, from start: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let range = transcript.range(of: start) else {
            Issue.record("no \(start)", sourceLocation: sourceLocation)
            return
        }
        for line in screenLines(String(transcript[range.lowerBound...])) where TerminalText.width(line) > 80 {
            if !line.trimmingCharacters(in: .whitespaces).contains(" ") { continue }
            Issue.record("\(TerminalText.width(line)) columns: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func helpExplainAndTheExplanationsFitAndPageAt24Rows() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let description = String(repeating: "설명이 아주 길어서 한 줄에 다 들어가지 않는 상품입니다. ", count: 3)
        let image = Fixtures.image("coffee-small.jpg").path
        let made = try await ChildProcess.run(
            Self.binary,
            ["-c", "register name='긴 설명 머그' description='\(description)' price=1000 currency=KRW stock=1 image='\(image)'"],
            environment: home.environment, timeout: .seconds(300))
        #expect(made.status == 0, "\(made.stderr)")
        let id = try #require(made.stdout.firstMatch(of: /#(\d+)/).map { String($0.1) }, "\(made.stdout)")
        let environment = home.environment(["PAGER": ""])
        let (pages, transcript) = try await blocking { () throws -> ([String: Int], String) in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["--lang", "ko"], environment: environment, columns: 80, rows: 24)
            defer { session.terminate() }
            var pages: [String: Int] = [:]
            func type(_ line: String) throws {
                try session.waitForRawMode(timeout: .seconds(30))
                session.send(line + "\r")
            }
            _ = try session.expect("> ", timeout: .seconds(60))
            try type("help")
            pages["help"] = Self.pageRows(try session.expect(Self.more, timeout: .seconds(30)), skipping: 1)
            session.send("q")
            _ = try session.expect("> ", timeout: .seconds(30))
            try type("help import")
            pages["help import"] = Self.pageRows(try session.expect(Self.more, timeout: .seconds(30)), skipping: 1)
            session.send("c")
            _ = try session.expect("> ", timeout: .seconds(30))
            for line in [
                "explain", "set explain on", "GET /api/products search_value==파란", "GET /api/products search_value==파란",
                "set explain off", "set photos off", "show \(id)",
            ] {
                try type(line)
                _ = try session.expect("> ", timeout: .seconds(60))
            }
            try type("exit")
            _ = try session.waitForExit(timeout: .seconds(60))
            return (pages, session.transcript)
        }
        // Paged at the screen's height: a full page, the last row the pause's.
        #expect((20...23).contains(pages["help"] ?? 0), "\(pages): \(transcript)")
        #expect((20...23).contains(pages["help import"] ?? 0), "\(pages): \(transcript)")
        Self.expectEveryLineFits(transcript, from: "> help")
        let lines = Self.screenLines(transcript)
        // `q` at the pause: the rest of `help` is not shown.
        #expect(!lines.contains { $0.hasPrefix("  exit ") }, "\(transcript)")
        // `help import`'s flags align by display width, `--match name|id` too.
        let format = try #require(lines.first { $0.hasPrefix("  --format ") }, "\(transcript)")
        let match = try #require(lines.first { $0.hasPrefix("  --match ") }, "\(transcript)")
        func descriptionColumn(_ line: String) -> Int {
            let scalars = Array(line.unicodeScalars)
            var index = 2
            while index < scalars.count, scalars[index] != " " { index += 1 }  // the flag
            if scalars[index + 1] != " " {  // its placeholder
                index += 1
                while index < scalars.count, scalars[index] != " " { index += 1 }
            }
            while index < scalars.count, scalars[index] == " " { index += 1 }
            return TerminalText.width(String(String.UnicodeScalarView(scalars[..<index])))
        }
        #expect(descriptionColumn(match) == descriptionColumn(format), "\(format)\n\(match)")
        // The explain index is folded in rows by kind.
        #expect(lines.contains { $0.hasPrefix("  메서드 ") && $0.contains("DELETE GET") }, "\(transcript)")
        // The search is shown decoded, and the second time its explanations are referred to.
        #expect(lines.contains { $0.contains("GET /api/products?search_value=파란 → 200") }, "\(transcript)")
        #expect(!transcript.contains("%ED%8C%8C"), "\(transcript)")
        #expect(lines.filter { $0.hasPrefix("  ↳ GET: ") }.count == 1, "\(transcript)")
        #expect(lines.contains { $0.hasPrefix("  ↳ GET · ") && $0.hasSuffix("앞에서 설명했습니다") }, "\(transcript)")
        // A long description folds between words under its value's column.
        let described = try #require(lines.firstIndex { $0.hasPrefix("  설명 ") }, "\(transcript)")
        let column = descriptionColumn(lines[described])
        #expect(lines[described + 1].hasPrefix(String(repeating: " ", count: column)), "\(transcript)")
        #expect(lines[described + 1].unicodeScalars.dropFirst(column).first != " ", "\(transcript)")
    }

    @Test func listGridPagesAt24Rows() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        let seed = (1...3).map {
            "register name='Grid mug \($0)' description='A mug for the grid' price=1000 currency=KRW image='\(image)'"
        }
        let script = home.root.appendingPathComponent("seed.om")
        try (seed.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
        let seeded = try await ChildProcess.run(
            Self.binary, ["run", script.path], environment: home.environment, timeout: .seconds(300))
        #expect(seeded.status == 0, "\(seeded.stderr)")
        let environment = home.environment(terminal: "xterm-256color", ["COLORTERM": "truecolor", "PAGER": ""])
        let (page, transcript) = try await blocking { () throws -> (Int, String) in
            let session = try PTYSession(executable: Self.binary, environment: environment, columns: 80, rows: 24)
            defer { session.terminate() }
            _ = try session.expect("> ", timeout: .seconds(60))
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("list --grid\r")
            let page = Self.pageRows(try session.expect("── more", timeout: .seconds(60)), skipping: 1)
            session.send("\r")
            _ = try session.expect("> ", timeout: .seconds(60))
            try session.waitForRawMode(timeout: .seconds(30))
            session.send("exit\r")
            _ = try session.waitForExit(timeout: .seconds(60))
            return (page, session.transcript)
        }
        #expect((18...23).contains(page), "\(page) rows: \(transcript)")
        #expect(transcript.contains("Grid mug 1"), "the rest after Enter: \(transcript)")
        Self.expectEveryLineFits(transcript, from: "> list --grid")
    }

    /// A stepped Korean lesson: its title block pauses before it would scroll away, the long
    /// POST folds between words (`secret=@secret` whole), and `q` at an answer's page stops.
    @Test func aSteppedLessonPagesItsTitleFoldsItsCommandsAndQQuitsFromAPage() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let lesson = try Self.lesson("01-methods.om", in: home)
        let environment = home.environment(["PAGER": ""])
        let (title, post, transcript) = try await blocking { () throws -> (Int, String, String) in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["--lang", "ko", "run", lesson, "--step"], environment: environment,
                columns: 80, rows: 24)
            defer { session.terminate() }
            let opening = try session.expect(Self.more, timeout: .seconds(60))
            let title = Self.pageRows(String(opening[opening.range(of: "# 1강")!.lowerBound...]), skipping: 0)
            session.send("\r")
            _ = try session.expect("q: 그만두기", timeout: .seconds(30))  // GET /healthChecker
            session.send("\r")
            _ = try session.expect("q: 그만두기", timeout: .seconds(30))  // GET /api/products
            session.send("\r")
            // Its answer's pages (both prompts say `q: 그만…`), then the POST's step.
            var post = try session.expect("q: 그만", timeout: .seconds(60))
            while post.contains(Self.more) {
                session.send("\r")
                post = try session.expect("q: 그만", timeout: .seconds(60))
            }
            session.send("\r")
            _ = try session.expect(Self.more, timeout: .seconds(60))
            session.send("q")
            _ = try session.expect("멈췄습니다", timeout: .seconds(30))
            _ = try session.waitForExit(timeout: .seconds(60))
            return (title, post, session.transcript)
        }
        #expect((15...23).contains(title), "\(title) rows before the title's pause: \(transcript)")
        #expect(transcript.contains("1강"), "\(transcript)")
        let postLines = Self.screenLines(post).filter { !$0.isEmpty }
        let command = try #require(postLines.firstIndex { $0.hasPrefix("▶ POST ") }, "\(post)")
        let folded = postLines[command...].prefix { !$0.hasPrefix("[") }
        #expect(folded.count > 1, "\(post)")
        #expect(folded.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(post)")
        #expect(folded.contains { $0.contains("secret=@secret") }, "not cut mid-word: \(post)")
        Self.expectEveryLineFits(transcript, from: "# 1강")
        // `q` stopped the run: nothing after the POST's line was sent or asked about.
        let afterQuit = try #require(transcript.range(of: "멈췄습니다"))
        #expect(!transcript[afterQuit.upperBound...].contains("Enter: 보내기"), "\(transcript)")
    }

    /// `c` at an answer's page runs the rest of the lesson to its end: no more pages, no steps.
    @Test func cAtAPageRunsTheLessonToItsEndWithoutPages() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let lesson = try Self.lesson("01-methods.om", in: home)
        let environment = home.environment(["PAGER": ""])
        let (after, transcript) = try await blocking { () throws -> (String, String) in
            let session = try PTYSession(
                executable: Self.binary, arguments: ["--lang", "ko", "run", lesson, "--step"], environment: environment,
                columns: 80, rows: 24)
            defer { session.terminate() }
            _ = try session.expect(Self.more, timeout: .seconds(60))
            session.send("\r")
            _ = try session.expect("Enter: 보내기", timeout: .seconds(30))
            session.send("\r")
            _ = try session.expect("Enter: 보내기", timeout: .seconds(30))
            session.send("\r")
            _ = try session.expect(Self.more, timeout: .seconds(60))
            session.send("c")
            let after = try session.expect("01-methods.om: 요청 ", timeout: .seconds(120))
            _ = try session.waitForExit(timeout: .seconds(60))
            return (after, session.transcript)
        }
        #expect(!after.contains(Self.more), "one c, no more pages: \(after)")
        #expect(!after.contains("Enter: 보내기"), "no more steps: \(after)")
        Self.expectEveryLineFits(transcript, from: "# 1강")
    }
}
