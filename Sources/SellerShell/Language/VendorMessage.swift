import OpenMarketContract

/// What the shell says about who the login is: what the server checked (the identifier and
/// secret, a write's vendor) and what was only given (`--vendor-id`, the answer to the
/// question, `OPENMARKET_VENDOR_ID`), and when the server contradicts what was given. Each
/// language is one exhaustive `switch` (`VendorMessage+English.swift`, `VendorMessage+Korean.swift`).
public enum VendorMessage: Spoken, Equatable {
    /// `logged in as 0c1b5a9e… (checked with the server); vendor #2 as given, not checked`.
    /// - Parameters:
    ///   - identifier: the identifier's first 8 characters.
    ///   - check: what the server said of the identifier and secret (`checked with the server`).
    ///   - vendor: the vendor as `vendor(…)` shows it.
    case loggedInGiven(identifier: String, check: String, vendor: String)
    /// The vendor as `whoami` and `profiles` show it: `tumbler-shop (#2)`, `#2`, `demo-shop`, with
    /// `(given, not checked)` when the id was given rather than said by the server.
    case vendor(name: String?, id: Int?, given: Bool)
    /// The answer to the question named a vendor of the products read.
    case givenIsHere(id: Int, name: String)
    /// The answer to the question, kept.
    case givenKept(id: Int)
    /// A write came back with another vendor id than the one given.
    case refutedByWrite(given: Int, actual: String, profile: String?)
    /// The server refused a change to a product of the vendor id given.
    case refutedByRefusal(given: Int, product: Int, profile: String?)
    /// Ctrl-C (or no answer) at the secret's question on a terminal.
    case loginCancelled
}
