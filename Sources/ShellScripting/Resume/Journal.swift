import Foundation
import OpenMarketContract
import SellerShell

/// One line of a journal file (JSON Lines). A run writes `started` before a create (whose
/// outcome may become unknown), then `done` with what the line bound, or `failed`.
struct JournalEntry: Codable, Sendable, Equatable {
    enum State: String, Codable, Sendable {
        case run, started, done, failed, finished
        /// An import's stock move (`StockMove`): no line of its own, kept across imports.
        case moved
        /// An import's stock move about to be sent (``PendingMove``): until its `moved`, whether
        /// it was made is told from the product by the next import.
        case moving
        /// A `moving` found not made (its product was as it was read): no longer pending.
        case notMoved
    }

    var state: State
    var line: Int?
    var hash: String?
    /// Seconds since 1970 when a create was about to be sent.
    var at: Double?
    /// What a create was about to make, for finding it when its outcome is unknown.
    var name: String?
    var vendorID: Int?
    var vendorName: String?
    /// The name a create's product was to get (`… as mug`).
    var bindAs: String?
    var bind: [String: ProductBinding]?
    var vars: [String: String]?
    /// A raw request's answer as `${response…}` reads it, when the script reads it: what a
    /// resumed run that skips the line sets `response` to.
    var response: VariableValue?
    /// The size of an answer too large to keep (`response` is then absent).
    var responseBytesNotKept: Int?
    var status: Int32?
    /// A failure after which the change may have been made all the same.
    var unsure: Bool?
    /// The highest product id seen before a create was sent.
    var afterID: Int?
    var script: String?
    /// The market a run talked to (in its `run` entry): a resume elsewhere would find none of
    /// what it made.
    var server: String?
    /// The data directory of the local market the shell started, when the run talked to it:
    /// that market is this directory, whatever port it has next time.
    var market: String?
    /// The product a catalog row made (an import's `done` entry), or whose stock it moved.
    var id: Int?
    /// A `moved` entry's row revision, the sheet's stock the move was for, and the change that
    /// made it (``StockMove``).
    var revision: String?
    var stock: Int?
    var made: String?
    /// A `moving` entry's product as read before the move (``StockMove/identity(of:)``), its
    /// stock then, and the stock the move sent.
    var before: String?
    var stockBefore: Int?
    var sent: Int?
    /// A move's base it was made from (``StockMove/from``), and the moves it was made over
    /// (``StockMove/over``).
    var from: Int?
    var kept: [String]?
    /// An import's run: the change log's batch its changes are in (``ChangeBatch``), which a
    /// resume adds to, so that one `undo` takes back the whole import. A `moved` entry: the
    /// batch its change is in.
    var batch: String?

    /// Only the state, line and hash: what most lines write.
    var isPlain: Bool {
        var plain = JournalEntry(state)
        (plain.line, plain.hash) = (line, hash)
        return self == plain
    }

    /// The largest raw answer's body a journal keeps for `${response…}`; a larger one is left out,
    /// and a resume says so.
    static let responseLimit = 1024 * 1024

    init(_ state: State, line: ScriptLine? = nil) {
        self.state = state
        self.line = line?.number
        self.hash = line?.hash
    }

    init(_ state: State, number: Int, hash: String) {
        self.state = state
        self.line = number
        self.hash = hash
    }
}

/// What a journal says about the run it recorded.
struct JournalState: Sendable {
    var done: [Int: JournalEntry] = [:]
    /// Lines whose last word is `started`, or a failure that left the outcome unknown.
    var unsure: [Int: JournalEntry] = [:]
    var finished = false
    /// The market the last run talked to; nil in a journal written before runs noted it.
    var server: String?
    /// The local market's data directory, when the last run talked to the shell's own.
    var market: String?
    /// Every line the journal mentions at all.
    var touched: Set<Int> = []
    /// The stock moves imports of this file made, by product id, in order: those under the
    /// product's latest revision (a move under a new export's revision starts over).
    var moves: [Int: [StockMove]] = [:]
    /// Stock moves sent (or about to be) whose `moved` never came: the run ended in between.
    var pending: [Int: PendingMove] = [:]
    /// The change log's batch of the last run (an import's).
    var batch: String?

