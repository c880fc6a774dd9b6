import Foundation
import MarketTestSupport
import TerminalText
import Testing

/// `openmarket --help` and the program's own argument errors speak the reader's language
/// (`--lang`, else the locale), read before the arguments are parsed; completion scripts and the
/// manual's dump stay English, whatever the locale (they are installed for everyone).
@Suite("openmarket: help and argument errors in the reader's language", .serialized)
struct ProgramLanguageBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    func run(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> ChildProcess.Result {
        let home = try TestHome.make()
        defer { home.remove() }
        return try await ChildProcess.run(Self.binary, arguments, environment: home.environment(extra), timeout: .seconds(300))
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    @Test func helpIsKoreanUnderLangKo() async throws {
        let help = try await run(["--lang", "ko", "--help"], ["LANG": "C"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Open Market API로 상품을 파는 판매자를 위한 셸입니다."), "\(help.stdout)")
        #expect(help.stdout.contains("저장한 프로필로 로그인합니다('login --save NAME'"), "\(help.stdout)")
        #expect(help.stdout.contains("종료 상태: 0 모두 성공"), "\(help.stdout)")
        #expect(!help.stdout.contains("Log in with a saved profile"), "\(help.stdout)")
    }

    /// ArgumentParser writes its headings and its own flags' help in English and cannot be told
    /// otherwise: they are put in the reader's language after it (before, `OVERVIEW:`, `USAGE:`,
    /// `OPTIONS:` and `Show help information.` stayed English), and a usage error's frame too.
    @Test func argumentParsersOwnWordsAreKoreanUnderLangKo() async throws {
        let help = try await run(["--lang", "ko", "--help"])
        let lines = help.stdout.split(separator: "\n").map(String.init)
        for english in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:"] {
            #expect(!lines.contains { $0.hasPrefix(english) }, "\(english) in \(help.stdout)")
        }
        #expect(!help.stdout.contains("Show help information.") && !help.stdout.contains("Show the version."))
        #expect(lines.first?.hasPrefix("개요: Open Market API로") == true, "\(help.stdout)")
        #expect(lines.contains { $0.hasPrefix("사용법: openmarket [<options>]") }, "\(help.stdout)")
        #expect(lines.contains("옵션:") && lines.contains("인자:"), "\(help.stdout)")
        #expect(lines.contains { $0.hasPrefix("  -h, --help ") && $0.hasSuffix(" 도움말을 보여 줍니다.") }, "\(help.stdout)")
        #expect(lines.contains { $0.hasPrefix("  --version ") && $0.hasSuffix(" 버전을 보여 줍니다.") }, "\(help.stdout)")

        let error = try await run(["--lang", "ko", "--bogus"])
        #expect(error.status == 2)
        #expect(error.stderr.hasPrefix("오류: 알 수 없는 옵션입니다: '--bogus'"), "\(error.stderr)")
        #expect(error.stderr.contains("\n사용법: openmarket "), "\(error.stderr)")
        #expect(error.stderr.contains("\n  'openmarket --help'에 자세히 나옵니다."), "\(error.stderr)")

        // ArgumentParser's own errors too, and the option's help under them on one line (it was
        // folded for the help's column, and broke at column 0 here).
        let missing = try await run(["--lang", "ko", "--server"])
        #expect(missing.status == 2)
        let said = missing.stderr.split(separator: "\n").map(String.init)
        #expect(said.first == "오류: '--server <server>'의 값이 빠졌습니다", "\(missing.stderr)")
        #expect(said.dropFirst().first?.hasPrefix("도움말:  --server <server>  마켓의 URL입니다.") == true, "\(missing.stderr)")
        #expect(said.dropFirst(2).first?.hasPrefix("사용법: openmarket ") == true, "\(missing.stderr)")
        let invalid = try await run(["--lang", "ko", "--local-port", "abc"])
        #expect(invalid.stderr.hasPrefix("오류: '--local-port <N>'에 'abc'은(는) 쓸 수 없습니다\n"), "\(invalid.stderr)")

        let english = try await run(["--lang", "en", "--help"])
        #expect(english.stdout.hasPrefix("OVERVIEW: A shell for sellers"), "\(english.stdout)")
        #expect(english.stdout.contains("\nOPTIONS:\n") && english.stdout.contains(" Show help information.\n"))
    }

    /// ArgumentParser counts characters; a Korean syllable is two columns: folded first, the
    /// Korean help fits the width it was laid out for (before, lines of up to 105 columns at 80).
    @Test(arguments: [80, 60])
    func koreanHelpFitsTheScreensWidth(columns: Int) async throws {
        let help = try await run(["--lang", "ko", "--help"], ["COLUMNS": String(columns)])
        let wide = help.stdout.split(separator: "\n").filter { TerminalText.width(String($0)) > columns }
        #expect(wide.isEmpty, "\(wide.joined(separator: "\n"))")
    }

    @Test func helpFollowsAKoreanLocaleAndLangEnOverridesIt() async throws {
        let korean = try await run(["--help"], ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stdout.contains("영어(en)나 한국어(ko)로 말합니다."), "\(korean.stdout)")
        let english = try await run(["--lang=en", "--help"], ["LANG": "ko_KR.UTF-8"])
        #expect(english.stdout.contains("A shell for sellers on the Open Market API."), "\(english.stdout)")
        #expect(!Self.hasHangul(english.stdout), "\(english.stdout)")
    }

    @Test func completionScriptsAndTheManualsDumpStayEnglish() async throws {
        let completion = try await run(["--generate-completion-script", "bash"], ["LANG": "ko_KR.UTF-8"])
        #expect(completion.status == 0)
        #expect(!Self.hasHangul(completion.stdout))
        let dump = try await run(["--experimental-dump-help"], ["LANG": "ko_KR.UTF-8"])
        #expect(dump.stdout.contains("A shell for sellers on the Open Market API."))
        #expect(!Self.hasHangul(dump.stdout))
    }

    @Test func anArgumentErrorIsKoreanUnderLangKo() async throws {
        let both = try await run(["--lang", "ko", "--resume", "--restart", "run", "x.om"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--resume은 지난 실행을 이어 가고 --restart는 처음부터 다시 합니다: 하나만 고르세요"), "\(both.stderr)")
        let neither = try await run(["lsit", "--mine"], ["LANG": "ko_KR.UTF-8"])
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("'lsit'은(는) 명령도 스크립트 파일도 아닙니다 (혹시 'list' 말인가요?)"), "\(neither.stderr)")
        // A bare word that is neither is said to be so, not read as a script file that is missing.
        let bare = try await run(["lesson"], ["LANG": "C.UTF-8"])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("'lesson' is neither a command nor a script file"), "\(bare.stderr)")
        let port = try await run(["--lang", "ko", "--local-port", "70000", "-c", "health"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("--local-port는 1에서 65535 사이여야 합니다(받은 값: 70000)"), "\(port.stderr)")
    }

    /// A graded script that failed without a word is reported by its exit status, in the
    /// reader's language too (a JUnit report's message).
    @Test func aSilentFailuresReportIsKoreanUnderLangKo() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let script = home.root.appendingPathComponent("silent.om")
        let report = home.root.appendingPathComponent("report.xml")
        try Data("exit 3\n".utf8).write(to: script)
        let result = try await ChildProcess.run(
            Self.binary, ["--lang", "ko", "test", script.path, "--report-junit", report.path], environment: home.environment,
            timeout: .seconds(300))
        #expect(result.status == 1, "\(result.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains(#"message="종료 상태 3""#), "\(xml)")
    }

    /// A language `--lang` does not take is said in the locale's language, the only one known.
    @Test func anUnknownLangIsSaidInTheLocalesLanguage() async throws {
        let result = try await run(["--lang", "fr", "-c", "help"], ["LANG": "ko_KR.UTF-8"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--lang에는 en이나 ko를 씁니다(받은 값: 'fr')"), "\(result.stderr)")
    }
}
