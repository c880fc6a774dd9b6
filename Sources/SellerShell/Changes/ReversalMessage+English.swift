import OpenMarketContract

/// The English catalogue of ``ReversalMessage``.
extension ReversalMessage {
    public var english: String {
        switch self {
        case .setFields(let name, let changes): "\(name): \(changes)"
        case .stockBack(let name, let now, let amount, let before, let after):
            "\(name): stock \(now) → \(now + amount) (\(Self.signed(amount)), the inverse of \(before) → \(after))"
        case .stockAgain(let name, let now, let amount): "\(name): stock \(now) → \(now + amount) (\(Self.signed(amount)) again)"
        case .delete(let name): "delete \(name)"
        case .registerAgain(let name): "register \(name) again (under a new id)"
        case .patchRequest(let id, let json, let etag): "PATCH /api/products/\(id) \(json)" + Self.ifMatch(etag)
        case .patchAfterRead(let id, let json):
            "GET /api/products/\(id), then PATCH /api/products/\(id) \(json) with If-Match: the ETag read then"
                + " (a step before changes the product first)"
        case .stockRequest(let id, let stock, let etag):
            "GET /api/products/\(id), then PATCH /api/products/\(id) {\"stock\":\(stock)}" + Self.ifMatch(etag)
                + " (from the stock read then)"
        case .stockAfterRead(let id, let stock):
            "GET /api/products/\(id), then PATCH /api/products/\(id) {\"stock\":\(stock)} with If-Match: the ETag read then"
                + " (from the stock read then; a step before changes the product first)"
        case .deleteRequest(let id): "POST /api/products/\(id)/archived, then DELETE the URI it answers"
        case .registerRequest(let json, let photos, let bytes, let thumbnail):
            "POST /api/products (multipart: params \(json) and \(photos) photo\(photos == 1 ? "" : "s"), \(bytes))"
                + (thumbnail ? ", then PATCH its thumbnail_id" : "")
        case .alreadyGone(let id): "#\(id) is already gone"
        case .goneBy(let ids, let by):
            "\(Self.products(ids)) \(ids.count == 1 ? "is" : "are") already gone: change \(by) deleted \(ids.count == 1 ? "it" : "them")"
        case .deletedForGood(let id, let by, let why):
            "#\(id) was deleted by change \(by), whose undo cannot bring it back: \(why)"
        case .noLongerExists(let id, let undo):
            "#\(id) no longer exists (deleted since?): there is nothing to \(undo ? "undo" : "redo")"
        case .deletedSince(let ids, let by, let undo):
            "\(Self.products(ids)) \(ids.count == 1 ? "was" : "were") deleted since, by change \(by): 'undo \(by)' brings "
                + "\(ids.count == 1 ? "it" : "them") back, then \(undo ? "undo" : "redo") this one"
        case .notReversible(let number): "change \(number) is not one the log can take back"
        case .changedSince(let name, let number, let by, let differences):
            "\(name): "
                + differences.map { "\($0.field.label(in: .en)) is \($0.now) now, not \($0.then)" }.joined(separator: ", ")
                + " (changed since change \(number)" + (by.map { " by change \($0)" } ?? "") + ")"
        case .changeLog(let message): message.english
        case .changedWhileRead(let id, let undo):
            "#\(id) changed while this \(Self.command(undo)) read it (412); nothing was sent: try '\(Self.command(undo))' again"
        case .cannotBeRead(let id): "#\(id) cannot be read"
        case .cannotReverse(let undo, let number, let label, let blockers, let more):
            "cannot \(Self.command(undo)) \(number) (\(label)): " + blockers.map(\.english).joined(separator: "; ")
                + (more > 0 ? "; and \(more) more" : "") + "; nothing was sent"
        case .conflicts(let undo, let number, let conflicts, let more, let agent):
            conflicts.map(\.english).joined(separator: "; ") + (more > 0 ? "; and \(more) more" : "") + "; nothing was sent ("
                + (agent
                    ? "\(Self.command(undo)) with number: \(number), force: true"
                    : "'\(Self.command(undo)) \(number) --force'") + " \(Self.command(undo))es it all the same)"
        case .dryRunNote(let conflict): "note: \(conflict.english) (without --force it is refused)"
        case .damagedLog(let path, let count, let line, let undo):
            "note: the change log \(path) has \(count) damaged line\(count == 1 ? "" : "s") "
                + "(line \(line)\(count > 1 ? ", …" : "")), skipped: a change it held cannot be \(undo ? "undone" : "redone")"
        case .batchPlan(let undo, let number, let label): "\(Self.command(undo)) \(number) (\(label)):"
        case .andMore(let count): "… and \(count) more"
        case .changeFailed(let number, let why): "change \(number): \(why)"
        case .logDoesNotKnow(let problem, let undo): "\(problem); the log does not know of this \(Self.command(undo))"
        case .stateColumn: "state"
        }
    }

    /// `+3`, `-3`.
    static func signed(_ amount: Int) -> String { amount >= 0 ? "+\(amount)" : "\(amount)" }

    /// The command's name, as typed.
    static func command(_ undo: Bool) -> String { undo ? "undo" : "redo" }

    /// ` with If-Match: "…"` when the read gave a version.
    private static func ifMatch(_ etag: String?) -> String { etag.map { " with If-Match: \($0)" } ?? "" }

    /// `#3`, `#3 and #4`, `#3, #4 and #5`.
    static func products(_ ids: [Int]) -> String {
        let named = ids.map { "#\($0)" }
        guard let last = named.last, named.count > 1 else { return named.first ?? "" }
        return named.dropLast().joined(separator: ", ") + " and " + last
    }
}
