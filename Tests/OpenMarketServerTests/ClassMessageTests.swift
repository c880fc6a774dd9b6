import MarketTestSupport
import OpenMarketContract
import OpenMarketServer
import Testing

/// `ClassMessage`: every case has Korean, keeps the facts the English gives, and reads as the
/// shell's Korean does (KoreanStyle).
@Suite struct ClassMessageTests {
    static let samples: [ClassMessage] = [
        .rosterNotText, .rosterLineIncomplete(line: 4), .rosterNumberRepeated(number: "2026001", line: 7),
        .rosterQuoteNotClosed(line: 2), .rosterEmpty, .rosterHeaderUnknown(cells: "'Student', 'ID'", line: 1),
        .rosterNumberShortened(number: "2.026E+06", line: 3),
        .noSuchStudent("홍길동"), .ambiguousStudent("김민준"), .assignmentLineUnknown(line: 3),
        .assignmentStepName(line: 2, name: "a!"), .assignmentStepRepeated(line: 5, name: "photos"),
        .assignmentWordUnknown(line: 6, word: "iff-match"), .assignmentStepEmpty(line: 8), .assignmentEmpty,
        .assignmentStepImpossible(line: 4, first: "if-match", second: "no-if-match"),
        .cannotRead(path: "/tmp/roster.csv"), .enrolled(added: 30, already: 2), .enrolled(added: 0, already: 30),
        .enrolledUnderAnotherName(number: "2026001", roster: "김민수", enrolled: "김민준"),
        .handoutWritten(path: "/tmp/m/handouts/handout.html"), .handoutNote, .nobodyNew,
        .handoutAddressDefault(market: "http://127.0.0.1:8080"),
        .cannotWriteHandout(path: "/tmp/h.html"), .handoutExists(path: "/tmp/h.html"),
        .secretReset(name: "박지훈", number: "2026009"),
        .secretResetNote, .listHeader, .noStudents, .gradeLine(done: 3, total: 5), .missingSteps,
        .gradeSummary(students: 30, complete: 4, steps: 5), .reportWritten(path: "/tmp/grades.csv"),
        .cannotWriteReport(path: "/tmp/grades.csv"),
        .notATime("yesterday"), .handoutTitle, .handoutMarket, .handoutVendorID, .handoutIdentifier, .handoutSecret,
        .handoutLogin, .handoutLoginSteps, .handoutKeepSecret,
    ]

    @Test(arguments: samples)
    func everyCaseHasKoreanWithTheSameFacts(message: ClassMessage) {
        let facts = [
            "2026001", "2026009", "홍길동", "김민준", "김민수", "박지훈", "a!", "photos", "iff-match", "/tmp/roster.csv",
            "/tmp/m/handouts/handout.html", "/tmp/h.html", "File exists", "/tmp/grades.csv", "yesterday", "30",
        ]
        for fact in facts where message.english.contains(fact) {
            #expect(message.korean.contains(fact), "\(fact) in \(message.korean)")
        }
        #expect(KoreanStyle.problems(message) == [])
    }

    /// One student and one step are said in the singular (it said `1 students added` and
    /// `with all 1 steps done`).
    @Test func oneStudentAndOneStepAreSingular() {
        #expect(ClassMessage.enrolled(added: 1, already: 0).english == "1 student added, 0 already enrolled")
        #expect(
            ClassMessage.gradeSummary(students: 1, complete: 1, steps: 1).english == "1 student, 1 with the one step done")
        #expect(
            ClassMessage.gradeSummary(students: 30, complete: 4, steps: 5).english == "30 students, 4 with all 5 steps done")
    }
}
