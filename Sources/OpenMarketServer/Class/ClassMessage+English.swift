/// The English catalogue of ``ClassMessage``.
extension ClassMessage {
    public var english: String {
        switch self {
        case .rosterNotText: "the roster is not text (save it as CSV, UTF-8 or Excel's Korean CSV)"
        case .rosterLineIncomplete(let line): "roster line \(line) needs a name and a student number"
        case .rosterNumberRepeated(let number, let line): "roster line \(line) repeats student number \(number)"
        case .rosterQuoteNotClosed(let line): "roster line \(line) opens a quote (\") that is never closed"
        case .rosterEmpty: "the roster names no students"
        case .rosterHeaderUnknown(let cells, let line):
            "roster line \(line) (\(cells)) names its columns, none as the roster knows them: call them name (or 이름, 성명) "
                + "and student number (or number, 학번), or leave the line out"
        case .rosterNumberShortened(let number, let line):
            "roster line \(line): '\(number)' is a student number Excel shortened and lost digits of: "
                + "format the column as text and save the roster again"
        case .noSuchStudent(let who): "no student has the name or number '\(who)'"
        case .ambiguousStudent(let name): "two students are named '\(name)': give the student number instead"
        case .assignmentLineUnknown(let line): "line \(line): expected 'title = …' or 'step NAME = CONDITIONS | words'"
        case .assignmentStepName(let line, let name):
            "line \(line): a step's name is letters, digits and '-' (got '\(name)')"
        case .assignmentStepRepeated(let line, let name): "line \(line): step '\(name)' is named twice"
        case .assignmentWordUnknown(let line, let word):
            "line \(line): '\(word)' is not a condition (see docs/teaching.md, \"Assignments\")"
        case .assignmentStepEmpty(let line): "line \(line): the step has no condition"
        case .assignmentStepImpossible(let line, let first, let second):
            "line \(line): no request is both '\(first)' and '\(second)': nobody could ever do this step"
        case .assignmentEmpty: "the assignment has no step"
        case .cannotRead(let path): "cannot read \(path)"
        case .enrolled(let added, let already): "\(Self.count(added, "student")) added, \(already) already enrolled"
        case .enrolledUnderAnotherName(let number, let roster, let enrolled):
            "the roster's \(roster) (\(number)): that number is enrolled already as \(enrolled), kept as it is"
        case .handoutWritten(let path): "handout (one page per new student, with their secrets): \(path)"
        case .handoutNote:
            "the secrets are in that file only: print it, hand each page out, then delete the file"
        case .nobodyNew: "nobody new: no handout written"
        case .handoutAddressDefault(let market):
            "note: the handout gives the market as \(market), which only this computer reaches, and only with the market "
                + "on that port: for students at other computers, give --public-url with the address they use"
        case .cannotWriteHandout(let path): "cannot write the handout \(path): is its folder there, and yours to write in?"
        case .handoutExists(let path): "\(path) exists already: name a new file for the handout (it never replaces one)"
        case .secretReset(let name, let number): "new secret for \(name) (\(number)); the old one no longer works:"
        case .secretResetNote: "the secret is shown only now"
        case .listHeader: "number        name            vendor  identifier"
        case .noStudents: "no students yet: add a roster with 'openmarket-server class add ROSTER.csv'"
        case .gradeLine(let done, let total): "\(done)/\(total) steps"
        case .missingSteps: "missing:"
        case .gradeSummary(let students, let complete, let steps):
            "\(Self.count(students, "student")), \(complete) with "
                + (steps == 1 ? "the one step done" : "all \(steps) steps done")
        case .reportWritten(let path): "written: \(path)"
        case .cannotWriteReport(let path): "cannot write the gradebook \(path): is its folder there, and yours to write in?"
        case .notATime(let text): "'\(text)' is not a time: give 2026-03-02, 2026-03-02T09:00 or 2026-03-02T09:00:00+09:00"
        case .handoutTitle: "Open Market: your login for this class"
        case .handoutMarket: "Market"
        case .handoutVendorID: "Vendor id"
        case .handoutIdentifier: "Identifier"
        case .handoutSecret: "Secret"
        case .handoutLogin: "Log in"
        case .handoutLoginSteps:
            "Type the first line in a terminal, the second at the shell's prompt; when asked, type the secret."
        case .handoutKeepSecret: "Keep the secret to yourself: whoever has it can change and delete your products."
        }
    }

    /// `1 student`, `2 students`.
    private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
