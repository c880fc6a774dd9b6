import Foundation
import OpenMarketContract

/// What the client says about an exchange that went wrong below the market's own refusals (why
/// no connection was made, an answer that could not be read, a walk or a retry given up), in the
/// reader's language: catalogues `ClientMessage+English.swift` and `ClientMessage+Korean.swift`.
/// A transport's reason is said in the language its request asked for (`Accept-Language`), as it
/// is shown inside a ``MarketError`` sentence of that language.
public enum ClientMessage: Spoken, Hashable {
    /// A kind of JSON value an answer's field should have been.
    public enum ValueKind: Sendable, Hashable {
        case string, number, boolean, other
    }

    // Why no connection was made, or it broke.
    case connectionRefused
    case noRouteToHost
    case connectTimedOut
    case resetByServer
    case closedByServer
    case unknownHost
    case noFreeConnection
    case certificateNotTrusted
    /// An `https://` URL for a plain-HTTP server; `plainAddress` is the same with `http://`.
    case notTLS(plainAddress: String)
    case notHTTP
    case answerTooLargeForClient
    /// A successful answer over `limit` bytes, refused without reading the rest.
    case answerTooLarge(limit: Int)
    /// A URL whose port no TCP connection can have (0, 99999).
    case portOutOfRange(Int)

    // An answer that did not decode.
    case notTheContractsOK(excerpt: String)
    case emptyBody
    case fieldMissing
    case fieldNot(ValueKind)
    case fieldNull(ValueKind)
    case notJSON
    /// One of the above about a field of the answer (`pages[3].price`).
    indirect case atField(String, ClientMessage)
    /// What Foundation's decoder said, as it said it (not this program's sentence).
    case decoderSaid(String)

    // A walk through the pages of `list --all` given up.
    case pageRepeated(page: Int, products: Int, searched: Bool)
    case walkLimit(pages: Int, products: Int, bytes: Int, searched: Bool)

    // A busy server's retries given up.
    case waitTooLong(asked: Duration, limit: Duration)
    case stillBusy(attempts: Int, waited: Duration)

    // An image's download.
    case notModifiedUnasked
    case imageTooLarge(url: String, limit: Int)

    /// How long, as the messages say it (`250 ms`, `1.5 s`).
    static func duration(_ value: Duration) -> String { RetryAfter.describe(value) }
}
