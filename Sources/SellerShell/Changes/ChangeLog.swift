import Digests
import Foundation
import OpenMarketContract
import Synchronization

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
/// written with Codable rather than a GRDB database (a `JSONLinesLog`): it is only ever appended
/// to (whole lines under `flock`, so two shells on one vendor interleave whole lines), read whole,
/// and a person can read it; a database would add a schema to keep for no query it needs.
public struct ChangeEntry: Sendable, Codable, Equatable {
    public enum Event: String, Sendable, Codable {
        case change, undo, redo
    }

    public var event: Event
    /// The change this line is about; a `change` line gives it its number.
    public var number: Int
    /// ISO 8601, UTC.
    public var time: String
    /// The shell session that wrote it (`changes` marks this session's with `*`).
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
    let file: JSONLinesLog
    let photoFiles: ChangeLogPhotos

    public init(folder: URL, server: String, vendor: String, limits: ChangeLogLimits = .standard) {
        let base = Self.fileBase(server: server, vendor: vendor)
        // `isDirectory` given: without it, URL asks the file system (a stat per call).
        path = folder.appendingPathComponent(base + ".jsonl", isDirectory: false).path
        photoFolder = folder.appendingPathComponent(base + ".photos", isDirectory: true).path
        self.limits = limits
        self.vendor = vendor
        file = JSONLinesLog(path: path)
        photoFiles = ChangeLogPhotos(path: photoFolder)
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
    public func entries() throws(CommandFailure) -> [ChangeEntry] { try readBack().entries }

    /// The entries, and the line numbers of the lines that do not read (skipped, and named so
    /// that what they held is not taken for another change).
    public func readBack() throws(CommandFailure) -> (entries: [ChangeEntry], damaged: [Int]) {
        let content: JSONLinesContent?
        do {
            content = try file.read()
        } catch {
            throw .failed(ChangeLogMessage.logProblem("\(error)").text)
        }
        guard let content else { return ([], []) }
        return content.decode(ChangeEntry.self, content.lines.suffix(limits.entries), using: MarketJSON.decoder)
    }

    /// The photos saved for change `number`, in order; nil when they are gone (pruned). A name
    /// in the entry that is not a plain file name of the log's photo folder is refused.
    public func photos(of entry: ChangeEntry) throws(CommandFailure) -> [SavedPhoto]? {
        guard let names = entry.photos, !names.isEmpty else { return nil }
        return try photoFiles.read(names, change: entry.number)
    }

    // MARK: Writing

    /// Appends the changes of one command, numbered on from the log's last number; their photos
    /// are written first (and taken back when the entries cannot be). Answers the numbers given.
    @discardableResult
    public func record(
        _ changes: [ProductChange], command: String, session: String, batch: ChangeBatch?, now: Date = .now
    ) throws(CommandFailure) -> [Int] {
        let hold = try lock()
        defer { hold.close() }
        var number = hold.lastNumber
        var entries: [ChangeEntry] = []
        var saved: [String] = []
        for change in changes {
            number += 1
            let photos: [String]
            do {
                photos = try photoFiles.save(change.photos, number: number)
            } catch {
                photoFiles.remove(saved)
                throw error
            }
            saved += photos
            entries.append(
                ChangeEntry(
                    event: .change, number: number, time: Self.timestamp(now), session: session, command: command,
                    kind: change.kind, batch: batch, before: change.before, after: change.after, etag: change.etag,
                    photos: photos.isEmpty ? nil : photos, photoProblem: change.photoProblem))
        }
        do {
            try hold.append(entries)
        } catch {
            photoFiles.remove(saved)
            throw error
        }
        hold.release(now: now)
        return entries.map(\.number)
    }

    /// Appends the creation of each of `products` the log does not have yet: products a command
    /// made whose answer never came back (an interrupted run, found on the market when it
    /// resumed), which that run may or may not have written before it stopped.
    public func recordCreates(
        _ products: [Product], command: String, session: String, batch: ChangeBatch?
    ) throws(CommandFailure) {
        guard !products.isEmpty else { return }
        var logged: Set<Int> = []
        for entry in try entries() where entry.event == .change && entry.kind == .created {
            if let id = entry.after?.id { logged.insert(id) }
        }
        let missing = products.filter { !logged.contains($0.id) }.map { ProductChange(.created, before: nil, after: $0) }
        guard !missing.isEmpty else { return }
        try record(missing, command: command, session: session, batch: batch)
    }

    /// Appends that change `number` was undone (or redone), with the product as it left it.
    public func mark(
        _ event: ChangeEntry.Event, number: Int, session: String, result: Product?, replaced: ChangeEntry.Replacement?,
        photos: [SavedPhoto] = [], now: Date = .now
    ) throws(CommandFailure) {
        let hold = try lock()
        defer { hold.close() }
        try hold.mark(event, number: number, session: session, result: result, replaced: replaced, photos: photos, now: now)
        hold.release(now: now)
    }

    static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

    /// The log open and locked, this thread waiting for another's lock.
    func lock() throws(CommandFailure) -> ChangeLogHold {
        try makeFolder((path as NSString).deletingLastPathComponent)
        do {
            return try ChangeLogHold(log: self, file: file.lock(waiting: true))
        } catch {
            throw .failed(ChangeLogMessage.logProblem("\(error)").text)
        }
    }

    /// The log open and locked, waiting for another's lock off the cooperative pool: what `undo`
    /// holds from its check that a change is still to be taken back until it has marked it, so
    /// that two shells never both take back one change.
    public func hold() async throws(CommandFailure) -> ChangeLogHold {
        try makeFolder((path as NSString).deletingLastPathComponent)
        do {
            return try ChangeLogHold(log: self, file: await file.lock())
        } catch {
            throw .failed(ChangeLogMessage.logProblem("\(error)").text)
        }
    }

    /// The newest change's number, read from the log's end: a change is numbered one past the
    /// newest before it, so the last `change` line is the newest, and the undo and redo lines
    /// after it name older ones.
    static func lastNumber(in lines: [Data]) -> Int {
        var newest = 0
        for line in lines.reversed() {
            guard let entry = try? MarketJSON.decoder.decode(EntryHead.self, from: line) else { continue }
            newest = max(newest, entry.number)
            if entry.event == .change { break }
        }
        return newest
    }

    private func makeFolder(_ folder: String) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failed(ChangeLogMessage.folderCannotBeMade(folder: folder, reason: ShellSession.readable(error)).text)
        }
    }

    // MARK: Pruning

    /// Removes photos past the limits (the oldest first) and, when the log holds more events or
    /// older ones than it keeps, rewrites it without the oldest (which ends the hold).
    /// The log is in time order, so only its first lines can be too old: they are read one by
    /// one until one is young enough (a damaged one at the start goes too). Only the photos the
    /// log names are pruned: a photo of a line that goes, goes with it.
    ///
    /// Past the entry limit the file may hold a tenth more before it is rewritten (`entries()`
    /// reads only the newest `limits.entries`): dropping one line per change rewrote the whole
    /// log, 5.8 MB at 5,000 entries, on every change once it was full.
    func prune(_ lines: [Data], file: JSONLinesLog.Locked, now: Date) {
        let oldest = now.addingTimeInterval(-Self.seconds(limits.entryAge))
        let slack = max(1, limits.entries / 10)
        var kept = lines.count > limits.entries + slack ? lines.suffix(limits.entries) : lines[...]
        while let first = kept.first {
            if let entry = try? MarketJSON.decoder.decode(EntryHead.self, from: first), (entry.date ?? now) >= oldest {
                break
            }
            kept = kept.dropFirst()
        }
        photoFiles.prune(
            kept: { Self.photoNames(in: kept) },
            dropped: { kept.count < lines.count ? Self.photoNames(in: lines[..<kept.startIndex]) : [] },
            oldest: now.addingTimeInterval(-Self.seconds(limits.photoAge)), bytes: limits.photoBytes)
        guard kept.count < lines.count else { return }
        try? file.replace(with: Array(kept))
    }

    /// The photo files the lines name (only lines with a `"photos"` key are decoded).
    static func photoNames(in lines: some Collection<Data>) -> Set<String> {
        var names: Set<String> = []
        for line in lines {
            guard Self.hasPhotosKey(line), let entry = try? MarketJSON.decoder.decode(PhotoNames.self, from: line) else {
                continue
            }
            names.formUnion(entry.photos ?? [])
        }
        return names
    }

    /// Whether `"photos":` is in the line (found from its quotes with `memchr`).
    private static func hasPhotosKey(_ line: Data) -> Bool {
        let key = Array(#""photos":"#.utf8)
        return line.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset + key.count <= bytes.count,
                let quote = memchr(base + offset, 0x22, bytes.count - offset - key.count + 1)
            {
                let at = base.distance(to: UnsafeRawPointer(quote))
                if memcmp(base + at, key, key.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }

    private struct PhotoNames: Decodable {
        var photos: [String]?
    }

    /// What every change's entry starts with, read without its products (`before`, `after`,
    /// `result`): what a change reads of the newest entry and the oldest ones, to number itself
    /// and to prune. Decoding whole entries there was a fifth of a `patch` line's instructions
    /// (2.07 M a line, 1.67 M with these: `LINE=patch BEFORE=… scripts/bench-instructions 20`); a
    /// line without these fields is damaged, and skipped as before.
    private struct EntryHead: Decodable {
        var event: ChangeEntry.Event
        var number: Int
        var time: String
        var session: String

        var date: Date? { try? Date(time, strategy: .iso8601) }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}

/// The change log locked: what it held when locked, and what this hold appended. Closing it (or
/// letting it go) unlocks it; `release` prunes first.
public final class ChangeLogHold: Sendable {
    let log: ChangeLog
    let file: JSONLinesLog.Locked
    /// The log's lines when it was locked (a damaged one is skipped wherever entries are read).
    ///
    /// They are kept as bytes: a change decodes only the few it needs (the newest change's
    /// number, the oldest entries' dates), not every entry. Decoding them all made each change
    /// cost more the longer the log, up to its 5,000 entries (measured: 20 registers took 312 ms
    /// with an empty log and 1,270 ms with 500 entries).
    let lines: [Data]
    /// The newest change's number; 0 when there is none.
    let lastNumber: Int
    private let appended = Mutex<[Data]>([])

    init(log: ChangeLog, file: JSONLinesLog.Locked) throws(JSONLinesLogError) {
        self.log = log
        self.file = file
        lines = try file.content().lines
        lastNumber = ChangeLog.lastNumber(in: lines)
    }

    /// The log's history as it was when locked.
    public func history() -> ChangeHistory {
        ChangeHistory(lines.suffix(log.limits.entries).compactMap { try? MarketJSON.decoder.decode(ChangeEntry.self, from: $0) })
    }

    func append(_ entries: [ChangeEntry]) throws(CommandFailure) {
        let encoded = entries.compactMap { try? MarketJSON.encoder.encode($0) }
        do {
            try file.append(encoded)
        } catch {
            throw .failed(ChangeLogMessage.logProblem("\(error)").text)
        }
        appended.withLock { $0 += encoded }
    }

    /// Appends that change `number` was undone (or redone), with the product as it left it.
    public func mark(
        _ event: ChangeEntry.Event, number: Int, session: String, result: Product?, replaced: ChangeEntry.Replacement?,
        photos: [SavedPhoto] = [], now: Date = .now
    ) throws(CommandFailure) {
        let saved = try log.photoFiles.save(photos, number: number)
        let entry = ChangeEntry(
            event: event, number: number, time: ChangeLog.timestamp(now), session: session, photos: saved.isEmpty ? nil : saved,
            result: result, replaced: replaced)
        do {
            try append([entry])
        } catch {
            log.photoFiles.remove(saved)
            throw error
        }
    }

    /// Prunes what is over the limits, and unlocks.
    public func release(now: Date = .now) {
        log.prune(lines + appended.withLock { $0 }, file: file, now: now)
        file.close()
    }

    /// Unlocks without pruning.
    public func close() { file.close() }
}
