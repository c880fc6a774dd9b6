import Foundation

/// The assignment the board shows steps of: a copy of its file kept in the data directory
/// (`class-board-assignment`) by `openmarket-server class board --assignment FILE`, read again
/// each time the board is opened, so a running market's board follows the teacher's choice.
public enum ClassBoardAssignment {
    static let fileName = "class-board-assignment"

    /// What the directory keeps: no assignment, one, or a copy this market cannot read (kept by
    /// another version, whose rules differed, or a file it may not open), which the board says
    /// rather than showing none.
    enum Kept: Equatable {
        case notChosen
        case assignment(Assignment)
        case unreadable

        var assignment: Assignment? {
            if case .assignment(let assignment) = self { assignment } else { nil }
        }
    }

    static func current(in directory: URL) -> Kept {
        let path = directory.appendingPathComponent(fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            // There but not readable (its permissions, a folder in its place): said as a copy that
            // does not read, not taken for no assignment at all.
            return FileManager.default.fileExists(atPath: path) ? .unreadable : .notChosen
        }
        guard let assignment = try? Assignment.parse(String(decoding: data, as: UTF8.self)) else { return .unreadable }
        return .assignment(assignment)
    }

    /// Makes `text` (an assignment file, already parsed by the caller) the board's assignment.
    public static func keep(_ text: String, in directory: URL) throws {
        let path = directory.appendingPathComponent(fileName)
        do {
            try Data(text.utf8).write(to: path, options: .atomic)
        } catch {
            throw MarketServerError.dataDirectory(.cannotWrite(path: path.path))
        }
    }
}
