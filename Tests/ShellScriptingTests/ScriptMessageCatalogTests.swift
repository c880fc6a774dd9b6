import Foundation
import OpenMarketContract
import Testing

@testable import ShellScripting

/// Issue 40: the scripting module's sentences are its own (`ScriptMessage`), in English and
/// Korean; the compiler sees every case has both, these tests that the Korean is Korean and
/// keeps the English's facts.
@Suite("Korean and English script messages")
struct ScriptMessageCatalogTests {
    static let samples: [ScriptMessage] = [
        .linesFailed(failed: 2, total: 40, places: "cat.om:3, cat.om:9"), .resumed(name: "cat.om", skipped: 12, recovered: 1),
        .resumed(name: "cat.om", skipped: 1, recovered: 0), .resumed(name: "cat.om", skipped: 0, recovered: 2),
        .skippedWithStep(line: 47, name: "mug", step: 38), .skippedWithChange(line: 48, name: "mug", step: 40),
        .expectFailed(left: "5", op: "==", right: "6"), .expectUsage,
        .notAComparison("=~"), .sourceUsage, .cannotReadScript("cat.om"), .sourceTooDeep("loop.om"),
        .sourceRunning("a.om", chain: ["a.om", "b.om", "a.om"]),
        .sourcedLinesCannotRun(name: "d.om", count: 2),
        .sourceCannotRead("other.om"),
        .stoppedForResume(name: "cat.om", failure: "timed out"), .scriptingOnly, .noVariables, .variableFields("id, name"),
        .setNameValue, .variableNotSet("other"), .linesCannotRun(name: "lesson.om", count: 2), .lastUndefined,
        .undefinedVariable("mug"), .noSuchField(name: "response", field: "body.nope", known: "status, body"),
        .textHasNoField(name: "price", field: "x"), .productHasNoField(name: "mug", field: "colour", known: "id, name"),
        .productFieldSlip(name: "mug", field: "stok", meant: "stock"),
        .nothingNamed("mug"), .namesNoProduct(bound: "mug", command: "list", returning: ["show", "edit", "patch"]),
        .asEndsTheLine(command: "show"),
        .recordingTo(path: "session.om", everything: true), .notRecording, .recordingSaved("session.om"), .recordUsage,
        .alreadyRecording("session.om"), .recordingExists("session.om"), .recordingCannotCreate("/nope/session.om"),
        .recordedOn(stamp: "2026-11-28 10:15:00", server: "http://127.0.0.1:8080"), .replayHow(file: "session.om"),
        .notReplayed(id: 6), .replayChecksName(id: 6), .journalBusy("cat.om.journal"),
        .journalCannotWrite(path: "cat.om.journal", why: "No space left on device"), .journalCannotEncode("bad value"),
        .noJournalToResume(script: "cat.om", path: "cat.om.journal"),
        .resumingFrom(script: "cat.om", path: "/state/cat.om.journal"),
        .journalElsewhere(script: "cat.om", failure: "read-only"),
        .journalKeptIn(script: "cat.om", path: "/state/cat.om.journal"),
        .nothingToResume("cat.om"), .runUnfinished(script: "cat.om", path: "cat.om.journal", done: 3, lastDone: 7),
        .runUnfinished(script: "cat.om", path: "cat.om.journal", done: 1, lastDone: nil),
        .dryRunSummary(
            name: "cat.om", lines: 12, requests: 5, byMethod: "GET ×2, POST ×3", bookkeeping: 1, bookkeepingByMethod: "GET ×1"),
        .dryRunSummary(name: "cat.om", lines: 1, requests: 0, byMethod: "", bookkeeping: 0, bookkeepingByMethod: ""),
        .madeUpID("mug"), .dryRunUnknownRequest(method: "PUT", path: "/api/products/9000000001"), .dryRunProductName(9000000001),
        .dryRunDescription, .unterminatedQuote(command: "register", quote: "'", line: 3), .notUTF8(byte: "FF", column: 7),
        .notUTF8(byte: nil, column: 0), .secretInLine("env.OPENMARKET_SECRET"), .secretInVariable("d"),
        .responseNotKept(place: "cat.om:2", bytes: 2_000_000), .noSuchFile, .envTakesName("1X"),
        .readTakesFolder(usage: "openmarket run [--untrusted] FILE"), .timeLimit(max: 3600, got: "abc"),
        .unknownOption(word: "--fast", verb: "run", usage: "openmarket run FILE"),
        .testNeedsScripts(usage: "openmarket test FILE…"), .runNeedsScript(usage: "openmarket run FILE"),
        .oneScriptAtATime(got: "a.om b.om"), .allowForceNotUntrusted, .envAndReadNeedUntrusted, .runHelp, .testHelp,
        .notAName("9lives"),
        .envIsReserved, .lastIsReserved, .envNeedsName, .environmentNotSet("HOME"),
        .otherLocalMarket(
            script: "cat.om", market: "/home/a/.local/share/openmarket/local", hereLocal: "/tmp/x",
            server: "http://127.0.0.1:8080"),
        .otherLocalMarket(
            script: "cat.om", market: "/home/a/.local/share/openmarket/local", hereLocal: nil, server: "http://127.0.0.1:8080"),
        .otherServer(script: "cat.om", recorded: "http://127.0.0.1:8080", server: "http://127.0.0.1:9090"),
        .changedAboveResumePoint(script: "cat.om", line: 4), .newAboveResumePoint(script: "cat.om", line: 3, lastDone: 9),
        .cannotCheckCreate("timed out"), .whoseCannotBeTold(name: "Mug", id: 12, variable: "OPENMARKET_VENDOR_ID"),
        .sourceStoppedPartWay("source"), .changeMayHaveApplied("stock"), .createLineChanged(place: "cat.om:5", name: "Mug"),
        .createLineChanged(place: "cat.om:5", name: nil), .createdBefore(place: "cat.om:5", id: 31),
    ]

