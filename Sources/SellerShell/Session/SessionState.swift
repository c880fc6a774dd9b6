import Foundation
import OpenMarketAPI
import OpenMarketContract

/// What a session is now, the one copy of it: its client (server and login), the vendor it
/// knows, the output settings and the language. `ShellSession` keeps it behind a lock and its
/// properties read and write it, so that a line takes its context and renders its outcome
/// wherever it runs, with no hop to the actor; a change of several of them is made whole before
/// anyone reads it (`ShellSession.changing`).
struct SessionState: Sendable {
    var client: MarketClient {
        didSet {
            if client.baseURL != oldValue.baseURL || client.credentials?.identifier != oldValue.credentials?.identifier {
                vendorKey = Self.key(of: client)
            }
        }
    }
    var vendorName: String?
    var vendorID: Int?
    /// The saved profile the login came from.
    var profileName: String?
    var outputJSON: Bool
    /// The format `set output` chose for `list` (nil: json when `outputJSON`, else a table).
    var listOutput: ListFormat?
    /// `set photos`: whether and how photos are drawn on a terminal.
    var photos: PhotoSetting = .auto
    /// `set lang`: the language commands speak from then on (nil: the run's, `Language.current`).
    var language: Language?
    /// The vendors this session's logins were seen to be, by server and identifier
    /// (`vendorKey`): a login again as one of them knows its vendor without asking.
    var seenVendors: [String: VendorReference] = [:]
    /// How each of those was known: given, or said by the server (see `VendorStanding`).
    var vendorStandings: [String: VendorStanding] = [:]
    /// The login this session had on each server it left (`connect`), in memory only: a connect
    /// back logs in with it again. Never used on another server.
    var loginsLeft: [ServerAddress: LeftLogin] = [:]

    /// The server and identifier of this login, as `seenVendors` keys them; nil when logged out.
    /// The key of this server and login (`ShellSession.vendorKey`), kept with the client rather
    /// than worked out from its URL whenever asked: every line's settings ask, and reading a
    /// URL's host showed in every line's cost (5 k instructions, scripts/bench-instructions).
    private(set) var vendorKey: String?

    init(
        client: MarketClient, vendorName: String?, vendorID: Int?, profileName: String?, outputJSON: Bool
    ) {
        self.client = client
        self.vendorName = vendorName
        self.vendorID = vendorID
        self.profileName = profileName
        self.outputJSON = outputJSON
        vendorKey = Self.key(of: client)
    }

    private static func key(of client: MarketClient) -> String? {
        ShellSession.vendorKey(server: client.baseURL, identifier: client.credentials?.identifier)
    }

    /// A login the session left on its server, as it was: its credentials, the profile they came
    /// from, and its vendor as far as it was known.
    struct LeftLogin: Sendable {
        var credentials: VendorCredentials
        var profileName: String?
        var vendorName: String?
        var vendorID: Int?
        var standing: VendorStanding?
    }

    /// The settings a command's context carries, read from this state.
    func settings(useColor: Bool) -> SessionSettings {
        var settings = SessionSettings(
            outputJSON: outputJSON, listOutput: listOutput, useColor: useColor, vendorID: vendorID, vendorName: vendorName,
            profileName: profileName, photos: photos, language: language ?? Language.current)
        if let key = vendorKey, let vendorID, let vendorName {
            settings.vendorRecorded =
                vendorStandings[key] == .verified && seenVendors[key] == VendorReference(id: vendorID, name: vendorName)
        }
        return settings
    }
}
