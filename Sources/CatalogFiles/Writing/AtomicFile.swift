import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written beside its destination and renamed over it by `commit()`, so a half-written
/// file never replaces a good one; dropped (the temporary file removed) when not committed.
final class AtomicFile {
    let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private var committed = false

    /// A temporary file beside `path` with `mode`, or the mode `path` has now, or 0644.
    init(path: String, mode: mode_t? = nil) throws(CatalogProblem) {
        let url = URL(fileURLWithPath: path)
        var template = Array("\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw CatalogProblem(file: path, "cannot be written: \(String(cString: strerror(errno)))") }
        self.path = path
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var existing = stat()
        let keptMode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        fchmod(descriptor, mode ?? keptMode ?? 0o644)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends `data` to the temporary file.
    func write(_ data: Data) throws(CatalogProblem) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw CatalogProblem(file: path, "cannot be written: \(error.localizedDescription)")
        }
    }

    /// Flushes the temporary file to disk and renames it over `path`.
    func commit() throws(CatalogProblem) {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw CatalogProblem(file: path, "cannot be written: \(error.localizedDescription)")
        }
        guard rename(temporaryPath, path) == 0 else {
            throw CatalogProblem(file: path, "cannot be replaced: \(String(cString: strerror(errno)))")
        }
        committed = true
    }

    deinit {
        if !committed {
            try? handle.close()
            unlink(temporaryPath)
        }
    }
}
