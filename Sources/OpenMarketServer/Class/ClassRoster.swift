import Foundation
import GRDB
import OpenMarketContract

/// One line of a roster: a student's name and number, as the teacher's file gives them.
public struct RosterEntry: Sendable, Hashable {
    public var name: String
    public var studentNumber: String

    public init(name: String, studentNumber: String) {
        self.name = name
        self.studentNumber = studentNumber
    }
}

/// A student of the class: the vendor the market made for them. Never with a secret.
public struct Student: Sendable, Hashable {
    public var vendorID: Int
    public var name: String
    public var studentNumber: String
    public var identifier: String
    /// The vendor's name in the market (the student's name, with the number when another student
    /// has the same name).
    public var vendorName: String
}

/// A student whose secret was just made: the only moment it is known.
public struct EnrolledStudent: Sendable {
    public var student: Student
    public var credentials: VendorCredentials
}

/// What `enrol` did: the students added now (with their secrets) and those already there, and
/// the roster's lines whose number is enrolled under another name (kept as enrolled).
public struct Enrolment: Sendable {
    public var added: [EnrolledStudent]
    public var alreadyEnrolled: [Student]
    public var otherName: [(roster: RosterEntry, enrolled: Student)] = []
}

public enum RosterProblem: Error, Sendable, Equatable {
    /// The file is neither UTF-8 nor CP949 text.
    case notText
    /// A line without a name or a number (1-based line number).
    case incomplete(line: Int)
    /// Two lines with one student number.
    case repeatedNumber(String, line: Int)
    /// A quote opened on this line is never closed.
    case unclosedQuote(line: Int)
    case noStudents
    /// The first line names columns, none the roster reads: its cells and its line.
    case unknownHeader([String], line: Int)
    /// A student number in Excel's short form (`2.026E+06`).
    case shortenedNumber(String, line: Int)
    /// No student has that name or number.
    case noSuchStudent(String)
    /// Two students have that name: give the number.
    case ambiguousName(String)

    public var message: ClassMessage {
        switch self {
        case .notText: .rosterNotText
        case .incomplete(let line): .rosterLineIncomplete(line: line)
        case .repeatedNumber(let number, let line): .rosterNumberRepeated(number: number, line: line)
        case .unclosedQuote(let line): .rosterQuoteNotClosed(line: line)
        case .noStudents: .rosterEmpty
        case .unknownHeader(let cells, let line):
            .rosterHeaderUnknown(cells: cells.map { "'\($0)'" }.joined(separator: ", "), line: line)
        case .shortenedNumber(let number, let line): .rosterNumberShortened(number: number, line: line)
        case .noSuchStudent(let who): .noSuchStudent(who)
        case .ambiguousName(let name): .ambiguousStudent(name)
        }
    }
}

/// A roster file: CSV (RFC 4180: quoted fields, `""` in quotes, CRLF or LF), UTF-8 with or without
/// a byte order mark, or Korean Excel's CP949. The columns are found by a header line naming them
/// (`name`/`이름`/`성명`, `student number`/`number`/`학번`); without one, the first column is the
/// name and the second the number.
public enum RosterFile {
    public static func entries(_ data: Data) throws(RosterProblem) -> [RosterEntry] {
        guard let text = KoreanExcelText.decode(data)?.text else { throw .notText }
        var rows = try records(text).enumerated().map { (line: $0.offset + 1, cells: $0.element) }
        rows.removeAll { $0.cells.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard let first = rows.first else { throw .noStudents }
        var columns = (name: 0, number: 1)
        if let header = headerColumns(first.cells) {
            columns = header
            rows.removeFirst()
        } else if looksLikeHeader(first.cells, before: rows.dropFirst().map(\.cells)) {
            // Read as a student, `Student,ID` was enrolled as a student named Student, with no
            // way to take them out again.
            throw .unknownHeader(first.cells.map { $0.trimmingCharacters(in: .whitespaces) }, line: first.line)
        }
        var seen = Set<String>()
        var entries: [RosterEntry] = []
        for row in rows {
            let cell = { (index: Int) in
                index < row.cells.count ? row.cells[index].trimmingCharacters(in: .whitespaces) : ""
            }
            let entry = RosterEntry(name: cell(columns.name), studentNumber: cell(columns.number))
            guard !entry.name.isEmpty, !entry.studentNumber.isEmpty else { throw .incomplete(line: row.line) }
            if isShortened(entry.studentNumber) { throw .shortenedNumber(entry.studentNumber, line: row.line) }
            guard seen.insert(entry.studentNumber).inserted else {
                throw .repeatedNumber(entry.studentNumber, line: row.line)
            }
            entries.append(entry)
        }
        guard !entries.isEmpty else { throw .noStudents }
        return entries
    }

    /// Whether a first line no header name was found in is still a header: its second cell
    /// (where a line without a header has the number) holds text but no digit, while every line
    /// after it that has a second cell holds one there. (An empty second cell is a student
    /// without a number, said so as any other line.)
    static func looksLikeHeader(_ first: [String], before rows: [[String]]) -> Bool {
        let hasDigit = { (cells: [String]) in cells.count > 1 && cells[1].unicodeScalars.contains { ("0"..."9").contains($0) } }
        let later = rows.filter { $0.count > 1 }
        guard first.count > 1, !first[1].trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        return !hasDigit(first) && !later.isEmpty && later.allSatisfy(hasDigit)
    }

    /// Whether `number` is Excel's short form of a long number: digits, maybe a point and more
    /// digits, then `E+` and digits (`2.026E+06`).
    static func isShortened(_ number: String) -> Bool {
        let scalars = Array(number.unicodeScalars)
        guard let e = scalars.firstIndex(where: { $0 == "E" || $0 == "e" }), e > 0, e + 2 < scalars.count,
            scalars[e + 1] == "+"
        else { return false }
        let digit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let mantissa = scalars[..<e]
        return digit(mantissa.first!) && mantissa.allSatisfy { digit($0) || $0 == "." }
            && mantissa.filter { $0 == "." }.count <= 1 && scalars[(e + 2)...].allSatisfy(digit)
    }

    static func headerColumns(_ cells: [String]) -> (name: Int, number: Int)? {
        let names = ["name", "이름", "성명", "student name"]
        let numbers = [
            "student number", "number", "학번", "student_number", "student no", "no", "번호", "student id", "id", "학생 번호",
        ]
        let folded = cells.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let name = folded.firstIndex(where: names.contains), let number = folded.firstIndex(where: numbers.contains)
        else { return nil }
        return (name, number)
    }

    /// The CSV's records, each its fields (on Unicode scalars: a quote or comma is never part of
    /// a Korean character). A quote still open at the end is refused with the record it opened in.
    static func records(_ text: String) throws(RosterProblem) -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var openedIn = 0
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == .doubleQuote {
                    let next = scalars.next()
                    if next == .doubleQuote {
                        field.append(.doubleQuote)
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case .doubleQuote where field.isEmpty:
                quoted = true
                openedIn = records.count + 1
            case ",": endField()
            case "\r": continue
            case "\n":
                endField()
                records.append(fields)
                fields = []
            default: field.append(scalar)
            }
        }
        if quoted { throw .unclosedQuote(line: openedIn) }
        if !field.isEmpty || !fields.isEmpty {
            endField()
            records.append(fields)
        }
        return records
    }
}

