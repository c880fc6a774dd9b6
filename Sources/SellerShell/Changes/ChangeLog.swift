import Crypto
import Foundation
import OpenMarketContract

/// How much the change log keeps. The photos saved before deletes are the bulk: they are kept
/// at most `photoAge` and `photoBytes` in all, the oldest removed first; the log itself keeps
/// at most `entries` events and none older than `entryAge`. (A change whose photos were
/// removed can still be listed; `undo` says it cannot bring the product back.)
public struct ChangeLogLimits: Sendable, Equatable {
    public var photoBytes: Int
    public var photoAge: Duration
    public var entries: Int
    public var entryAge: Duration

    public init(
        photoBytes: Int = 64 * 1024 * 1024, photoAge: Duration = .seconds(30 * 86_400), entries: Int = 5_000,
        entryAge: Duration = .seconds(90 * 86_400)
    ) {
        self.photoBytes = photoBytes
        self.photoAge = photoAge
        self.entries = entries
        self.entryAge = entryAge
    }

    /// 64 MiB of photos for 30 days; 5,000 events for 90 days.
    public static let standard = ChangeLogLimits()
}

/// One line of the log: a change made, or a change undone or redone. The log is JSON Lines
/// written with Codable rather than a GRDB database: it is only ever appended to (one `write`
/// of a whole line under `flock`, so two shells on one vendor interleave whole lines), read
/// whole, and a person can read it; a database would add a schema to keep for no query it needs.
public struct ChangeEntry: Sendable, Codable, Equatable {
    public enum Event: String, Sendable, Codable {
        case change, undo, redo
    }

    public var event: Event
    /// The change this line is about; a `change` line gives it its number.
    public var number: Int
    /// ISO 8601, UTC.
    public var time: String
    /// The shell session that wrote it (`changes` shows this session's unless `--all`).
    public var session: String
    /// The line as typed, the session's secrets masked.
    public var command: String?
    public var kind: ProductChange.Kind?
    public var batch: ChangeBatch?
    public var before: Product?
    public var after: Product?
    public var etag: String?
    /// The files (in the log's photo folder) of the photos saved for this change.
    public var photos: [String]?
    public var photoProblem: String?
    /// After an undo or redo: the product as it left it (nil when it deleted it).
    public var result: Product?
    /// An undo or redo that registered the product again: the id it had, and the id it has now.
    public var replaced: Replacement?

    public struct Replacement: Sendable, Codable, Equatable {
        public var old: Int
        public var new: Int
    }

    public var date: Date? { try? Date(time, strategy: .iso8601) }
}

/// The change log of one server and one vendor: a JSON Lines file under
/// `$XDG_STATE_HOME/openmarket/changes/` (mode 0600; never a secret: products, masked command
/// lines, numbers), and beside it a folder of the photos saved before deletes. Any number of
/// sessions and processes may write it at once.
public final class ChangeLog: Sendable {
    public let path: String
    public let photoFolder: String
    public let limits: ChangeLogLimits
    /// The vendor it is the log of.
    let vendor: String

    public init(folder: URL, server: String, vendor: String, limits: ChangeLogLimits = .standard) {
        let base = Self.fileBase(server: server, vendor: vendor)
        // `isDirectory` given: without it, URL asks the file system (a stat per call).
        path = folder.appendingPathComponent(base + ".jsonl", isDirectory: false).path
        photoFolder = folder.appendingPathComponent(base + ".photos", isDirectory: true).path
        self.limits = limits
        self.vendor = vendor
    }

    /// `http-127.0.0.1-8080-1a2b3c4d5e6f`, `share-openmarket-local-…` for the local market
    /// (readable, with a hash of the whole server name and the vendor's identifier, so that two
    /// vendors on one server never share a log).
    static func fileBase(server: String, vendor: String) -> String {
        let readable = server.split(whereSeparator: { "/:".contains($0) }).suffix(3).joined(separator: "-").map {
            character -> Character in character.isLetter || character.isNumber || "._-".contains(character) ? character : "_"
        }
        let digest = SHA256.hash(data: Data("\(server)\n\(vendor)".utf8)).prefix(6).hexadecimal
        return "\(String(String(readable).suffix(60)))-\(digest)"
    }

