import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// How the session knows its vendor id: only given by the person (`login --vendor-id`, the
/// answer to the question, `OPENMARKET_VENDOR_ID`), or said by the server (a product this login
/// wrote came back with it; the local market's own vendor). Only the server's is checked: the
/// identifier and secret prove who writes, not which vendor id is theirs.
public enum VendorStanding: String, Codable, Sendable {
    case given
    case verified
    /// Given, then contradicted by the server (a refused change to a product of that vendor):
    /// the session's record of an id it will not take again; never a profile's.
    case refuted
}

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
        // The prompt names the vendor only as the server said it: a given id's is not claimed.
        let name = vendorStanding == .given ? nil : vendorName
        index.update(server: client.baseURL, vendor: Self.vendorLabel(client.credentials, name))
    }

    /// Learns who "me" is from a product this vendor just wrote: the server says it. When it
    /// says another vendor than the one given, that is said at once and the given one forgotten.
    public func learnVendor(from product: Product) {
        if let vendor = product.vendor {
            learnVendor(vendor)
        } else if let id = product.vendorID {
            learnVendor(VendorReference(id: id, name: product.vendorName ?? vendorName ?? "#\(id)"))
        }
    }

    /// Takes `vendor`, as the server said it, as this login's, and writes it into the profile
    /// the login came from when the profile did not say it yet (or said something else). The
    /// session remembers it for this server and identifier: a later `login` as the same vendor
    /// knows it again.
    public func learnVendor(_ vendor: VendorReference) {
        if let given = vendorID, given != vendor.id, vendorStanding == .given {
            let actual = VendorMessage.vendor(name: TextLayout.visible(vendor.name, limit: 40), id: vendor.id, given: false)
            console.warn(VendorMessage.refutedByWrite(given: given, actual: actual.text, profile: profileName).text)
        }
        takeVendor(id: vendor.id, name: vendor.name, standing: .verified, keep: true)
    }

    /// How this login's vendor id is known; nil when it is not.
    package var vendorStanding: VendorStanding? {
        guard vendorID != nil else { return nil }
        if let key = vendorKey, let standing = vendorStandings[key] { return standing }
        return Self.startingStanding(vendorID: vendorID, profileName: profileName, profiles: profiles)
    }

    /// How the id a session starts with is known: as its profile says (one saved before standings
    /// were kept: given), else the program's own (its local market's vendor, read from its data).
    static func startingStanding(vendorID: Int?, profileName: String?, profiles: ProfileStore) -> VendorStanding? {
        guard vendorID != nil else { return nil }
        if let profileName, let saved = try? profiles.load(profileName), saved.vendorID == vendorID {
            return saved.vendorStanding ?? .given
        }
        return .verified
    }

    /// Takes `id` (and `name`, when known) as this login's vendor, known as `standing` says;
    /// with `keep`, writes it into the profile the login came from as well.
    package func takeVendor(id: Int, name: String?, standing: VendorStanding, keep: Bool) {
        changing {
            let changed = vendorID != id
            vendorID = id
            if let name {
                vendorName = name
            } else if changed {
                vendorName = nil
            }
            if let key = vendorKey {
                seenVendors[key] = VendorReference(id: id, name: vendorName ?? "#\(id)")
                vendorStandings[key] = standing
            }
            refreshIndex()
        }
        guard keep, let profileName, var saved = try? profiles.load(profileName),
            saved.identifier == client.credentials?.identifier,
            saved.vendorID != id || saved.vendorName != vendorName || saved.vendorStanding != standing
        else { return }
        saved.vendorID = id
        saved.vendorName = vendorName
        saved.vendorStanding = standing
        try? profiles.save(profileName, saved)
    }

    /// The server refused a change to a product of the vendor id that was given: that id is
    /// not this login's. Forgets it (the session, what it saw, the profile's) and answers it;
    /// nil when the id was not a given one.
    package func forgetGivenVendor() -> Int? {
        guard let id = vendorID, vendorStanding == .given else { return nil }
        changing {
            vendorID = nil
            vendorName = nil
            if let key = vendorKey {
                // Kept as refuted: `OPENMARKET_VENDOR_ID` or a login again does not bring it back.
                seenVendors[key] = VendorReference(id: id, name: "#\(id)")
                vendorStandings[key] = .refuted
            }
            refreshIndex()
        }
        if let profileName, var saved = try? profiles.load(profileName), saved.identifier == client.credentials?.identifier,
            saved.vendorID == id
        {
            (saved.vendorID, saved.vendorName, saved.vendorStanding) = (nil, nil, nil)
            try? profiles.save(profileName, saved)
        }
        return id
    }

    /// The server and identifier of this login, as `seenVendors` keys them (`SessionState.vendorKey`).
    var vendorKey: String? { now.vendorKey }

    static func vendorKey(server: URL, identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        let address = ServerAddress(server)
        return "\(address.scheme)://\(address.host):\(address.port)\n\(identifier)"
    }

    /// Switches the login (nil logs out); what was learned about the old vendor is forgotten
    /// unless `vendor` says it. `profile` names the saved profile the login came from, which
    /// is kept up to date with what is learned later.
    public func setLogin(
        _ credentials: VendorCredentials?, vendorName: String? = nil, vendorID: Int? = nil, profile: String? = nil,
        standing: VendorStanding? = nil
    ) {
        changing {
            // What was known of the login being left stays known as it was (a login again as it).
            if let key = vendorKey, self.vendorID != nil { vendorStandings[key] = vendorStanding }
            client.credentials = credentials
            if let key = vendorKey, let standing { vendorStandings[key] = standing }
            self.vendorName = vendorName
            self.vendorID = vendorID
            self.profileName = profile
            refreshIndex()
        }
    }

    /// Logs in with a saved profile.
    public func setLogin(profile name: String, _ saved: ProfileStore.Profile) {
        setLogin(
            VendorCredentials(identifier: saved.identifier, secret: saved.secret), vendorName: saved.vendorName,
            vendorID: saved.vendorID, profile: name, standing: saved.vendorID == nil ? nil : saved.vendorStanding ?? .given)
    }

    /// The login as it is now on its server, for a connect back (nil when logged out); read
    /// before the server changes.
    func loginBeingLeft() -> SessionState.LeftLogin? {
        guard let credentials = client.credentials, !credentials.identifier.isEmpty else { return nil }
        return SessionState.LeftLogin(
            credentials: credentials, profileName: profileName, vendorName: vendorName, vendorID: vendorID,
            standing: vendorStanding)
    }

    /// After a switch from `previous` to `server`, leaving `left` there: a login belongs to its
    /// server, so it is dropped, or replaced by the login this session had on the new server (a
    /// connect back), else by a profile saved for it. Returns what to tell the seller, nil when
    /// nothing changed (the same server, or no login to drop).
    func adoptLogin(for server: URL, leaving previous: URL, as left: SessionState.LeftLogin?) -> String? {
        guard ServerAddress(server) != ServerAddress(previous) else { return nil }
        // The login being left (none after a `logout`) is the one a connect back finds.
        loginsLeft[ServerAddress(previous)] = left
        if let left = loginsLeft[ServerAddress(server)] {
            setLogin(
                left.credentials, vendorName: left.vendorName, vendorID: left.vendorID, profile: left.profileName,
                standing: left.standing)
            let vendor = Self.vendorLabel(left.credentials, left.standing == .given ? nil : left.vendorName) ?? ""
            return Message.loggedInAgain(vendor: vendor, server: server.absoluteString).text
        }
        if let (name, saved) = profiles.saved(for: server) {
            setLogin(profile: name, saved)
            return Message.usingSavedProfile(name: name, identifier: String(saved.identifier.prefix(8))).text
        }
        guard client.credentials != nil else { return nil }
        setLogin(nil)
        return Message.loggedOutOtherServer(previous.absoluteString).text
    }

    /// Whether a product is this vendor's: by vendor id only (names are not unique).
    package func isMine(_ product: Product) -> Bool { settings.isMine(product) }

    /// This login's vendor id as far as it is known without asking anyone: what the session
    /// knows (the profile's, `login --vendor-id`, a write of this session), else
    /// `OPENMARKET_VENDOR_ID` for the server and login it was given for, else the vendor of the
    /// products in this login's change log (`log`). Nothing is sent. What this login wrote tells
    /// is kept in the profile as a write response's is; the environment's is not.
    package func knownVendorID(changeLog log: ChangeLog?) -> Int? {
        if let vendorID { return vendorID }
        guard let key = vendorKey else { return nil }
        // An id the server contradicted stays forgotten, wherever it was given.
        let refuted = vendorStandings[key] == .refuted ? seenVendors[key]?.id : nil
        if let seen = seenVendors[key], refuted == nil {
            takeVendor(id: seen.id, name: seen.name, standing: vendorStandings[key] ?? .verified, keep: true)
            return seen.id
        }
        if let environment = environmentVendor, ServerAddress(environment.server) == ServerAddress(client.baseURL),
            environment.identifier == nil || environment.identifier == client.credentials?.identifier,
            environment.id != refuted
        {
            takeVendor(id: environment.id, name: nil, standing: .given, keep: false)
            return environment.id
        }
        // Every product in this login's change log is one it changed: its own.
        if let log, let entries = try? log.entries() {
            for entry in entries.reversed() {
                for product in [entry.after, entry.result, entry.before].compactMap({ $0 }) {
                    if let id = product.vendor?.id ?? product.vendorID {
                        takeVendor(id: id, name: product.vendor?.name ?? product.vendorName, standing: .verified, keep: true)
                        return id
                    }
                }
            }
        }
        return nil
    }
}

