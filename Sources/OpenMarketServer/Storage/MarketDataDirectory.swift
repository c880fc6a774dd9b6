import Foundation
import Logging
import OpenMarketContract

/// A vendor as the operator sees it: never with its secret.
public struct VendorListing: Sendable, Hashable {
    public let id: Int
    public let name: String
    public let identifier: String
}

/// A vendor just created: the only moment its secret is known.
public struct NewVendor: Sendable {
    public let id: Int
    public let name: String
    public let credentials: VendorCredentials
}

/// A market's data directory: `market.sqlite`, `images/`, and `demo-vendor.json`.
public final class MarketDataDirectory: Sendable {
    public let url: URL
    let store: MarketStore
    let images: ImageStorage
    /// Fingerprints of secrets that verified, kept across restarts.
    let rememberedSecrets: RememberedSecrets
    /// The demo vendor made on first start. Kept in a 0600 file so that the shell on the same
    /// machine can log in to its own local market without asking; a classroom server hands out
    /// vendors made with `vendor add` instead.
    public let demoCredentials: VendorCredentials
    /// True when this call made the demo vendor (an empty directory): its secret should be shown.
    public let createdDemoVendor: Bool
    /// Every vendor's requests as the market answered them (`Class/ClassActivity.swift`).
    public let activity: ClassActivity

    /// Image files older than this that no row names are removed when the directory opens.
    static let orphanGrace: TimeInterval = 600

    private init(
        url: URL, store: MarketStore, images: ImageStorage, remembered: RememberedSecrets, demo: VendorCredentials,
        created: Bool
    ) {
        self.url = url
        self.store = store
        self.images = images
        self.rememberedSecrets = remembered
        self.demoCredentials = demo
        self.createdDemoVendor = created
        self.activity = ClassActivity(pool: store.pool)
    }

    /// The file in a data directory that keeps the port the shell's local market last had.
    static let portFile = "local-port"

    /// The port the shell's local market over `url` had when it last started (nil when none
    /// was kept, or the file holds no port): it asks for the same one, so addresses and image
    /// URLs a seller noted stay valid.
    public static func rememberedPort(in url: URL) -> Int? {
        guard let data = try? LocalFile.read(url.appendingPathComponent(portFile).path, limit: 64, what: "a port file"),
            let port = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            (1...65535).contains(port)
        else { return nil }
        return port
    }

    /// Keeps `port` for the next start of the local market over `url` (best effort: a directory
    /// that cannot hold it only means a new port next time).
    public static func rememberPort(_ port: Int, in url: URL) {
        try? Data("\(port)\n".utf8).write(to: url.appendingPathComponent(portFile), options: .atomic)
    }

    /// Opens (creating and migrating when needed) a data directory.
    public static func open(_ url: URL) async throws -> MarketDataDirectory {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MarketServerError.dataDirectory(
                .cannotCreateDataDirectory(path: url.path, reason: error.localizedDescription))
        }
        let store: MarketStore
        do {
            store = try MarketStore(path: url.appendingPathComponent("market.sqlite").path)
        } catch {
            throw MarketServerError.dataDirectory(
                .cannotOpen(path: url.appendingPathComponent("market.sqlite").path, reason: "\(error)"))
        }
        let images = try ImageStorage(root: url.appendingPathComponent("images", isDirectory: true))
        AtomicWriteLeftovers.remove(in: url, images: images.root)
        do {
            try images.removeOrphans(grace: orphanGrace) { try store.imagePaths() }
        } catch {
            throw MarketServerError.dataDirectory(.cannotReadImageRows(path: url.path, reason: "\(error)"))
        }
        let remembered: RememberedSecrets
        do {
            remembered = try RememberedSecrets.open(
                directory: url, store: store, logger: Logger(label: "openmarket.remembered-secrets"))
        } catch let error as MarketServerError {
            throw error
        } catch {
            throw MarketServerError.dataDirectory(.cannotReadRememberedSecrets(path: url.path, reason: "\(error)"))
        }
        let demoFile = url.appendingPathComponent("demo-vendor.json")
        var created = false
        let demo: VendorCredentials
        if let saved = try? Data(contentsOf: demoFile),
            let stored = try? MarketJSON.decoder.decode(SavedCredentials.self, from: saved)
        {
            demo = VendorCredentials(identifier: stored.identifier, secret: Secret(stored.secret))
        } else if try await store.vendors().isEmpty {
            let vendor = try await addVendor(name: "demo-shop", to: store)
            demo = vendor.credentials
            let data = try MarketJSON.encoder.encode(SavedCredentials(identifier: demo.identifier, secret: demo.secret.revealed))
            guard FileManager.default.createFile(atPath: demoFile.path, contents: data, attributes: [.posixPermissions: 0o600])
            else {
                throw MarketServerError.dataDirectory(.cannotWrite(path: demoFile.path))
            }
            created = true
        } else {
            // Vendors exist but the demo file is gone (removed by the operator): no demo login.
            demo = VendorCredentials(identifier: "", secret: "")
        }
        return MarketDataDirectory(
            url: url, store: store, images: images, remembered: remembered, demo: demo, created: created)
    }

    /// Opens a data directory that already holds a market, creating nothing: for the operator's
    /// commands (`vendor list`, `reset`), which must not leave a new market behind a typo.
    public static func openExisting(_ url: URL) async throws -> MarketDataDirectory {
        let database = url.appendingPathComponent("market.sqlite")
        guard FileManager.default.fileExists(atPath: database.path) else {
            throw MarketServerError.noMarket(url.path)
        }
        return try await open(url)
    }

    /// Empties the catalog: every product, its image rows and its image files. The vendors stay,
    /// so the demo credentials and those handed out with `vendor add` keep working. Answers how
    /// many products were removed.
    public func resetCatalog() async throws -> Int {
        let (count, paths) = try await store.deleteAllProducts()
        images.remove(paths)
        images.removeEmptyFolders()
        return count
    }

    /// Closes the database now rather than whenever the last reference goes: SQLite folds its
    /// write-ahead log into `market.sqlite` and removes it, so the folder does not change later.
    func close() {
        activity.close()
        try? store.pool.close()
    }

    /// Adds a vendor; the returned secret is shown once and stored only as a hash. Throws
    /// `VendorNameTaken` when another vendor has the name.
    public func addVendor(name: String) async throws -> NewVendor {
        try await Self.addVendor(name: name, to: store)
    }

    /// The demo vendor's id and name; nil when there is none (or the store cannot be read).
    public func demoVendor() async -> VendorReference? {
        guard !demoCredentials.identifier.isEmpty,
            let vendor = try? await store.vendors().first(where: { $0.identifier == demoCredentials.identifier })
        else { return nil }
        return VendorReference(id: vendor.id, name: vendor.name)
    }

    public func vendors() async throws -> [VendorListing] {
        try await store.vendors().map { VendorListing(id: $0.id, name: $0.name, identifier: $0.identifier) }
    }

    private static func addVendor(name: String, to store: MarketStore) async throws -> NewVendor {
        let secret = SecretGenerator.vendorSecret()
        let identifier = UUID().uuidString.lowercased()
        let vendor = try await store.addVendor(
            name: name, identifier: identifier, hash: try SecretHash.make(secret: secret),
            at: MarketTimestamp.format(Date()))
        return NewVendor(
            id: vendor.id, name: name, credentials: VendorCredentials(identifier: identifier, secret: Secret(secret)))
    }

    private struct SavedCredentials: Codable {
        var identifier: String
        var secret: String
    }
}
