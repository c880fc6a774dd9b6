import Foundation
import OpenMarketAPI
import OpenMarketContract

extension SellerShell {
    static func vendorLabel(_ credentials: VendorCredentials?, _ name: String?) -> String? {
        guard let credentials, !credentials.identifier.isEmpty else { return nil }
        return name ?? String(credentials.identifier.prefix(8))
    }

    /// Called whenever the server or the login changes.
    public func refreshIndex() {
        secrets.setLogin(client.credentials?.secret)
        index.update(server: client.baseURL, vendor: Self.vendorLabel(client.credentials, vendorName))
    }

    /// Remembers products for completion (`show 1⇥` offers ids with their names).
    public func remember(_ products: [Product]) {
        index.remember(products.map { ($0.id, $0.name) })
    }

    /// Learns who "me" is from a product this vendor just wrote.
    public func learnVendor(from product: Product) {
        if let vendor = product.vendor {
            vendorID = vendor.id
            if vendorName == nil { vendorName = vendor.name }
        } else if let id = product.vendorID {
            vendorID = id
        }
        refreshIndex()
    }

    /// Switches the login (nil logs out); what was learned about the old vendor is forgotten.
    public func setLogin(_ credentials: VendorCredentials?, vendorName: String? = nil) {
        client.credentials = credentials
        self.vendorName = vendorName
        vendorID = nil
        refreshIndex()
    }

    /// After a switch from `previous` to `server`: a login belongs to its server, so it is
    /// dropped, or replaced by a profile saved for the new server. Returns what to tell the
    /// seller, nil when nothing changed (the same server, or no login to drop).
    public func adoptLogin(for server: URL, leaving previous: URL) -> String? {
        guard ServerAddress(server) != ServerAddress(previous) else { return nil }
        if let (name, saved) = profiles.saved(for: server) {
            setLogin(VendorCredentials(identifier: saved.identifier, secret: saved.secret), vendorName: saved.vendorName)
            return "using profile '\(name)', saved for this server (\(saved.identifier.prefix(8))…)"
        }
        guard client.credentials != nil else { return nil }
        setLogin(nil)
        return "logged out: that login was for \(previous.absoluteString) — 'login' or 'use PROFILE' for this server"
    }

    /// Whether a product is this vendor's, as far as the session knows.
    func isMine(_ product: Product) -> Bool {
        if let vendorID, product.vendorID == vendorID { return true }
        if let vendorName, product.vendorName == vendorName { return true }
        return false
    }
}