extension ShellSession {
    /// Where the session's change logs are (its `ChangeLogMiddleware`'s folder), for a lookup made
    /// outside a command (a resume's, before its line runs); nil without one.
    nonisolated var changeLogFolder: URL? {
        middleware.lazy.compactMap { ($0 as? ChangeLogMiddleware)?.folder }.first
    }
}

/// Why a command that needs the vendor id cannot go on: one line, what to do.
package enum VendorIDSource {
    /// The environment variable a script gives the vendor id in.
    package static let environmentName = "OPENMARKET_VENDOR_ID"

    /// `OPENMARKET_VENDOR_ID` read: nil when unset or empty; a failure when it is not a vendor id.
    package static func fromEnvironment(_ environment: [String: String]) throws(CommandFailure) -> Int? {
        guard let text = environment[environmentName], !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let id = parse(text) else { throw .usage(refusal(text, from: environmentName)) }
        return id
    }

    /// `list --mine needs your vendor id …`: said when it is not known and no one can be asked.
    /// - Parameter otherwise: a flag that does without it (`--all`).
    package static func unknown(_ what: String, otherwise: String? = nil) -> CommandFailure {
        .failed(Message.vendorIDNeeded(what: what, environment: environmentName, otherwise: otherwise).text)
    }

    /// `text` as a vendor id (a whole number above 0); nil when it is not one.
    package static func parse(_ text: String) -> Int? {
        guard let id = Int(text.trimmingCharacters(in: .whitespaces)), id > 0 else { return nil }
        return id
    }

    /// Why `text`, given as `source`, is not a vendor id, in one line.
    package static func refusal(_ text: String, from source: String) -> String {
        Message.notAVendorID(source: source, got: TerminalText.visible(String(text.prefix(40)))).text
    }
}

