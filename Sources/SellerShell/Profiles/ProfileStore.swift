import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Saved logins under `$XDG_CONFIG_HOME/openmarket/profiles/NAME.json`, created with mode 0600.
///
/// A profile holds a secret, so one that others can read is refused rather than used: the
/// seller is told why and how to fix it.
public struct ProfileStore: Sendable {
    public var directory: URL

    public init(directory: URL = ProfileStore.defaultDirectory) { self.directory = directory }

    public static var defaultDirectory: URL { directory(ProcessInfo.processInfo.environment) }

    /// Where the profiles are for `environment` (`$XDG_CONFIG_HOME`, else `~/.config`).
    public static func directory(_ environment: [String: String]) -> URL {
        XDGDirectories.configHome(environment).appendingPathComponent("openmarket/profiles", isDirectory: true)
    }

    public struct Profile: Codable, Sendable, Equatable {
        public var server: String?
        public var identifier: String
        public var secret: Secret
        public var vendorName: String?
        /// The vendor's id, learned at login or from the first write (what "mine" matches).
        public var vendorID: Int?
        /// How `vendorID` is known: given (`--vendor-id`, an answer), or said by the server (a
        /// write of this login). A profile saved before this was kept says neither: given.
        public var vendorStanding: VendorStanding?

        public init(
            server: String?, identifier: String, secret: Secret, vendorName: String? = nil, vendorID: Int? = nil,
            vendorStanding: VendorStanding? = nil
        ) {
            self.server = server
            self.identifier = identifier
            self.secret = secret
            self.vendorName = vendorName
            self.vendorID = vendorID
            self.vendorStanding = vendorStanding
        }
    }

    static func validName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
            && !name.hasPrefix(".")
    }

    func url(_ name: String) -> URL { directory.appendingPathComponent("\(name).json") }

    public func save(_ name: String, _ profile: Profile) throws {
        guard Self.validName(name) else {
            throw CommandFailure.usage(ProfileMessage.badName(name).text)
        }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try MarketJSON.encoder.encode(profile)
        let target = url(name)
        // Created 0600 before the secret is written, then renamed into place: never readable by others.
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CommandFailure.failed(ProfileMessage.cannotWrite(path: temporary.path).text)
        }
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.write(contentsOf: data)
        try handle.close()
        if rename(temporary.path, target.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure.failed(ProfileMessage.cannotSave(name: name, reason: String(cString: strerror(errno))).text)
        }
    }

    public func load(_ name: String) throws -> Profile {
        let file = url(name)
        var info = stat()
        guard stat(file.path, &info) == 0 else {
            let known = names()
            throw CommandFailure.failed(ProfileMessage.noProfile(name: name, known: known, hint: true).text)
        }
        if info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw CommandFailure.failed(ProfileMessage.readableByOthers(name: name, path: file.path, mode: mode).text)
        }
        do {
            return try MarketJSON.decoder.decode(Profile.self, from: Data(contentsOf: file))
        } catch {
            throw CommandFailure.failed(ProfileMessage.damaged(name: name, path: file.path).text)
        }
    }

    /// The first profile (by name) saved for `server`, skipping any that cannot be used.
    public func saved(for server: URL) -> (name: String, profile: Profile)? {
        for name in names() {
            guard let profile = try? load(name), let saved = profile.server.flatMap(URL.httpURL),
                ServerAddress(saved) == ServerAddress(server)
            else { continue }
            return (name, profile)
        }
        return nil
    }

    /// Removes a saved profile; an unknown name says which exist.
    public func remove(_ name: String) throws(CommandFailure) {
        guard Self.validName(name), names().contains(name) else {
            let known = names()
            throw .failed(ProfileMessage.noProfile(name: name, known: known, hint: false).text)
        }
        do {
            try FileManager.default.removeItem(at: url(name))
        } catch {
            throw .failed(
                ProfileMessage.cannotRemove(name: name, path: url(name).path, reason: error.localizedDescription).text)
        }
    }

    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// A server as far as a login is concerned: scheme, host and port (the default port when none
/// is written), so `http://127.0.0.1:8080/` and `http://127.0.0.1:8080` are one server.
public struct ServerAddress: Hashable, Sendable {
    public var scheme: String
    public var host: String
    public var port: Int

    public init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? "http"
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }
}
