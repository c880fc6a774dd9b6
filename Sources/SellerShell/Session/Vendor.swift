import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// Who the session is on its server: the login, and what has been learned about its vendor
/// (id and name), kept in the profile the login came from.
extension ShellSession {
    static func vendorLabel(_ credentials: VendorCredentials?, _ name: String?) -> String? {
        guard let credentials, !credentials.identifier.isEmpty else { return nil }
        // The name is the server's text: shown with control characters made visible.
        return name.map { TextLayout.visible($0, limit: 40) } ?? String(credentials.identifier.prefix(8))
    }

    /// Called whenever the server or the login changes.
    public func refreshIndex() {
        secrets.setLogin(client.credentials?.secret)
        client.protectedSecrets = secrets.extra
        index.update(server: client.baseURL, vendor: Self.vendorLabel(client.credentials, vendorName))
    }

    /// Remembers products for completion (`show 1⇥` offers ids with their names).
    public nonisolated func remember(_ products: [Product]) {
        // Names are the server's text: completion hints show them made visible and cut short.
        index.remember(products.map { ($0.id, TextLayout.visible($0.name, limit: 60)) })
    }

    /// Learns who "me" is from a product this vendor just wrote.
    public func learnVendor(from product: Product) {
        if let vendor = product.vendor {
            learnVendor(vendor)
        } else if let id = product.vendorID {
            learnVendor(VendorReference(id: id, name: product.vendorName ?? vendorName ?? "#\(id)"))
        }
    }

    /// Takes `vendor` as this login's, and writes it into the profile the login came from when
    /// the profile did not say it yet (or said something else).
    public func learnVendor(_ vendor: VendorReference) {
        vendorID = vendor.id
        vendorName = vendor.name
        refreshIndex()
        guard let profileName, var saved = try? profiles.load(profileName),
            saved.identifier == client.credentials?.identifier,
            saved.vendorID != vendor.id || saved.vendorName != vendor.name
        else { return }
        saved.vendorID = vendor.id
        saved.vendorName = vendor.name
        try? profiles.save(profileName, saved)
    }

    /// Switches the login (nil logs out); what was learned about the old vendor is forgotten
    /// unless `vendor` says it. `profile` names the saved profile the login came from, which
    /// is kept up to date with what is learned later.
    public func setLogin(
        _ credentials: VendorCredentials?, vendorName: String? = nil, vendorID: Int? = nil, profile: String? = nil
    ) {
        client.credentials = credentials
        self.vendorName = vendorName
        self.vendorID = vendorID
        self.profileName = profile
        refreshIndex()
    }

    /// Logs in with a saved profile.
    public func setLogin(profile name: String, _ saved: ProfileStore.Profile) {
        setLogin(
            VendorCredentials(identifier: saved.identifier, secret: saved.secret), vendorName: saved.vendorName,
            vendorID: saved.vendorID, profile: name)
    }

    /// After a switch from `previous` to `server`: a login belongs to its server, so it is
    /// dropped, or replaced by a profile saved for the new server. Returns what to tell the
    /// seller, nil when nothing changed (the same server, or no login to drop).
    public func adoptLogin(for server: URL, leaving previous: URL) -> String? {
        guard ServerAddress(server) != ServerAddress(previous) else { return nil }
        if let (name, saved) = profiles.saved(for: server) {
            setLogin(profile: name, saved)
            return "using profile '\(name)', saved for this server (\(saved.identifier.prefix(8))…)"
        }
        guard client.credentials != nil else { return nil }
        setLogin(nil)
        return "logged out: that login was for \(previous.absoluteString) — 'login' or 'use PROFILE' for this server"
    }

    /// Whether a product is this vendor's: by vendor id only (names are not unique).
    package func isMine(_ product: Product) -> Bool { settings.isMine(product) }

    /// This login's vendor id, found out when not known yet with `MarketClient.identifyVendor`
    /// among `products` (the newest page when nil). Nil when none of them is the vendor's.
    package func identifyVendor(among products: [Product]? = nil, limit: Int = 8) async throws(MarketError) -> Int? {
        if let vendorID { return vendorID }
        _ = try client.requireCredentials()
        let candidates: [Product]
        if let products {
            candidates = products
        } else {
            candidates = try await client.products(page: 1, perPage: 100).value.products
        }
        guard let vendor = try await client.identifyVendor(among: candidates, limit: limit) else { return nil }
        learnVendor(vendor)
        return vendor.id
    }
}