    // MARK: Reading

    /// Every entry the log keeps (its newest `limits.entries`), oldest first; a line that does
    /// not read (cut short by a crash) is skipped.
    public func entries() throws(CommandFailure) -> [ChangeEntry] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failed("the change log \(path) cannot be read: check its permissions")
        }
        return data.jsonLines.suffix(limits.entries).compactMap {
            try? MarketJSON.decoder.decode(ChangeEntry.self, from: Data($0))
        }
    }

    /// The photos saved for change `number`, in order; nil when they are gone (pruned).
    public func photos(of entry: ChangeEntry) -> [SavedPhoto]? {
        guard let names = entry.photos, !names.isEmpty else { return nil }
        var photos: [SavedPhoto] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: photoFolder + "/" + name) else { return nil }
            let original = name.split(separator: "-", maxSplits: 2).last.map(String.init) ?? name
            photos.append(SavedPhoto(filename: original, data: data))
        }
        return photos
    }

    // MARK: Writing

    /// Appends the changes of one command, numbered on from the log's last number; their photos
    /// are written first. Answers the numbers given.
    @discardableResult
    public func record(
        _ changes: [ProductChange], command: String, session: String, batch: ChangeBatch?, now: Date = .now
    ) throws(CommandFailure) -> [Int] {
        let locked = try lock()
        var number = locked.lastNumber
        var entries: [ChangeEntry] = []
        for change in changes {
            number += 1
            let photos: [String]
            do {
                photos = try savePhotos(change.photos, number: number)
            } catch {
                unlock(locked)
                throw error
            }
            entries.append(
                ChangeEntry(
                    event: .change, number: number, time: Self.timestamp(now), session: session, command: command,
                    kind: change.kind, batch: batch, before: change.before, after: change.after, etag: change.etag,
                    photos: photos.isEmpty ? nil : photos, photoProblem: change.photoProblem))
        }
        try finish(locked, writing: entries, now: now)
        return entries.map(\.number)
    }

    /// Appends that change `number` was undone (or redone), with the product as it left it.
    public func mark(
        _ event: ChangeEntry.Event, number: Int, session: String, result: Product?, replaced: ChangeEntry.Replacement?,
        photos: [SavedPhoto] = [], now: Date = .now
    ) throws(CommandFailure) {
        let locked = try lock()
        let saved: [String]
        do {
            saved = try savePhotos(photos, number: number)
        } catch {
            unlock(locked)
            throw error
        }
        let entry = ChangeEntry(
            event: event, number: number, time: Self.timestamp(now), session: session, photos: saved.isEmpty ? nil : saved,
            result: result, replaced: replaced)
        try finish(locked, writing: [entry], now: now)
    }

    static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

    /// The log open and locked (`flock` on an open file: it keeps out other processes and, as
    /// each append opens the file anew, other tasks of this one), with what it holds.
    ///
    /// The log's lines are kept as bytes: a change decodes only the few it needs (the newest
    /// change's number, the oldest entries' dates), not every entry. Decoding them all made each
    /// change cost more the longer the log, up to its 5,000 entries (measured: 20 registers took
    /// 312 ms with an empty log and 1,270 ms with 500 entries).
    private struct Locked {
        var descriptor: Int32
        /// The log's lines (JSON entries; a damaged one is skipped wherever entries are read).
        var lines: [Data]
        /// The newest change's number; 0 when there is none.
        var lastNumber: Int
    }

    private func lock() throws(CommandFailure) -> Locked {
        try makeFolder((path as NSString).deletingLastPathComponent)
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failed("the change log \(path) cannot be opened: \(Self.errnoText())") }
        fchmod(fd, 0o600)
        guard flock(fd, LOCK_EX) == 0 else {
            close(fd)
            throw .failed("the change log \(path) cannot be locked: \(Self.errnoText())")
        }
        let lines = Self.readAll(fd).jsonLines
        return Locked(descriptor: fd, lines: lines, lastNumber: Self.lastNumber(in: lines))
    }

    /// The newest change's number, read from the log's end: a change is numbered one past the
    /// newest before it, so the last `change` line is the newest, and the undo and redo lines
    /// after it name older ones.
    static func lastNumber(in lines: [Data]) -> Int {
        var newest = 0
        for line in lines.reversed() {
            guard let entry = try? MarketJSON.decoder.decode(ChangeEntry.self, from: Data(line)) else { continue }
            newest = max(newest, entry.number)
            if entry.event == .change { break }
        }
        return newest
    }

    private func unlock(_ locked: Locked) {
        flock(locked.descriptor, LOCK_UN)
        close(locked.descriptor)
    }

    /// Writes the entries in one `write`, prunes what is over the limits, and unlocks.
    private func finish(_ locked: Locked, writing entries: [ChangeEntry], now: Date) throws(CommandFailure) {
        let lines = entries.compactMap { try? MarketJSON.encoder.encode($0) }
        var data = Data()
        for line in lines {
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        let written = data.withUnsafeBytes { write(locked.descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else {
            let why = Self.errnoText()
            unlock(locked)
            throw .failed("the change log \(path) cannot be written: \(why)")
        }
        prune(locked.lines + lines, now: now)
        unlock(locked)
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
        return data
    }

    private func makeFolder(_ folder: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed("the change log's folder \(folder) cannot be made: \(ShellSession.readable(error))")
        }
    }

    /// Writes photos as `NUMBER-INDEX-NAME` (0600); answers their file names.
    private func savePhotos(_ photos: [SavedPhoto], number: Int) throws(CommandFailure) -> [String] {
        guard !photos.isEmpty else { return [] }
        try makeFolder(photoFolder)
        var names: [String] = []
        for (index, photo) in photos.enumerated() {
            let safe = String(
                photo.filename.map { $0.isLetter || $0.isNumber || "._".contains($0) ? $0 : "_" }.suffix(60))
            let name = "\(number)-\(index + 1)-\(safe)"
            let file = photoFolder + "/" + name
            guard FileManager.default.createFile(atPath: file, contents: photo.data, attributes: [.posixPermissions: 0o600])
            else { throw .failed("a photo cannot be saved in \(photoFolder): check its permissions and free space") }
            names.append(name)
        }
        return names
    }

    // MARK: Pruning

    /// Removes photos past the limits (the oldest first) and, when the log holds more events or
    /// older ones than it keeps, rewrites it without the oldest.
    /// The log is in time order, so only its first lines can be too old: they are read one by
    /// one until one is young enough (a damaged one at the start goes too).
    ///
    /// Past the entry limit the file may hold a tenth more before it is rewritten (`entries()`
    /// reads only the newest `limits.entries`): dropping one line per change rewrote the whole
    /// log, 5.8 MB at 5,000 entries, on every change once it was full.
    private func prune(_ lines: [Data], now: Date) {
        prunePhotos(now: now)
        let oldest = now.addingTimeInterval(-Self.seconds(limits.entryAge))
        let slack = max(1, limits.entries / 10)
        var kept = lines.count > limits.entries + slack ? lines.suffix(limits.entries) : lines[...]
        while let first = kept.first {
            if let entry = try? MarketJSON.decoder.decode(ChangeEntry.self, from: Data(first)), (entry.date ?? now) >= oldest {
                break
            }
            kept = kept.dropFirst()
        }
        guard kept.count < lines.count else { return }
        var data = Data()
        for line in kept {
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            return
        }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// The photos, oldest first (by the time they were written), removed while older than the
    /// age limit or while all of them weigh more than the size limit.
    func prunePhotos(now: Date = .now) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: photoFolder) else { return }
        var files: [(path: String, size: Int, date: Date)] = names.compactMap { name in
            let file = photoFolder + "/" + name
            guard let attributes = try? manager.attributesOfItem(atPath: file) else { return nil }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            return (file, size, attributes[.modificationDate] as? Date ?? now)
        }
        files.sort { ($0.date, $0.path) < ($1.date, $1.path) }
        var total = files.reduce(0) { $0 + $1.size }
        let oldest = now.addingTimeInterval(-Self.seconds(limits.photoAge))
        for file in files where file.date < oldest || total > limits.photoBytes {
            try? manager.removeItem(atPath: file.path)
            total -= file.size
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