    init(entries: [JournalEntry]) {
        var last: [Int: JournalEntry] = [:]
        var startedEntry: [Int: JournalEntry] = [:]
        for entry in entries {
            switch entry.state {
            case .run:
                finished = false
                server = entry.server
                market = entry.market
                batch = entry.batch
            case .finished:
                finished = true
            case .moved:
                guard let id = entry.id, let move = StockMove(entry) else { continue }
                if moves[id]?.last?.revision == move.revision {
                    if let over = entry.kept { moves[id]?.removeAll { !over.contains($0.key) } }
                    moves[id, default: []].append(move)
                } else {
                    moves[id] = [move]
                }
                pending[id] = nil
            case .moving:
                guard let id = entry.id, let move = StockMove(entry), let before = entry.before,
                    let stockBefore = entry.stockBefore, let sent = entry.sent
                else { continue }
                pending[id] = PendingMove(move: move, before: before, stockBefore: stockBefore, sent: sent)
            case .notMoved:
                if let id = entry.id { pending[id] = nil }
            case .started, .done, .failed:
                guard let line = entry.line else { continue }
                touched.insert(line)
                if entry.state == .started { startedEntry[line] = entry }
                last[line] = entry
            }
        }
        for (line, entry) in last {
            switch entry.state {
            case .done: done[line] = entry
            case .started: unsure[line] = entry
            case .failed:
                // A create that timed out or was interrupted may have been made all the same; one
                // whose connection was refused was not.
                if entry.unsure == true, let started = startedEntry[line] { unsure[line] = started }
            default: break
            }
        }
    }

    /// The highest line done, for messages.
    var lastDoneLine: Int? { done.keys.max() }
}

/// The journal file beside a script, a `JSONLinesLog` held locked for the whole run (so that two
/// runs of one script never write the same journal). Each entry is appended whole or, after a
/// failure (a full disk), not at all: the file is cut back, and the next entry starts on a line
/// of its own; a torn last line from a power cut is skipped when read.
final class JournalFile: Sendable {
    let path: String
    private let file: JSONLinesLog.Locked
    /// Masked in every entry (a product the server sent back may hold the secret).
    private let secrets: SessionSecrets?

    /// Starts the journal over (a fresh run), under the lock taken when it was opened.
    func truncate() { file.truncate() }

    init(path: String, fresh: Bool, secrets: SessionSecrets? = nil) throws(JournalError) {
        self.path = path
        self.secrets = secrets
        // Opened without truncating first: the lock must be held before the old journal goes.
        do {
            file = try JSONLinesLog(path: path).lock(waiting: false)
        } catch {
            guard error.kind == .busy else {
                throw JournalError(
                    .journalCannotWrite(path: path, why: error.why), cannotCreate: error.kind != .symbolicLink)
            }
            throw JournalError(.journalBusy(path))
        }
        if fresh { file.truncate() }
    }

    func append(_ entry: JournalEntry) throws(JournalError) { try append([entry]) }

    /// Appends `entries` in one write: all of them or none.
    func append(_ entries: [JournalEntry]) throws(JournalError) {
        var lines: [Data] = []
        lines.reserveCapacity(entries.count)
        for entry in entries { lines.append(try line(entry)) }
        do {
            try file.append(lines)
        } catch {
            throw JournalError(.journalCannotWrite(path: path, why: error.why))
        }
    }

    /// `entry` as one line of JSON, the secret masked.
    private func line(_ entry: JournalEntry) throws(JournalError) -> Data {
        if entry.isPlain, let line = entry.line, let hash = entry.hash {
            // Most lines bind nothing: spelled out, without an encoder, as JSONEncoder would, into
            // bytes (an interpolated string, then `Data(text.utf8)`, cost a tenth of the
            // journal's CPU on a `show` line in dynamic casts, perf record, and its appends
            // another third, bench-instructions).
            var text = TextBytes(capacity: 64)
            text += #"{"hash":""#
            text += hash
            text += #"","line":"#
            text.append(line)
            text += #","state":""#
            text += entry.state.rawValue
            text += #""}"#
            return text.utf8.withUnsafeBufferPointer { Data(buffer: $0) }
        }
        var data: Data
        do { data = try Self.encoder.encode(entry) } catch {
            throw JournalError(.journalCannotEncode(String(describing: error)))
        }
        if let secrets, secrets.occurs(in: data) {
            data = Data(secrets.masked(String(decoding: data, as: UTF8.self)).utf8)
        }
        return data
    }

    /// What the journal at `path` says; nil when there is none (or it cannot be read). Unless
    /// `whole`, a journal whose last entry is its run's `finished` is read no further: all a
    /// fresh run needs to know of a finished one (decoding the 1,000 lines of the run before was
    /// 6 ms of a 1,000-line script's start, `perf record`).
    static func read(_ path: String, whole: Bool = true) -> JournalState? {
        guard let content = try? JSONLinesLog(path: path).read() else { return nil }
        if !whole, let last = content.lines.last,
            let entry = try? MarketJSON.decoder.decode(JournalEntry.self, from: last), entry.state == .finished
        {
            return JournalState(entries: [entry])
        }
        return JournalState(entries: content.decode(JournalEntry.self, content.lines, using: MarketJSON.decoder).entries)
    }

    private static let encoder = MarketJSON.encoder
}

struct JournalError: Error, CustomStringConvertible {
    var description: String
    /// The file could not be opened at all (its folder is read-only, say), as opposed to being
    /// in use by another run.
    var cannotCreate = false
    init(_ message: ScriptMessage, cannotCreate: Bool = false) {
        self.description = message.text
        self.cannotCreate = cannotCreate
    }
}