extension MarketDataDirectory {
    /// Makes a vendor for every student of `roster` not enrolled yet (by student number), and
    /// answers their secrets, shown this once. Enrolling the same roster again adds nobody.
    public func enrol(_ roster: [RosterEntry]) async throws -> Enrolment {
        let enrolled = try await students()
        let known = Dictionary(enrolled.map { ($0.studentNumber, $0) }, uniquingKeysWith: { first, _ in first })
        var result = Enrolment(added: [], alreadyEnrolled: [])
        let taken = Set(try await store.vendors().map(\.name))
        for entry in roster {
            if let student = known[entry.studentNumber] {
                result.alreadyEnrolled.append(student)
                if student.name != entry.name { result.otherName.append((entry, student)) }
                continue
            }
            let clash = taken.contains(entry.name) || roster.contains { $0.name == entry.name && $0 != entry }
            let vendorName = clash ? "\(entry.name) (\(entry.studentNumber))" : entry.name
            let vendor = try await addVendor(name: vendorName)
            try await store.pool.write { db in
                try db.execute(
                    sql: "INSERT INTO class_students (vendor_id, name, student_number, added_at) VALUES (?, ?, ?, ?)",
                    arguments: [vendor.id, entry.name, entry.studentNumber, MarketTimestamp.format(Date())])
            }
            try await rememberFirstSecret(vendor.credentials)
            let student = Student(
                vendorID: vendor.id, name: entry.name, studentNumber: entry.studentNumber,
                identifier: vendor.credentials.identifier, vendorName: vendorName)
            result.added.append(EnrolledStudent(student: student, credentials: vendor.credentials))
        }
        return result
    }

    /// The class, in the order the students were added.
    public func students() async throws -> [Student] {
        try await store.pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.vendor_id, s.name, s.student_number, v.identifier, v.name AS vendor_name
                    FROM class_students s JOIN vendors v ON v.id = s.vendor_id ORDER BY s.vendor_id
                    """
            ).map {
                Student(
                    vendorID: $0["vendor_id"], name: $0["name"], studentNumber: $0["student_number"],
                    identifier: $0["identifier"], vendorName: $0["vendor_name"])
            }
        }
    }

    /// Gives the student named `who` (their student number, or their name when only one student
    /// has it) a new secret, answered this once; the old one stops working at once (also in a
    /// market that is running: its remembered fingerprint no longer matches the new hash).
    public func resetSecret(of who: String) async throws -> EnrolledStudent {
        let class_ = try await students()
        let student: Student
        if let byNumber = class_.first(where: { $0.studentNumber == who }) {
            student = byNumber
        } else {
            let named = class_.filter { $0.name == who }
            guard let first = named.first else { throw RosterProblem.noSuchStudent(who) }
            guard named.count == 1 else { throw RosterProblem.ambiguousName(who) }
            student = first
        }
        let secret = SecretGenerator.vendorSecret()
        let hash = try SecretHash.make(secret: secret)
        try await store.pool.write { db in
            try db.execute(
                sql: "UPDATE vendors SET secret_hash = ?, secret_salt = ?, secret_rounds = ? WHERE id = ?",
                arguments: [hash.hash, hash.salt, hash.rounds, student.vendorID])
            try db.execute(sql: "DELETE FROM remembered_secrets WHERE vendor_id = ?", arguments: [student.vendorID])
        }
        let credentials = VendorCredentials(identifier: student.identifier, secret: Secret(secret))
        try await rememberFirstSecret(credentials)
        return EnrolledStudent(student: student, credentials: credentials)
    }

    /// Keeps the fingerprint of a secret just made, so the activity record notices it misplaced
    /// (in a URL or another header) from the student's very first request, before it ever verified.
    /// Kept in the database too: a market running in another process finds it there.
    func rememberFirstSecret(_ credentials: VendorCredentials) async throws {
        guard let vendor = try store.vendor(identifier: credentials.identifier) else { return }
        let fingerprint = rememberedSecrets.fingerprint(credentials.secret.revealed, for: vendor)
        await rememberedSecrets.remember(fingerprint, vendorID: vendor.id)
    }
}
