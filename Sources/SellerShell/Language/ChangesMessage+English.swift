import OpenMarketContract

/// The English catalogue of ``ChangesMessage``.
extension ChangesMessage {
    public var english: String {
        switch self {
        case .registered(let product): "registered \(product)"
        case .deleted(let product): "deleted \(product)"
        case .edited(let product, let changes): "\(product): \(changes)"
        case .nothingChanged(let product): "\(product): nothing changed"
        case .command(let line): line
        case .aChange: "a change"
        case .batch(let label, let count): "\(label), \(count) change\(count == 1 ? "" : "s")"
        case .photo(let number): "photo \(number)"
        case .noPhoto: "none"
        case .image(let id): "image \(id)"
        case .undoHint(let marks):
            "'undo' takes back the latest; 'undo N' change N" + (marks ? "; * marks this session's" : "")
        case .patchChangesNothing(let product, let values):
            "\(product) already has \(values): nothing was sent, and no change was logged"
        case .helpSummary: "list the changes kept for this server and vendor (this session's marked *), to undo one"
        case .helpLast: "only the newest N"
        case .helpAll: "the same as without it: every change kept for this server and vendor"
        case .helpNoPager: "print a long table straight out, not through the pager"
        }
    }
}
