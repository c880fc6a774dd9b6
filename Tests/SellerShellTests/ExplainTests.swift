import Foundation
import MarketTestSupport
import OpenMarketAPI
import OpenMarketContract
import Testing

@testable import SellerShell

/// `explain` and `set explain on` (issue 13, item 4): texts from data files, in English and
/// Korean, on their own or after each exchange.
@Suite("Explanations")
struct ExplainTests {
    @Test func bothLanguagesExplainTheSameThings() throws {
        let english = try ExplanationBook.load("en")
        let korean = try ExplanationBook.load("ko")
        #expect(Set(english.methods.keys) == Set(korean.methods.keys))
        #expect(Set(english.statuses.keys) == Set(korean.statuses.keys))
        #expect(Set(english.headers.keys) == Set(korean.headers.keys))
        #expect(Set(english.operations.keys) == Set(korean.operations.keys))
        #expect(Set(english.labels.keys) == Set(korean.labels.keys))
        for status in ["200", "201", "202", "204", "304", "400", "401", "403", "404", "405", "412", "413", "429", "500", "503"] {
            #expect(english.statuses[status] != nil, "\(status)")
        }
        #expect(Set(english.methods.keys) == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    }

    /// Issue 24: `explain` alone lists what students ask about, in both languages, and none of
    /// the code's own names; each listed topic is explained.
    @Test func theIndexListsStudentTopicsAndNoInternalNames() throws {
        for language in ExplanationBook.languages {
            let book = try ExplanationBook.load(language)
            for topic in ["idempotent", "safe", "multipart", "CRLF", "ETag", "412", "405", "304", "If-Match", "PATCH"] {
                #expect(book.topics.contains(topic), "\(language): \(topic) in \(book.topics)")
            }
            for codeName in ["deleteURI", "legacySecret", "legacyDelete"] {
                #expect(!book.topics.contains(codeName), "\(language): \(codeName)")
            }
            for topic in book.topics { #expect(book.lookup(topic) != nil, "\(language): \(topic)") }
            #expect(book.lookup("Idempotent")?.isEmpty == false, "any case")
        }
        #expect(
            Set(try ExplanationBook.load("en").concepts.keys) == Set(try ExplanationBook.load("ko").concepts.keys))
    }

    /// Issue 25: `explain undo` says why a delete cannot be undone by HTTP alone (a new id;
    /// DELETE idempotent but not reversible), in both languages.
    @Test func explainUndoSaysWhyADeleteCannotBeUndoneByHTTPAloneInBothLanguages() throws {
        let english = try #require(try ExplanationBook.load("en").lookup("undo"))
        for phrase in ["cannot be undone by HTTP alone", "idempotent", "not reversible", "new id"] {
            #expect(english.contains(phrase), "\(phrase): \(english)")
        }
        let korean = try #require(try ExplanationBook.load("ko").lookup("Undo"))
        for phrase in ["HTTP만으로는 되돌릴 수 없습니다", "멱등적", "새 id"] {
            #expect(korean.contains(phrase), "\(phrase): \(korean)")
        }
        #expect(try ExplanationBook.load("ko").topics.contains("undo"))
    }

    @Test func theLanguageComesFromTheLocale() {
        #expect(ExplanationBook.language(from: ["LANG": "ko_KR.UTF-8"]) == "ko")
        #expect(ExplanationBook.language(from: ["LANG": "en_US.UTF-8"]) == "en")
        #expect(ExplanationBook.language(from: [:]) == "en")
        #expect(ExplanationBook.language(from: ["LC_ALL": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"]) == "en", "LC_ALL wins")
        #expect(ExplanationBook.language(from: ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "C"]) == "ko")
    }

    @Test func explainAnswersOnItsOwnInEnglishAndKorean() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        #expect(await shell.execute("explain 412 --lang en").status == .ok)
        #expect(console.out.contains("412 Precondition Failed: someone changed it since you read it"), "\(console.out)")
        #expect(await shell.execute("explain PATCH --lang en").status == .ok)
        #expect(console.out.contains("PATCH: Changes part of a resource"), "\(console.out)")
        #expect(await shell.execute("explain if-match --lang en").status == .ok)
        #expect(console.out.contains("If-Match: do this only if"), "\(console.out)")
        console.clear()
        #expect(await shell.execute("explain 412 --lang ko").status == .ok)
        #expect(console.out.contains("읽은 뒤에 누군가 바꿨습니다"), "\(console.out)")
        #expect(await shell.execute("explain DELETE --lang ko").status == .ok)
        #expect(console.out.contains("멱등"), "\(console.out)")
    }

