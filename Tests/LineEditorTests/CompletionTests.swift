import Foundation
import MarketTestSupport
import Testing

@testable import LineEditor

@Suite("completion decisions")
struct CompletionTests {
    init() {
        LineReaders.ensureUTF8Locale()
    }

    @Test func extendsToTheCommonPrefix() {
        let plan = CompletionPlan.make(word: "he", candidates: [.init("help"), .init("hello")], columns: 80)
        #expect(plan == .insert("l"))
    }

    @Test func singleCandidateGetsASpaceButAFolderDoesNot() {
        #expect(CompletionPlan.make(word: "hi", candidates: [.init("history")], columns: 80) == .insert("story "))
        #expect(
            CompletionPlan.make(word: "history", candidates: [.init("history")], columns: 80) == .insert(" "))
        #expect(CompletionPlan.make(word: "s", candidates: [.init("sub/")], columns: 80) == .insert("ub/"))
        #expect(CompletionPlan.make(word: "시", candidates: [.init("시장상인")], columns: 80) == .insert("장상인 "))
    }

    @Test func noProgressListsAndNothingBeeps() {
        let plan = CompletionPlan.make(word: "hel", candidates: [.init("help"), .init("hello")], columns: 80)
        #expect(plan == .list(["help   hello"]))
        #expect(CompletionPlan.make(word: "x", candidates: [], columns: 80) == .beep)
    }

    @Test func differentSpellingReplacesTheWord() {
        let plan = CompletionPlan.make(word: "HE", candidates: [.init("help"), .init("hello")], columns: 80)
        #expect(plan == .replaceWord("hel"))
    }

    @Test func hintsAreAlignedOnePerLine() {
        let lines = CompletionPlan.listLines(
            [.init("12", hint: "우유병 텀블러"), .init("150", hint: "coffee"), .init("7")], columns: 80)
        #expect(lines == ["12   우유병 텀블러", "150  coffee", "7"])
    }

    @Test func columnsGoDownThenAcrossAndCountWideCharacters() {
        let names = ["가나", "ab", "cd", "ef", "gh"].map { Completion($0) }
        // Width 4 + gap 2: three columns fit in 20 columns (the last one is kept free).
        #expect(CompletionPlan.listLines(names, columns: 20) == ["가나  cd    gh", "ab    ef"])
        #expect(CompletionPlan.displayWidth("우유병 텀블러") == 13)
    }

    @Test func commonPrefixComparesWholeCharacters() {
        #expect(CompletionPlan.commonPrefix(["시장상인", "시장"]) == "시장")
        #expect(CompletionPlan.commonPrefix(["e\u{301}x", "e"]) == "")
        #expect(CompletionPlan.commonPrefix([]) == "")
    }

    @Test func lineEndingsAreStrippedByScalar() {
        #expect("abc\r\n".strippingLineEnding() == "abc")
        #expect("abc\n".strippingLineEnding() == "abc")
        #expect("abc".strippingLineEnding() == "abc")
    }

    @Test func pathCandidatesListFoldersAndHideDotfiles() throws {
        let folder = try Fixtures.temporaryDirectory("line-editor-candidates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("pics"), withIntermediateDirectories: true)
        for name in ["photo.jpg", "사진.png", ".secret"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let base = folder.path + "/"
        #expect(pathCandidates(base).map(\.text) == [base + "photo.jpg", base + "pics/", base + "사진.png"])
        #expect(pathCandidates(base + "p").map(\.text) == [base + "photo.jpg", base + "pics/"])
        #expect(pathCandidates(base + ".").map(\.text) == [base + ".secret"])
        #expect(pathCandidates(base + "사").map(\.text) == [base + "사진.png"])
        #expect(pathCandidates(base + "missing/x").isEmpty)
        #expect(pathCandidates("~") == [Completion("~/")])
    }
}
