/// The English catalogue of ``ImportSummaryMessage``.
extension ImportSummaryMessage {
    public var english: String {
        switch self {
        case .conflictsNotSent(let count): count == 1 ? "1 conflict not sent" : "\(count) conflicts not sent"
        case .heldBack(let count): "\(count) held back (probable \(count == 1 ? "rename" : "renames"))"
        case .replaced(let count): "\(count) replaced (\(count == 1 ? "its old product" : "their old products") deleted)"
        }
    }
}
