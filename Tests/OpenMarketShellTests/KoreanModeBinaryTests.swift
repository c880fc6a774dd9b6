import Foundation
import MarketTestSupport
import Testing

/// Issue 24: the `openmarket` binary speaks Korean when the locale or `--lang ko` asks for it,
/// English otherwise, and says in one line what `--lang` takes.
@Suite("openmarket: Korean mode", .serialized)
struct KoreanModeBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    func run(_ arguments: [String], home: TestHome, _ extra: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(Self.binary, arguments, environment: home.environment(extra), timeout: .seconds(300))
    }

    @Test func aKoreanLocaleGetsKoreanHelpAndMessages() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await run(["-c", "help", "-c", "help stock", "-c", "lsit"], home: home, ["LANG": "ko_KR.UTF-8"])
        #expect(result.stdout.contains("명령:"), "\(result.stdout)")
        #expect(result.stdout.contains("재고를 "), "stock's summary in Korean: \(result.stdout)")
        #expect(result.stdout.contains("사용법: stock ID…"), "\(result.stdout)")
        #expect(!result.stdout.contains("commands:") && !result.stdout.contains("usage:"), "\(result.stdout)")
        #expect(result.stderr.contains("알 수 없는 명령입니다: 'lsit' — 혹시 'list' 말인가요?"), "\(result.stderr)")
        // The local market's banner too.
        #expect(result.stderr.contains("로컬 마켓: http://127.0.0.1:"), "\(result.stderr)")
    }

    @Test func langChoosesOverTheLocaleBothWays() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let korean = try await run(["--lang", "ko", "-c", "help"], home: home, ["LANG": "en_US.UTF-8"])
        #expect(korean.stdout.contains("명령:"), "\(korean.stdout)")
        let english = try await run(["--lang", "en", "-c", "help"], home: home, ["LANG": "ko_KR.UTF-8"])
        #expect(english.stdout.contains("commands:") && !english.stdout.contains("명령:"), "\(english.stdout)")
        // Under a Korean `--lang`, explain answers in Korean without its own flag.
        let explained = try await run(["--lang", "ko", "-c", "explain 412"], home: home, ["LANG": "C"])
        #expect(explained.stdout.contains("412 Precondition Failed"), "\(explained.stdout)")
        #expect(explained.stdout.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(explained.stdout)")
    }

    @Test func anUnknownLanguageIsOneLineSayingWhatLangTakes() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let result = try await run(["--lang", "fr", "-c", "help"], home: home)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--lang takes en or ko (got 'fr')"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }
}