    @Test func theSamplesCoverEveryMessageDeclared() throws {
        let declared = try SpokenCatalogCheck.declaredCases(in: "ScriptMessage.swift")
        #expect(declared.count > 20, "\(declared)")
        #expect(Set(Self.samples.map(SpokenCatalogCheck.caseName)) == declared)
    }

    @Test(arguments: samples)
    func everyMessageIsKoreanInKoreanAndKeepsTheEnglishFacts(_ message: ScriptMessage) {
        #expect(SpokenCatalogCheck.problems(message) == [])
    }

    /// A dry run's closing line, said in the reader's language (it was English under --lang ko).
    @Test func aDryRunsSummaryIsKoreanInKorean() {
        let summary = ScriptMessage.dryRunSummary(
            name: "01-methods.om", lines: 40, requests: 11, byMethod: "GET ×6, POST ×5", bookkeeping: 1,
            bookkeepingByMethod: "GET ×1")
        #expect(
            summary.text(in: .en)
                == "dry run of 01-methods.om: 40 lines checked, 11 requests would be sent (GET ×6, POST ×5) "
                + "and 1 bookkeeping request for the journal (GET ×1); nothing was sent")
        #expect(summary.text(in: .ko).hasPrefix("01-methods.om 시험 실행: 40줄을 확인했고"))
    }

    /// The sentence the issue found in English under `--lang ko`, from a journal another run holds.
    @Test func aJournalInUseIsSaidInTheReadersLanguage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cat.om.journal").path
        let holder = try JournalFile(path: path, fresh: true)
        defer { withExtendedLifetime(holder) {} }
        Language.$current.withValue(.ko) {
            do {
                _ = try JournalFile(path: path, fresh: false)
                Issue.record("a second run opened a journal the first holds")
            } catch let error as JournalError {
                #expect(error.description == ScriptMessage.journalBusy(path).text(in: .ko), "\(error.description)")
                #expect(error.description.contains("기다리세요"), "\(error.description)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
