import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// What the session keeps of what its commands have seen: the exchanges sent (`exchange N`, the
/// exports), the products shown (completion offers their ids) and the secrets every output
/// masks. A command reaches them through `CommandContext.records`, not the whole session: each
/// is a store that is safe from any thread, so adding to it visits no actor.
public struct SessionRecords: Sendable {
    /// Every exchange of the session, numbered.
    public let exchanges: ExchangeLog
    /// Completion and prompt data: the product ids seen, with their names.
    public let index: ShellIndex
    /// The secrets masked everywhere and sent only as the `secret` field.
    public let secrets: SessionSecrets

    /// Remembers products for completion (`show 1⇥` offers ids with their names).
    public func remember(_ products: [Product]) {
        // Names are the server's text: completion hints show them made visible and cut short.
        index.remember(products.map { ($0.id, TextLayout.visible($0.name, limit: 60)) })
    }
}

/// Who "me" is, as far as a command may learn or ask it (`CommandContext.vendor`): a change of
/// one's own product tells the session its vendor; `whoami` asks how that is known. Logging in,
/// which changes the vendor outright, is the session's own (`login`).
public struct VendorKnowledge: Sendable {
    let session: ShellSession
    /// The session's settings when the command started: what it already knows.
    let settings: SessionSettings

    /// Learns the vendor from a product this login just wrote, visiting the session only when
    /// the product says something `settings` does not know yet (a script's `patch` lines visit
    /// it once, not each).
    public func learn(from product: Product) async {
        guard !settings.knowsVendor(of: product) else { return }
        await session.learnVendor(from: product)
    }

    /// How this login's vendor id is known; nil when it is not.
    public var standing: VendorStanding? {
        get async { await session.vendorStanding }
    }

    /// The vendor as the session knows it now (a command before may have learned it).
    public var known: (id: Int?, name: String?) {
        get async { await session.knownVendor }
    }

    /// This login's vendor id as far as it is known without asking anyone
    /// (`ShellSession.knownVendorID`); `changeLog`: the login's own, whose products are its own.
    func knownID(changeLog: ChangeLog?) async -> Int? { await session.knownVendorID(changeLog: changeLog) }

    /// Takes the id a person gave as this login's vendor, kept in the profile (`given`).
    func takeGiven(id: Int, name: String?) async { await session.takeVendor(id: id, name: name, standing: .given, keep: true) }

    /// Where change logs are kept when no middleware opened one (`ShellSession.changeLogFolder`).
    var changeLogFolder: URL? { session.changeLogFolder }
}

/// Other commands run from inside one (`delete 3 4 5` runs three, an import each row, `undo` a
/// batch's reversals), their failures said as the session says them, and the commands there are
/// (`help`).
public struct CommandRunner: Sendable {
    let session: ShellSession

    /// Every command of the session, by name.
    public var registry: CommandRegistry { session.registry }

    /// Runs `invocation` through the session's middleware in `context`, and renders its outcome.
    public func perform(_ invocation: Invocation, in context: CommandContext) async -> CommandReport {
        await session.perform(invocation, in: context)
    }

    /// Draws one command's output as the session draws an outcome.
    public func render(_ output: [CommandOutcome.Output]) { session.render(output) }

    /// A failure of `command` as the person reads it (`prefix` before its first line; the
    /// command's own, `delete 3: `, when nil).
    public func failureReport(_ error: any Error, _ command: any ShellCommand, prefix: String? = nil) async -> CommandReport {
        await session.failureReport(error, command, prefix: prefix)
    }
}

/// The session's options a command may set (`set output|photos|lang|trace`): the commands after
/// it read them in their `settings`.
public struct SessionOptions: Sendable {
    let session: ShellSession

    /// `set output FORMAT`: JSON documents, or the list format.
    public func setOutput(json: Bool, list: ListFormat?) async { await session.setOutput(json: json, list: list) }
    /// `set photos off|auto|symbols|sixel|kitty`.
    public func setPhotos(_ setting: PhotoSetting) async { await session.setPhotos(setting) }
    /// `set lang en|ko`.
    public func setLanguage(_ language: Language) async { await session.setLanguage(language) }
    /// `set trace on|off`: every exchange shown on standard error.
    public func setTrace(_ on: Bool) { session.tracer.isEnabled = on }
}

/// What `login`, `logout`, `use`, `connect` and `profiles` change: the session's server and
/// login, its saved profiles, and what the environment's credentials are for. The one capability
/// that changes who the session is; no other command is given it.
public struct SessionLogin: Sendable {
    let session: ShellSession

    /// The saved profiles.
    public var profiles: ProfileStore { session.profiles }
    /// The server the environment's credentials belong to; nil when none.
    public var environmentServer: URL? { session.environmentServer }

    /// Whether the environment's credentials are for `server`.
    public func isEnvironmentServer(_ server: URL) -> Bool { session.isEnvironmentServer(server) }
    /// Why the environment's `name` is not used on `server`.
    public func environmentCredentialsRefusal(_ name: String, on server: URL) -> String {
        session.environmentCredentialsRefusal(name, on: server)
    }

    /// The session's settings as they are now (what a login just learned).
    public var settings: SessionSettings {
        get async { await session.settings }
    }

    /// Logs in (or out, with nil), as `ShellSession.setLogin` does.
    public func setLogin(
        _ credentials: VendorCredentials?, vendorName: String? = nil, vendorID: Int? = nil, profile: String? = nil,
        standing: VendorStanding? = nil
    ) async {
        await session.setLogin(credentials, vendorName: vendorName, vendorID: vendorID, profile: profile, standing: standing)
    }

    /// Takes a vendor id for this login (`login --vendor-id`: given, not kept in a profile).
    public func takeVendor(id: Int, name: String?, standing: VendorStanding, keep: Bool) async {
        await session.takeVendor(id: id, name: name, standing: standing, keep: keep)
    }

    /// Names the profile the login is kept in.
    public func setProfileName(_ name: String?) async { await session.setProfileName(name) }
    /// `profiles remove NAME`.
    public func forgetProfile(_ name: String) async { await session.forgetProfile(name) }
    /// `use NAME`: logs in with a saved profile on `server`.
    public func use(profile name: String, _ saved: ProfileStore.Profile, on server: URL) async {
        await session.use(profile: name, saved, on: server)
    }
    /// `connect URL`: what to tell the seller about the login (nil: nothing changed).
    public func connect(to url: URL) async -> String? { await session.connect(to: url) }
}

/// Where a command's photos come from: the drawn photos kept between runs, and the most all the
/// photos of one command may take together (`PhotoFetch.budget`).
public struct PhotoSupply: Sendable {
    public let cache: PhotoCache?
    public let budget: Duration
}

extension ShellSession {
    /// What the session has seen and masks, as a command reaches it.
    public nonisolated var records: SessionRecords { SessionRecords(exchanges: exchanges, index: index, secrets: secrets) }
}
