import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a local file the seller named could not be read or written. `message(shownAs:)` is one
/// line naming the file as the seller typed it, saying what was wrong and what to do, in the
/// reader's language (catalogues `LocalFileError+English.swift`, `LocalFileError+Korean.swift`).
public struct LocalFileError: Error, Spoken, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Something is at the path already (a file, a folder, a symbolic link) and replacing
        /// it was not asked for.
        case exists
        case missing
        /// A folder, a pipe, a device, a socket, or a `/proc` or `/sys` file.
        case notRegular(FileKind)
        /// Over `limit` bytes (`size` when the file said how large it is), read as `what`.
        case tooLarge(size: Int?, limit: Int, what: String)
        case unreadable(String)
        /// Not readable by this user (EACCES), said in the reader's language.
        case permissionDenied
        case unwritable(String)
    }

    /// The path as it was opened.
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// What is at a path that is not a regular file.
    public enum FileKind: Sendable, Hashable {
        case folder, characterDevice, blockDevice, pipe, socket, other
        /// A file of `/proc` or `/sys` (the root named).
        case systemFile(root: String)
    }

    /// The problem in one line, naming the file as `name`, in the reader's language.
    public func message(shownAs name: String) -> String { LocalFileError(path: name, kind: kind).text }

    /// In the reader's language (`Language.current`).
    public var description: String { text }
}

/// Reading and writing the local files a seller names (photos, catalogs, exports), with bounds.
///
/// Reading: `read(_:limit:what:)` refuses what is not a regular file before reading a byte (a
/// FIFO would block, `/dev/zero` and `/proc/self/pagemap` never end) and never reads more than
/// the limit plus one byte, so a 1.5 GB sparse file costs nothing to refuse.
///
/// Writing: `write(_:to:replacing:)` and `AtomicFileWriter` write a temporary file beside the
/// target and put it in place at the end, so a half-written file never replaces a good one.
/// Unless replacing is asked for (`--force`), the last step itself refuses an existing path:
/// `link(2)` fails with `EEXIST` on anything there, a symbolic link included (it is never
/// followed), so no file appears between a check and the write. With `replacing`, `rename(2)`
/// puts the new file in place of whatever was at the path (a symbolic link is replaced, not
/// followed).
public enum LocalFile {
    /// The most read from a photo source, 50 MiB. The shell shrinks photos over the upload limit
    /// (300 KiB), so a phone's 3-12 MB photo must be read whole; 50 MiB is four times the
    /// largest JPEG a 48-megapixel phone writes, and bounded.
    public static let maxPhotoSourceBytes = 50 * 1024 * 1024
    /// The most read from a catalog file, 256 MiB (100,000 rows with long descriptions are
    /// under 100 MB).
    public static let maxCatalogBytes = 256 * 1024 * 1024

