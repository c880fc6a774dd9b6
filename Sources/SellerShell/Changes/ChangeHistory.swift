import Foundation
import OpenMarketContract

/// The log read back: each change with whether it stands undone now, grouped into what one
/// `undo` takes back (a change, or all the rows of one import), and the ids products have now
/// (a product registered again by an undo has a new one).
public struct ChangeHistory: Sendable {
    /// One change and what happened to it since.
    public struct Change: Sendable {
        public var entry: ChangeEntry
        /// Whether its latest undo came after its latest redo.
        public var undone: Bool
        /// Where its latest undo or redo stands in the log (for `redo`: the latest undone).
        public var lastMark: Int
        /// The product as the change, or its latest undo or redo, left it (nil: deleted).
        public var state: Product?
        /// The photos saved for it: before its delete, or before an undo deleted what it made.
        public var photos: ChangeEntry?
    }

    /// What one `undo` takes back: one change, or a batch.
    public struct Unit: Sendable {
        /// The first change's number: what `undo N` takes.
        public var number: Int
        public var changes: [Change]
        public var batch: ChangeBatch? { changes.first?.entry.batch }
        public var undone: Bool { changes.allSatisfy(\.undone) }
        public var lastMark: Int { changes.map(\.lastMark).max() ?? 0 }
        public var session: String { changes.first?.entry.session ?? "" }
    }

    public private(set) var units: [Unit] = []
    /// Old id → the id the product was registered again under.
    public private(set) var replacements: [Int: Int] = [:]

    public init(_ entries: [ChangeEntry]) {
        var changes: [Int: Change] = [:]
        var order: [Int] = []
        for (position, entry) in entries.enumerated() {
            switch entry.event {
            case .change:
                if changes[entry.number] == nil { order.append(entry.number) }
                changes[entry.number] = Change(
                    entry: entry, undone: false, lastMark: position, state: entry.after, photos: entry.photos == nil ? nil : entry
                )
            case .undo, .redo:
                changes[entry.number]?.undone = entry.event == .undo
                changes[entry.number]?.lastMark = position
                changes[entry.number]?.state = entry.result
                if entry.photos != nil { changes[entry.number]?.photos = entry }
                if let replaced = entry.replaced { replacements[replaced.old] = replaced.new }
            }
        }
        var byBatch: [String: Int] = [:]
        for number in order.sorted() {
            guard let change = changes[number] else { continue }
            if let batch = change.entry.batch, let index = byBatch[batch.id] {
                units[index].changes.append(change)
            } else {
                if let batch = change.entry.batch { byBatch[batch.id] = units.count }
                units.append(Unit(number: number, changes: [change]))
            }
        }
    }

    /// The id a product has now: `id`, or the id it was registered again under (and again).
    public func currentID(_ id: Int) -> Int {
        var id = id
        var seen: Set<Int> = []
        while let next = replacements[id], seen.insert(id).inserted { id = next }
        return id
    }

    /// The delete that took product `id` away, and the unit `changes` lists it under (what
    /// `undo` takes to bring it back): the delete not undone whose product is `id`, under the
    /// id it had then or, registered again by an undo since, now (a delete undone, the product
    /// changed, then the delete redone). Nil when the log has none.
    public func deletion(of id: Int) -> (change: Change, unit: Unit)? {
        let change = units.lazy.flatMap(\.changes).last {
            guard !$0.undone, $0.entry.kind == .deleted, let deleted = $0.entry.before?.id else { return false }
            return deleted == id || currentID(deleted) == id
        }
        return change.flatMap { change in unit(holding: change.entry.number).map { (change, $0) } }
    }

    /// The unit holding change `number` (a row of an import finds its whole import).
    public func unit(holding number: Int) -> Unit? {
        units.first { $0.number == number || $0.changes.contains { $0.entry.number == number } }
    }

    /// What `undo` takes back with no number: the latest change not undone.
    public var latestDone: Unit? { units.last { !$0.undone } }

    /// What `redo` re-applies with no number: the change undone most recently, still undone.
    public var latestUndone: Unit? { units.filter(\.undone).max { $0.lastMark < $1.lastMark } }
}

extension ChangeHistory.Unit {
    /// `import catalog.csv, 100 changes` or the one change's summary: what `undo` and `redo`,
    /// and an assistant's plan of them, call the unit.
    public var label: String {
        if let batch { return ChangesMessage.batch(label: batch.label, count: changes.count).text }
        return (changes.first?.entry.summary ?? .aChange).text
    }

    /// The unit as a refusal names it: its line (an import's, as typed), control characters shown.
    var shown: String { TextLayout.visible(batch?.label ?? label) }
}

extension ChangeHistory {
    /// The unit `undo N` (`undo: true`) or `redo N` takes, or with no number the latest one that
    /// direction applies to; refused, with the line that says why, when there is none or N is a
    /// row of a batch (an import's, or a command's over several products), which goes only whole
    /// and by its first number. The one choice `undo`, `redo` and an assistant's plan of them make.
    public func unit(toReverse number: Int?, undo: Bool) throws(CommandFailure) -> Unit {
        guard let number else {
            let latest = undo ? latestDone : latestUndone
            guard let latest else {
                if units.isEmpty {
                    throw .failed(Message.nothingKept(undo: undo).text)
                }
                throw .failed(undo ? Message.everythingUndone.text : Message.nothingUndone.text)
            }
            return latest
        }
        guard let unit = unit(holding: number) else {
            throw .failed(Message.noSuchChange(number).text)
        }
        // A row of an import (or of a command over several products) is not undone alone, nor
        // the whole of it for a number `changes` does not list: said, and nothing is sent.
        let part = unit.number != number
        if undo ? unit.undone : !unit.changes.contains(where: \.undone) {
            guard part else { throw .failed((undo ? Message.undoneAlready(unit.number) : .notUndone(unit.number)).text) }
            throw .failed(
                Message.partOfBatchAlready(
                    undo: undo, number: number, unit: unit.number, count: unit.changes.count, label: unit.shown
                ).text)
        }
        if part {
            throw .failed(
                Message.partOfBatch(
                    undo: undo, number: number, unit: unit.number, count: unit.changes.count, label: unit.shown
                ).text)
        }
        return unit
    }
}
