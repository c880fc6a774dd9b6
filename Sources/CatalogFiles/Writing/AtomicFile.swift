import Foundation
import OpenMarketContract

/// `AtomicFileWriter` with its problems as `CatalogProblem`s: a catalog written beside its
/// destination and put in place by `commit()`, refusing an existing file unless `replacing`.
final class AtomicFile {
    private let writer: AtomicFileWriter
    private let replacing: Bool
    var path: String { writer.path }

    /// A temporary file beside `path` with `mode`, or the mode `path` has now, or 0644.
    init(path: String, replacing: Bool, mode: mode_t? = nil) throws(CatalogProblem) {
        do {
            writer = try AtomicFileWriter(path: path, mode: mode)
        } catch {
            throw Self.problem(error)
        }
        self.replacing = replacing
    }

    /// Appends `data` to the temporary file.
    func write(_ data: Data) throws(CatalogProblem) {
        do { try writer.write(data) } catch { throw Self.problem(error) }
    }

    /// Flushes the temporary file to disk and puts it at `path`.
    func commit() throws(CatalogProblem) {
        do { try writer.commit(replacing: replacing) } catch { throw Self.problem(error) }
    }

    /// The file's problem with the file named once (`CatalogProblem` adds the `FILE: ` itself).
    static func problem(_ error: LocalFileError) -> CatalogProblem {
        let message = error.message(shownAs: "")
        return CatalogProblem(
            file: error.path,
            message.hasPrefix(": ") ? String(message.dropFirst(2)) : message.trimmingCharacters(in: .whitespaces))
    }
}