    /// The whole file, when it is a regular file of at most `limit` bytes. `what` names the use
    /// in the message (`a photo`).
    public static func read(_ path: String, limit: Int, what: String) throws(LocalFileError) -> Data {
        let (descriptor, size) = try open(path, limit: limit, what: what)
        defer { close(descriptor) }
        // At most limit + 1 bytes, whatever the size said: a file that grows is still bounded.
        var data = Data(count: min(size, limit) + 1)
        var filled = 0
        while filled <= limit {
            if filled == data.count { data.count = min(limit + 1, data.count * 2) }
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw LocalFileError(path: path, kind: .unreadable(String(cString: strerror(errno))))
            }
            filled += count
        }
        if filled > limit { throw LocalFileError(path: path, kind: .tooLarge(size: nil, limit: limit, what: what)) }
        data.count = filled
        return data
    }

    /// An open descriptor on `path` (the caller closes it) and the size the file says, when it is
    /// a regular file of at most `limit` bytes; checked before a byte is read, for a caller that
    /// reads it a piece at a time (a catalog) and counts what it reads against `limit` itself.
    public static func open(_ path: String, limit: Int, what: String) throws(LocalFileError) -> (descriptor: Int32, size: Int) {
        // Opened non-blocking so that a FIFO does not wait for a writer; checked after opening,
        // so the path cannot be swapped for something else in between.
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw LocalFileError(path: path, kind: .missing) }
            if code == EACCES { throw LocalFileError(path: path, kind: .permissionDenied) }
            throw LocalFileError(path: path, kind: .unreadable(String(cString: strerror(code))))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw LocalFileError(path: path, kind: .unreadable(String(cString: strerror(code))))
        }
        if let what = nonRegular(info.st_mode) ?? pseudoFileSystem(descriptor, info) {
            close(descriptor)
            throw LocalFileError(path: path, kind: .notRegular(what))
        }
        let size = Int(info.st_size)
        if size > limit {
            close(descriptor)
            throw LocalFileError(path: path, kind: .tooLarge(size: size, limit: limit, what: what))
        }
        return (descriptor, size)
    }

    /// Writes `data` to `path` whole or not at all; an existing path is refused unless `replacing`.
    /// A new file gets `mode` (0644 by default); a replaced one keeps the mode it had.
    public static func write(_ data: Data, to path: String, replacing: Bool, mode: mode_t? = nil) throws(LocalFileError) {
        try refuseExisting(path, replacing: replacing)
        let file = try AtomicFileWriter(path: path, mode: mode)
        try file.write(data)
        try file.commit(replacing: replacing)
    }

    /// Throws `.exists` when anything is at `path` (a dangling symbolic link too), unless
    /// `replacing`; and `.notRegular` when a folder, a device, a pipe or a socket is there,
    /// replacing or not: `--force` would not write over a folder, and must not over a device,
    /// so the hint to add it is not given. An early check, so that a long export stops before
    /// its work; the writers check again as they finish, race-free.
    public static func refuseExisting(_ path: String, replacing: Bool = false) throws(LocalFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        // A symbolic link is replaced itself, never written through: it counts as a file here.
        if info.st_mode & S_IFMT != S_IFLNK, let kind = nonRegular(info.st_mode) {
            throw LocalFileError(path: path, kind: .notRegular(kind))
        }
        if !replacing { throw LocalFileError(path: path, kind: .exists) }
    }

    /// What a file that is not a regular file is; nil for a regular file.
    public static func nonRegular(_ mode: mode_t) -> LocalFileError.FileKind? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .folder
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFIFO: .pipe
        case S_IFSOCK: .socket
        default: .other
        }
    }

    /// `/proc` and `/sys` files say they are regular files of size 0 and then never end
    /// (`/proc/self/pagemap` is gigabytes): refused by where they live. Swift's Glibc has no
    /// `fstatfs` to ask for the file system's type, so the file's device is compared with that
    /// of `/proc` and `/sys`, and the path the descriptor resolves to is looked at (for the
    /// other file systems mounted under them: debugfs, cgroups, …).
    private static func pseudoFileSystem(_ descriptor: Int32, _ info: stat) -> LocalFileError.FileKind? {
        for root in ["/proc", "/sys"] {
            var rootInfo = stat()
            if stat(root, &rootInfo) == 0, rootInfo.st_dev == info.st_dev { return .systemFile(root: root) }
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let resolved = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for root in ["/proc", "/sys"] where resolved.hasPrefix(root + "/") { return .systemFile(root: root) }
        return nil
    }
}

/// A file written beside its destination and put in place by `commit(replacing:)`, so a
/// half-written file never replaces a good one; dropped (the temporary file removed) when not
/// committed. See `LocalFile` for how an existing path is refused without a race.
public final class AtomicFileWriter {
    public let path: String
    private let temporaryPath: String
    private let handle: FileHandle
    private var committed = false

    /// A temporary file beside `path` with `mode`, or the mode of the regular file at `path` now,
    /// or 0644 (a link is replaced, not written through: a link to a folder gave its 0755).
    public init(path: String, mode: mode_t? = nil) throws(LocalFileError) {
        let url = URL(fileURLWithPath: path)
        var template = Array("\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw LocalFileError(path: path, kind: .unwritable(String(cString: strerror(errno)))) }
        self.path = path
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var existing = stat()
        let regular = lstat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        let keptMode = regular ? existing.st_mode & 0o7777 : nil
        fchmod(descriptor, mode ?? keptMode ?? 0o644)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends `data` to the temporary file.
    public func write(_ data: Data) throws(LocalFileError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw LocalFileError(path: path, kind: .unwritable(error.localizedDescription))
        }
    }

    /// Flushes the temporary file to disk and puts it at `path`: over what is there when
    /// `replacing`, else only if nothing is there (`.exists` otherwise, the path untouched).
    public func commit(replacing: Bool) throws(LocalFileError) {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw LocalFileError(path: path, kind: .unwritable(error.localizedDescription))
        }
        // The temporary name goes whatever happens: linked, renamed, or refused.
        defer {
            unlink(temporaryPath)
            committed = true
        }
        if replacing {
            guard rename(temporaryPath, path) == 0 else {
                throw LocalFileError(path: path, kind: .unwritable(String(cString: strerror(errno))))
            }
        } else {
            // link(2) makes the name only if nothing has it (Swift's Glibc has no renameat2 with
            // RENAME_NOREPLACE), then the temporary name is removed.
            guard link(temporaryPath, path) == 0 else {
                let code = errno
                if code == EEXIST { throw LocalFileError(path: path, kind: .exists) }
                throw LocalFileError(path: path, kind: .unwritable(String(cString: strerror(code))))
            }
        }
    }

    deinit {
        if !committed {
            try? handle.close()
            unlink(temporaryPath)
        }
    }
}
