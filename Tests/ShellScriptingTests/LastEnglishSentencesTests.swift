import Foundation
import MarketTestSupport
import OpenMarketContract
import SellerShell
import Testing

@testable import ShellScripting

/// Issue 40's last English sentences: each is said in Korean under `--lang ko` (the binary, as a
/// seller runs it).
@Suite struct LastEnglishSentencesTests {
    /// `help list` explains the filters, `--grid` and the fields in the reader's language.
    @Test func helpListsNotesAreKoreanInKorean() async throws {
        try await BinaryWorld.with { world in
            let ran = try await world.run(world.serverArguments + ["--lang", "ko", "-c", "help list"])
            #expect(ran.stdout.contains("필터와 --sort는 가져온 상품"), "\(ran.stdout)")
            #expect(ran.stdout.contains("필드: id, "), "\(ran.stdout)")
            #expect(!ran.stdout.contains("filters and --sort apply"), "\(ran.stdout)")
        }
    }

    /// Under `--profile`, the environment's credentials are refused in Korean.
    @Test func environmentCredentialsUsedNowhereAreRefusedInKorean() async throws {
        try await BinaryWorld.with { world in
            let staging = try MisbehavingServer.answering(status: 200, body: #""OK""#)
            defer { staging.stop() }
            try world.home.saveProfile(
                "staging", server: staging.baseURL.absoluteString, identifier: "7d1e2f3a-aaaa-4bbb-8ccc-0d1e2f3a4b5c",
                secret: "staging-secret-7")
            let script = try world.write("shared.om", "login ${env.OPENMARKET_IDENTIFIER}\n")
            let ran = try await world.run(["--lang", "ko", "--profile", "staging", "run", script])
            #expect(ran.status != 0)
            #expect(ran.stderr.contains("이 세션에서는 어느 서버도 OPENMARKET_IDENTIFIER 값을 쓰지 않습니다"), "\(ran.stderr)")
            #expect(!ran.stderr.contains("is used by no server"), "\(ran.stderr)")
        }
    }

    /// The explanations' data files missing: the one line is the reader's language, with the
    /// folders searched.
    @Test func missingExplanationsAreSaidInKorean() {
        let line = Language.$current.withValue(.ko) { ScreenMessage.explanationsMissing(searched: ["/a", "/b"]).text }
        #expect(line == "설명 파일을 찾을 수 없습니다(찾아본 곳: /a, /b). OPENMARKET_EXPLANATIONS_DIR에 en.json과 ko.json이 있는 폴더를 지정하세요")
    }

    /// A raw DELETE whose product this session did not read first (its URI came from another
    /// session): `undo` says why it cannot register it again in the reader's language.
    @Test func undoOfARawDeleteNotReadFirstSaysWhyInKorean() async throws {
        try await ScriptFixture.with { f in
            let console = RecordingConsole()
            let session = UndoTests.session(f, console)
            let id = try await UndoTests.register(f, session, console)
            let other = UndoTests.session(f, RecordingConsole())
            let archived = await other.execute("POST /api/products/\(id)/archived \(UndoTests.typedSecret(f))")
            let uri = String(decoding: try #require(archived.outcome?.answer?.body), as: UTF8.self)
            await UndoTests.ok(session, "DELETE \(uri)", console)
            let undo = await Language.$current.withValue(.ko) { await session.execute("undo") }
            #expect(undo.status != .ok)
            let said = console.notes
            #expect(said.contains("사진을 저장해 두지 않았습니다"), "\(said)")
            #expect(!said.contains("were not read before this DELETE"), "\(said)")
        }
    }
}
