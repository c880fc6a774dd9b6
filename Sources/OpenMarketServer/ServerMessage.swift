import OpenMarketContract

/// What the bundled market says when it cannot start or keep its files (the shell shows it inside
/// `cannot start the local market: …`, `openmarket-server` on its own), in the reader's language:
/// catalogues `ServerMessage+English.swift` and `ServerMessage+Korean.swift`. The market's answers
/// to requests are ``MarketMessage``.
public enum ServerMessage: Spoken, Hashable {
    case noMarket(path: String)
    case portInUse(host: String, port: Int, portOption: String)
    case noSuchAddress(host: String)
    case portNeedsRights(host: String, port: Int, portOption: String)
    case notAnAddress(host: String)
    /// `reason` is the system's own words (`strerror`), as it gives them.
    case cannotListen(host: String, port: Int, reason: String)
    case stoppedAtOnce(host: String, port: Int)
    case cannotCreateDataDirectory(path: String, reason: String)
    case cannotOpen(path: String, reason: String)
    case cannotReadImageRows(path: String, reason: String)
    case cannotReadRememberedSecrets(path: String, reason: String)
    case cannotWrite(path: String)
    case cannotRead(path: String)
    case vendorNameTaken(name: String, id: Int)
}