    /// Every request now carries Accept-Language (the market answers in the reader's language),
    /// so `explain` knows it too.
    @Test func acceptLanguageIsExplainedInEnglishAndKorean() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        #expect(await shell.execute("explain Accept-Language --lang en").status == .ok, "\(console.notes)")
        #expect(console.out.contains("Accept-Language: the languages the reader wants"), "\(console.out)")
        console.clear()
        #expect(await shell.execute("explain accept-language --lang ko").status == .ok, "\(console.notes)")
        #expect(console.out.contains("Content-Language에 적습니다"), "\(console.out)")
    }

    @Test func anUnknownTermIsOneLineWithSuggestions() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        #expect(await shell.execute("explain If-Mach --lang en").status == .failed)
        #expect(console.notes == "explain: nothing to explain for 'If-Mach'; did you mean If-Match? ('explain' lists them)")
        #expect(await shell.execute("explain 412 --lang fr").status == .usage)
    }

    @Test func aLanguageExplanationsAreNotWrittenInIsRefusedInTheReadersLanguage() async throws {
        let console = RecordingConsole()
        let shell = ShellSession(
            configuration: ShellConfiguration(serverURL: URL(string: "http://127.0.0.1:9")!), console: console)
        await Language.$current.withValue(.ko) {
            #expect(await shell.execute("explain 412 --lang fr").status == .usage)
        }
        #expect(console.notes.contains("--lang에는 en이나 ko를 씁니다(입력한 값: 'fr')"), "\(console.notes)")
    }

    @Test func theTextsAreDataAFolderCanReplace() throws {
        let folder = try Fixtures.temporaryDirectory("explanations")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ExplanationBook.directories([:]).first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("en.json").path)
        }
        var text = try String(contentsOf: try #require(source).appendingPathComponent("en.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "Precondition Failed: someone", with: "Precondition Failed: your classmate")
        try text.write(to: folder.appendingPathComponent("en.json"), atomically: true, encoding: .utf8)
        let book = try ExplanationBook.load("en", environment: ["OPENMARKET_EXPLANATIONS_DIR": folder.path])
        #expect(book.lookup("412")?.contains("your classmate") == true)
    }

    @Test func theLinesAfterAnExchangeSayWhatMatters() throws {
        let book = try ExplanationBook.load("en")
        let create = book.afterExchange(
            method: "POST", path: "/api/products",
            requestHeaders: ["identifier": "x", "Content-Type": "multipart/form-data; boundary=B"], status: 201,
            responseHeaders: ["ETag": "\"1\""])
        #expect(create.contains { $0.hasPrefix("POST: ") && $0.contains("Neither safe nor idempotent") }, "\(create)")
        #expect(create.contains { $0.contains("multipart/form-data") && $0.contains("photo") }, "\(create)")
        #expect(create.contains { $0.hasPrefix("boundary") }, "\(create)")
        #expect(create.contains { $0.hasPrefix("201 Created") }, "\(create)")

        let edit = book.afterExchange(
            method: "PATCH", path: "/api/products/3", requestHeaders: ["identifier": "x", "If-Match": "\"1\""], status: 202,
            responseHeaders: [:])
        #expect(edit.contains { $0.contains("only the fields that change") }, "\(edit)")
        #expect(edit.contains { $0.hasPrefix("If-Match:") }, "\(edit)")
        #expect(edit.contains { $0.hasPrefix("202 Accepted") }, "\(edit)")

        let stale = book.afterExchange(
            method: "PATCH", path: "/api/products/3", requestHeaders: ["If-Match": "\"1\""], status: 412, responseHeaders: [:])
        #expect(stale.last?.contains("Read it again (GET)") == true, "\(stale)")

        let deleting = book.afterExchange(
            method: "DELETE", path: "/api/products/MXxhYmM", requestHeaders: ["identifier": "x"], status: 200,
            responseHeaders: [:])
        #expect(deleting.contains { $0.hasPrefix("Delete, step 2") }, "\(deleting)")
        let uri = book.afterExchange(
            method: "POST", path: "/api/products/3/archived", requestHeaders: [:], status: 200, responseHeaders: [:])
        #expect(uri.contains { $0.hasPrefix("Delete, step 1") }, "\(uri)")

        let refused = book.afterExchange(
            method: "PUT", path: "/api/products/3", requestHeaders: [:], status: 405, responseHeaders: ["Allow": "GET"])
        #expect(refused.contains { $0.hasPrefix("Allow:") }, "\(refused)")
        #expect(refused.contains { $0.hasPrefix("405 Method Not Allowed") }, "\(refused)")
    }

    /// Issue 24: a GET that carries `identifier` is not told that the header is "on every
    /// request that changes something", and the Korean reads as Korean, not as a translation.
    @Test func theIdentifierOnAGetIsNotSaidToChangeSomethingAndTheKoreanIsNatural() throws {
        for language in ExplanationBook.languages {
            let book = try ExplanationBook.load(language)
            let read = book.afterExchange(
                method: "GET", path: "/api/products", requestHeaders: ["identifier": "x"], status: 200, responseHeaders: [:])
            let line = try #require(read.first { $0.hasPrefix("identifier:") }, "\(read)")
            #expect(line.contains("GET"), "\(language): \(line)")
            #expect(!line.contains("every request that changes") && !line.contains("바꾸는 모든 요청"), "\(line)")
        }
        let korean = try ExplanationBook.load("ko")
        let texts = Array(korean.methods.values) + Array(korean.statuses.values)
        for awkward in ["멱등입니다", "자원의 일부, 보낸 필드만", "옛것", "상태는 하나", "당신"] {
            #expect(!texts.contains { $0.contains(awkward) }, "\(awkward)")
        }
        #expect(korean.methods["GET"]?.contains("안전하고 멱등적입니다") == true)
        #expect(korean.methods["PATCH"]?.contains("자원의 일부(보낸 필드)만 바꿉니다") == true)
        #expect(korean.statuses["412"]?.contains("If-Match로 보낸 ETag가 예전 것입니다") == true)
    }

    @Test func aServerUnderAPathPrefixIsExplainedByItsRoute() throws {
        let book = try ExplanationBook.load("en")
        let show = book.afterExchange(
            method: "GET", path: "/market/api/products/3", requestHeaders: [:], status: 200, responseHeaders: [:])
        #expect(show.contains { $0.contains("one product") || $0.contains("One product") }, "\(show)")
        let uri = book.afterExchange(
            method: "POST", path: "/market/api/products/3/archived", requestHeaders: [:], status: 200, responseHeaders: [:])
        #expect(uri.contains { $0.hasPrefix("Delete, step 1") }, "\(uri)")
    }

    @Test func setExplainOnExplainsEachExchange() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            shell.console.clear()
            #expect(await shell.run("set explain on") == .ok, "\(shell.console.notes)")
            #expect(await shell.run("patch \(product.id) price=4100") == .ok, "\(shell.console.notes)")
            let notes = shell.console.notes
            #expect(notes.contains("↳ PATCH: "), "\(notes)")
            #expect(notes.contains("↳ 202 "), "\(notes)")
            shell.console.clear()
            #expect(await shell.run("set explain off") == .ok)
            #expect(await shell.run("show \(product.id)") == .ok)
            #expect(!shell.console.notes.contains("↳"), "\(shell.console.notes)")
        }
    }

    @Test func theExplanationFollowsTheOutputOrTheErrorAndNamesItsExchange() async throws {
        try await ShellFixture.with { shell in
            let product = try await shell.register()
            #expect(await shell.run("set explain on") == .ok)
            shell.console.clear()
            #expect(await shell.run("patch \(product.id) price=4100") == .ok, "\(shell.console.notes)")
            let number = shell.shell.exchanges.lastNumber
            let patched = shell.console.transcript
            #expect(!shell.console.out.isEmpty)
            #expect(patched.hasPrefix(shell.console.out), "\(patched)")
            #expect(patched.contains("\n  #\(number) PATCH /api/products/\(product.id) → 202 Accepted"), "\(patched)")
            shell.console.clear()
            #expect(await shell.run("show 999999") == .failed)
            let failed = shell.console.transcript
            let error = try #require(failed.range(of: "the server refused (404)"), "\(failed)")
            let explanation = try #require(failed.range(of: "↳ 404 "), "\(failed)")
            #expect(error.lowerBound < explanation.lowerBound, "\(failed)")
        }
    }
}
