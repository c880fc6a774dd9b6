import Foundation
import OpenMarketContract

/// What a server said when a login was checked without changing anything.
public enum CredentialCheck: Sendable, Equatable {
    /// The server accepted the identifier and secret.
    case verified
    /// The server refused them (401): the identifier is unknown or the secret is wrong.
    case refused(message: String)
    /// Too many wrong secrets lately (429): the server is not checking for now.
    case throttled(message: String)
    /// The server answered something that neither accepts nor refuses them (an older or
    /// different server): they are checked at the first change.
    case cannotVerify(status: Int)
}

extension MarketClient {
    /// The product id the credential check edits (`CredentialProbe`).
    public static let credentialProbeID = CredentialProbe.productID

    /// Checks the login with the contract's no-op edit (a PATCH whose body holds only
    /// `secret`) of a product that does not exist: nothing is changed on any server.
    public func verifyCredentials() async throws(MarketError) -> CredentialCheck {
        do {
            _ = try await edit(id: Self.credentialProbeID, ProductChanges())
            return .verified
        } catch .serverRefused(let status, let message) {
            switch status {
            // 404: no such product, asked with good credentials; 403: it exists and is another
            // vendor's, which the server can only say once it knows who is asking.
            case 404, 403: return .verified
            case 401: return .refused(message: message)
            case 429: return .throttled(message: message)
            default: return .cannotVerify(status: status)
            }
        } catch .unexpectedResponse {
            return .cannotVerify(status: 0)
        }
    }
}
