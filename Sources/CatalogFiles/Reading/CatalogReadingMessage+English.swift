/// The English catalog of ``CatalogReadingMessage``.
extension CatalogReadingMessage {
    public var english: String {
        switch self {
        case .changedWhileRead:
            "the file changed while it was being checked, so nothing was sent; save it, then import it again"
        }
    }
}