extension CommandContext {
    /// The change log of this context's server and login (which may be newer than the one the
    /// middleware opened: `login` changes it); nil without a change log or a login.
    package var ownChangeLog: ChangeLog? {
        guard let folder = changes?.folder ?? vendor.changeLogFolder, let identifier = client.credentials?.identifier,
            !identifier.isEmpty
        else {
            return nil
        }
        return ChangeLog(
            folder: folder,
            server: ChangeLogMiddleware.serverName(client.baseURL, localMarketData: localMarketData(for: client.baseURL)),
            vendor: identifier)
    }

    /// This login's vendor id, learned without sending anything to any product (see
    /// `ShellSession.knownVendorID`); when it is still unknown and a person is at the terminal
    /// (and `asking`), asked once and kept in the profile. Nil when it is not known and no one
    /// was asked, or the person gave no answer.
    ///
    /// - Parameters:
    ///   - products: products already read, to name the vendor the person gave.
    ///   - readingNewest: when no products were read, reads the newest page (a GET) to name it.
    package func ownVendorID(
        asking: Bool = true, among products: [Product] = [], readingNewest: Bool = false
    ) async throws(CommandFailure) -> Int? {
        if let id = await vendor.knownID(changeLog: ownChangeLog) { return id }
        guard asking, console.isInteractive, (try? client.requireCredentials()) != nil else { return nil }
        guard let id = Self.askVendorID(console) else { return nil }
        var products = products
        if products.isEmpty, readingNewest {
            products = (try? await client.products(page: 1, perPage: 100).value.products) ?? []
        }
        let named = products.first { ($0.vendor?.id ?? $0.vendorID) == id }
        let name = named.flatMap { $0.vendor?.name ?? $0.vendorName }
        await vendor.takeGiven(id: id, name: name)
        if let name {
            console.note(VendorMessage.givenIsHere(id: id, name: TextLayout.visible(name, limit: 40)).text)
        } else {
            console.note(VendorMessage.givenKept(id: id).text)
        }
        return id
    }

    /// The vendor id a person types at the question. An answer that is not one is said and
    /// asked again (a typo must not cost the login the question is part of), up to three times;
    /// then, as with no answer, the command goes on without it.
    static func askVendorID(_ console: any ShellConsole) -> Int? {
        for attempt in 1...3 {
            guard let answer = console.ask(Message.askVendorID.text), !answer.isEmpty else { return nil }
            if let id = VendorIDSource.parse(answer) { return id }
            let problem = VendorIDSource.refusal(answer, from: Message.theVendorID.text)
            console.warn((attempt < 3 ? Message.askVendorIDAgain(problem) : .goingOnWithoutVendorID(problem)).text)
        }
        return nil
    }
}
