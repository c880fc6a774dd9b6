import OpenMarketContract

/// What `undo` and `redo` say: each step's plan and request, what stops them, and how they
/// ended. Each language is one exhaustive `switch` (`ReversalMessage+English.swift`,
/// `ReversalMessage+Korean.swift`). `undo` is true for `undo`, false for `redo`.
public enum ReversalMessage: Spoken, Equatable {
    /// A field the product has now other than the change left it: its name, now, then.
    public struct Difference: Sendable, Equatable {
        /// Named in the reader's language when said (`price`, `가격`).
        var field: ProductField
        var now: String
        var then: String

        public init(field: ProductField, now: String, then: String) { (self.field, self.now, self.then) = (field, now, then) }
    }

    // The plan: what a step does to which product.
    /// `#4 Mug: price ₩3,500 → ₩3,200`.
    case setFields(name: String, changes: String)
    /// `#4 Mug: stock 8 → 5 (-3, the inverse of 5 → 8)`.
    case stockBack(name: String, now: Int, amount: Int, before: Int, after: Int)
    /// `#4 Mug: stock 5 → 8 (+3 again)`.
    case stockAgain(name: String, now: Int, amount: Int)
    case delete(name: String)
    case registerAgain(name: String)

    // What a step would send (`--dry-run`).
    case patchRequest(id: Int, json: String, etag: String?)
    /// A PATCH after a step before it in the same run changed the product: its version is read
    /// again first, as the version read for the plan is no longer the product's.
    case patchAfterRead(id: Int, json: String)
    case stockRequest(id: Int, stock: Int, etag: String?)
    /// The same after a step before it in the same run changed the product (`patchAfterRead`).
    case stockAfterRead(id: Int, stock: Int)
    case deleteRequest(id: Int)
    case registerRequest(json: String, photos: Int, bytes: String, thumbnail: Bool)

    // What stops a step.
    case alreadyGone(id: Int)
    /// What a step would delete, a later change the log has (`by`) deleted already.
    case goneBy(ids: [Int], by: Int)
    case noLongerExists(id: Int, undo: Bool)
    /// The products were deleted by a later change the log has (`by`, the unit `changes`
    /// lists): undoing that first brings them back.
    case deletedSince(ids: [Int], by: Int, undo: Bool)
    /// The product was deleted by a change the log has (`by`) whose undo cannot bring it back
    /// (`why`: its photos are not kept).
    case deletedForGood(id: Int, by: Int, why: String)
    case notReversible(number: Int)
    /// A field the change set is no longer as the change (or its last undo or redo) left it:
    /// the product (`#4 Mug`), the unit `changes` lists it under, the later unit of the log
    /// that changed one of those fields since when there is one (`by`: else another client did,
    /// or a change the log no longer has), and each such field.
    case changedSince(name: String, number: Int, by: Int? = nil, differences: [Difference])
    /// Why the log cannot take it back (its photos).
    case changeLog(ChangeLogMessage)
    case changedWhileRead(id: Int, undo: Bool)
    case cannotBeRead(id: Int)

    // The run.
    case cannotReverse(undo: Bool, number: Int, label: String, blockers: [ReversalMessage], more: Int)
    /// `agent`: the way round it is the tool's `force: true`, not the shell's `--force`.
    case conflicts(undo: Bool, number: Int, conflicts: [ReversalMessage], more: Int, agent: Bool)
    indirect case dryRunNote(ReversalMessage)
    case damagedLog(path: String, count: Int, line: Int, undo: Bool)
    /// `undo 3 (import catalog.csv, 100 changes):`, above a batch's plan.
    case batchPlan(undo: Bool, number: Int, label: String)
    case andMore(Int)
    case changeFailed(number: Int, why: String)
    case logDoesNotKnow(problem: String, undo: Bool)

    /// The `changes` table's heading of its last column (undone or partly undone).
    case stateColumn
}

extension ReversalMessage {
    /// `blockers` with the products one later change deleted said once, together (`#3 and #4
    /// were deleted since, by change 14`, `#3 and #4 are already gone: change 14 deleted them`),
    /// where that change's first product was.
    static func together(_ blockers: [ReversalMessage]) -> [ReversalMessage] {
        var merged: [ReversalMessage] = []
        for blocker in blockers {
            guard let (ids, by) = blocker.deletion, let index = merged.firstIndex(where: { $0.sameDeletion(as: blocker) }),
                let (kept, _) = merged[index].deletion
            else {
                merged.append(blocker)
                continue
            }
            merged[index] = merged[index].naming((kept + ids).sorted(), by: by)
        }
        return merged
    }

    /// The products and the change a `deletedSince` or a `goneBy` names, nil for any other message.
    private var deletion: (ids: [Int], by: Int)? {
        switch self {
        case .deletedSince(let ids, let by, _), .goneBy(let ids, let by): (ids, by)
        default: nil
        }
    }

    /// Whether `other` is the same kind of message about the same change.
    private func sameDeletion(as other: ReversalMessage) -> Bool {
        switch (self, other) {
        case (.deletedSince(_, let by, let undo), .deletedSince(_, let otherBy, let otherUndo)):
            by == otherBy && undo == otherUndo
        case (.goneBy(_, let by), .goneBy(_, let otherBy)): by == otherBy
        default: false
        }
    }

    /// This message about `ids` instead.
    private func naming(_ ids: [Int], by: Int) -> ReversalMessage {
        switch self {
        case .deletedSince(_, _, let undo): .deletedSince(ids: ids, by: by, undo: undo)
        case .goneBy: .goneBy(ids: ids, by: by)
        default: self
        }
    }
}
