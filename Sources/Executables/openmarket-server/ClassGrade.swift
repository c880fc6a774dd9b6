import ArgumentParser
import Foundation
import OpenMarketContract
import OpenMarketServer

/// `openmarket-server class grade ASSIGNMENT`: one line per student from what the market saw,
/// and the gradebook as CSV or JUnit XML when asked.
struct ClassGrade: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade", abstract: ServerProgramHelp.gradeAbstract.abstract)

    @Argument(help: ServerProgramHelp.gradeAssignment.argument) var assignment: String
    @Option(help: ServerProgramHelp.since.argument)
    var since: String?
    @Option(name: .customLong("report-csv"), help: ServerProgramHelp.reportCSV.argument) var reportCSV: String?
    @Option(name: .customLong("report-junit"), help: ServerProgramHelp.reportJUnit.argument) var reportJUnit: String?
    @OptionGroup var data: DataOption

    func run() async throws {
        let language = ClassLanguage.current
        let path = (assignment as NSString).expandingTildeInPath
        guard let bytes = FileManager.default.contents(atPath: path), let text = KoreanExcelText.decode(bytes)?.text
        else { throw ClassFailure(message: .cannotRead(path: path)) }
        let parsed: Assignment
        do { parsed = try Assignment.parse(text) } catch { throw ClassFailure(message: error.message) }
        let start = try since.map { text in
            guard let date = ClassTime.parse(text) else { throw ClassFailure(message: .notATime(text)) }
            return date
        }
        let directory = try await MarketDataDirectory.forClass(data.url)
        let grades = try await directory.grade(parsed, since: start)
        // The reports first: one that cannot be written stops the command before any line.
        var written: [String] = []
        if let reportCSV { written.append(try Self.write(Gradebook.csv(grades, assignment: parsed), to: reportCSV)) }
        if let reportJUnit { written.append(try Self.write(Gradebook.junit(grades, assignment: parsed), to: reportJUnit)) }
        for grade in grades { print(Self.line(grade, parsed, language: language)) }
        let complete = grades.filter { grade in parsed.steps.allSatisfy(grade.isDone) }.count
        print(
            ClassMessage.gradeSummary(students: grades.count, complete: complete, steps: parsed.steps.count).text(
                in: language))
        for path in written { print(ClassMessage.reportWritten(path: path).text(in: language)) }
    }

    /// `20230001      김민수          3/5 steps  photos if-match met-412 · missing: delete met-403`
    static func line(_ grade: StudentGrade, _ assignment: Assignment, language: Language) -> String {
        let done = assignment.steps.filter(grade.isDone)
        let missing = assignment.steps.filter { !grade.isDone($0) }
        var line =
            ClassColumns.pad(grade.student.studentNumber, 14) + ClassColumns.pad(grade.student.name, 16)
            + ClassColumns.pad(
                ClassMessage.gradeLine(done: done.count, total: assignment.steps.count).text(in: language), 16)
        line += done.map(\.id).joined(separator: " ")
        if !missing.isEmpty {
            line += (done.isEmpty ? "" : " · ") + ClassMessage.missingSteps.text(in: language) + " "
            line += missing.map(\.id).joined(separator: " ")
        }
        return line
    }

    /// Writes a report, answering its path; one that cannot be written is one line naming it.
    private static func write(_ text: String, to path: String) throws -> String {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
            throw ClassFailure(message: .cannotWriteReport(path: url.path))
        }
        return url.path
    }
}

/// `--since`: a date (midnight, local time), a local date and time, or one with an offset.
enum ClassTime {
    static func parse(_ text: String) -> Date? {
        let withOffset = ISO8601DateFormatter()
        if let date = withOffset.date(from: text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        // With an offset but no seconds (`2026-03-02T09:00+09:00`), which ISO8601DateFormatter refuses.
        let formats = [
            "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm",
            "yyyy-MM-dd HH:mm", "yyyy-MM-dd",
        ]
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
