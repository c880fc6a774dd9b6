import Foundation
import OpenMarketContract

/// The folder of the photos a change log saved before deletes. It is used only as a real folder
/// (opened with `O_NOFOLLOW`: a symbolic link there is refused, never written, read or pruned
/// through), and only by the plain file names the log itself gave its photos: a name with a
/// `/`, `.` or `..` in an entry (an edited log naming a photo two folders up, in someone's home) is refused,
/// never read or uploaded.
struct ChangeLogPhotos {
    let path: String

    /// A name the log gives a photo: one path component, not `.` or `..`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// The folder opened; nil when it is not there (and `creating` is false).
    private func open(creating: Bool) throws(CommandFailure) -> Int32? {
        if creating {
            let made = mkdir(path, 0o700)
            if made != 0, errno != EEXIST {
                throw .failed(
                    ChangeLogMessage.photoFolderCannotBeMade(path: path, reason: String(cString: strerror(errno))).text)
            }
        }
        let folder = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            if code == ENOENT, !creating { return nil }
            if code == ELOOP || code == ENOTDIR {
                throw .failed(ChangeLogMessage.photoFolderNotAFolder(path).text)
            }
            throw .failed(
                ChangeLogMessage.photoFolderCannotBeOpened(path: path, reason: String(cString: strerror(code))).text)
        }
        return folder
    }

    /// Writes photos as `NUMBER-INDEX-NAME` (0600, new files only); answers their names. A photo
    /// that cannot be written whole takes back those written before it.
    func save(_ photos: [SavedPhoto], number: Int) throws(CommandFailure) -> [String] {
        guard !photos.isEmpty, let folder = try open(creating: true) else { return [] }
        defer { close(folder) }
        var names: [String] = []
        for (index, photo) in photos.enumerated() {
            let safe = String(
                photo.filename.map { $0.isLetter || $0.isNumber || "._".contains($0) ? $0 : "_" }.suffix(60))
            let name = "\(number)-\(index + 1)-\(safe)"
            unlinkat(folder, name, 0)
            let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            var failure = file < 0 ? errno : nil
            if file >= 0 {
                failure = photo.data.withUnsafeBytes { JSONLinesLog.writeAll(file, $0) }.error
                close(file)
            }
            if let failure {
                unlinkat(folder, name, 0)
                remove(names, in: folder)
                throw .failed(ChangeLogMessage.photoCannotBeSaved(path: path, reason: String(cString: strerror(failure))).text)
            }
            names.append(name)
        }
        return names
    }

    /// The photo files named, read; nil when one is gone (pruned). A name that is not a plain
    /// file name is refused.
    func read(_ names: [String], change: Int) throws(CommandFailure) -> [SavedPhoto]? {
        for name in names where !Self.isPlainName(name) {
            throw .failed(
                ChangeLogMessage.photoOutsideFolder(change: change, name: TextLayout.visible(String(name.prefix(80)))).text)
        }
        guard let folder = try open(creating: false) else { return nil }
        defer { close(folder) }
        var photos: [SavedPhoto] = []
        for name in names {
            let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var info = stat()
            guard fstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= LocalFile.maxPhotoSourceBytes,
                let data = try? JSONLinesLog.readAll(file, path: path + "/" + name)
            else { return nil }
            let original = name.split(separator: "-", maxSplits: 2).last.map(String.init) ?? name
            photos.append(SavedPhoto(filename: original, data: data))
        }
        return photos
    }

    /// Removes what the log no longer names (`dropped`), then of what it names (`kept`) those
    /// older than `oldest` and, oldest first, while all weigh more than `bytes`. Only regular
    /// files the log made are touched, inside the real folder. The names are asked for only
    /// when the folder is there: a log whose changes saved no photo is not read for them
    /// (each change read all 5,000 entries of a full log for them, 35 M instructions).
    func prune(kept: () -> Set<String>, dropped: () -> Set<String>, oldest: Date, bytes: Int) {
        guard let folder = try? open(creating: false) else { return }
        defer { close(folder) }
        let (kept, dropped) = (kept(), dropped())
        remove(dropped.subtracting(kept).sorted(), in: folder)
        var files: [(name: String, size: Int, date: Date)] = kept.compactMap { name in
            var info = stat()
            guard Self.isPlainName(name), fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                (info.st_mode & S_IFMT) == S_IFREG
            else { return nil }
            let date = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
            return (name, Int(info.st_size), date)
        }
        files.sort { ($0.date, $0.name) < ($1.date, $1.name) }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files where file.date < oldest || total > bytes {
            remove([file.name], in: folder)
            total -= file.size
        }
    }

    /// Unlinks the regular files named (never a folder, never what a link points to).
    func remove(_ names: [String], in folder: Int32) {
        for name in names where Self.isPlainName(name) {
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            unlinkat(folder, name, 0)
        }
    }

    /// Takes back photos just saved for a change the log could not keep.
    func remove(_ names: [String]) {
        guard !names.isEmpty, let folder = try? open(creating: false) else { return }
        defer { close(folder) }
        remove(names, in: folder)
    }
}
