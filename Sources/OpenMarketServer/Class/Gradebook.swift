import Foundation
import OpenMarketContract

/// The gradebook's files: CSV for a spreadsheet, JUnit XML for tools that read test reports.
public enum Gradebook {
    /// One row per student: number, name, vendor id, a 1 or 0 per step, steps done, steps.
    public static func csv(_ grades: [StudentGrade], assignment: Assignment) -> String {
        var lines = [(["student_number", "name", "vendor_id"] + assignment.steps.map(\.id) + ["done", "steps"])]
        for grade in grades {
            let marks = assignment.steps.map { grade.isDone($0) ? "1" : "0" }
            let done = assignment.steps.filter(grade.isDone).count
            lines.append(
                [grade.student.studentNumber, grade.student.name, String(grade.student.vendorID)] + marks
                    + [String(done), String(assignment.steps.count)])
        }
        return lines.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A field quoted when it holds a comma, quote or line break; one that a spreadsheet would
    /// read as a formula (`=`, `+`, `-`, `@` first) is prefixed with `'`.
    static func csvField(_ text: String) -> String {
        var field = text
        if let first = field.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) { field = "'" + field }
        return CSVField.quoted(field)
    }

    /// One test suite per student, one test case per step; a step not done is a failure.
    public static func junit(_ grades: [StudentGrade], assignment: Assignment) -> String {
        let steps = assignment.steps.count
        let failures = grades.reduce(0) { total, grade in total + assignment.steps.filter { !grade.isDone($0) }.count }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(xmlEscape(assignment.title))" tests="\(grades.count * steps)" failures="\(failures)">

            """
        for grade in grades {
            let name = "\(grade.student.studentNumber) \(grade.student.name)"
            let missing = assignment.steps.filter { !grade.isDone($0) }.count
            xml += "  <testsuite name=\"\(xmlEscape(name))\" tests=\"\(steps)\" failures=\"\(missing)\">\n"
            for step in assignment.steps {
                let open = "    <testcase classname=\"\(xmlEscape(name))\" name=\"\(xmlEscape(step.id))\""
                if grade.isDone(step) {
                    xml += open + "/>\n"
                } else {
                    xml += open + ">\n      <failure message=\"\(xmlEscape(step.label))\"/>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func xmlEscape(_ text: String) -> String { ClassHandout.escape(text) }
}
