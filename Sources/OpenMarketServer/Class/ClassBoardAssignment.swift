import Foundation

/// The assignment the board shows steps of: a copy of its file kept in the data directory
/// (`class-board-assignment`) by `openmarket-server class board --assignment FILE`, read again
/// each time the board is opened, so a running market's board follows the teacher's choice.
public enum ClassBoardAssignment {
    static let fileName = "class-board-assignment"

    /// The current assignment, or nil when none was chosen (or its copy no longer parses).
    static func current(in directory: URL) -> Assignment? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(fileName).path) else {
            return nil
        }
        return try? Assignment.parse(String(decoding: data, as: UTF8.self))
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
