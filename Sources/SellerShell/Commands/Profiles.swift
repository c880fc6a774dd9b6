import Foundation
import OpenMarketContract

/// `profiles [list]` and `profiles remove NAME`: the saved logins, with their server and
/// vendor (never the secret, and the identifier cut short).
public struct Profiles: ShellCommand {
    public static let commandNames = CommandNames("profiles", aliases: ["profile"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.profiles,
        usage: "profiles [list | remove NAME]", examples: ["profiles", "profiles remove old-shop"],
        positional: [.setting(["list": [], "remove": []]), .profile], effect: .session, recording: .never)

    public enum Action: Sendable, Equatable {
        case list
        case remove(String)
    }

    public var action: Action

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        let words = arguments.positional.map(\.text)
        switch (words.first?.lowercased(), words.count) {
        case (nil, _), ("list", 1):
            action = .list
        case ("remove", _), ("rm", _), ("delete", _):
            guard words.count == 2 else { throw .usage(Message.whichProfileToRemove.text) }
            action = .remove(words[1])
        default:
            throw .usage(Message.profilesUsage(words.joined(separator: " ")).text)
        }
    }

    public var words: [Word] {
        switch action {
        case .list: [Word(Self.spec.name)]
        case .remove(let name): [Word(Self.spec.name), Word("remove"), Word(name)]
        }
    }

    struct Entry: Encodable {
        var name: String
        var server: String?
        var identifier: String
        var vendor: String?
        var vendorID: Int?
        /// Whether the vendor id was only given (not said by the server); nil without an id.
        var vendorGiven: Bool?
        var inUse: Bool
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        // The person's saved logins: an untrusted script neither lists nor removes them.
        if context.access.isUntrusted { throw AccessRefusal(.profiles) }
        let store = context.login.profiles
        switch action {
        case .remove(let name):
            try store.remove(name)
            await context.login.forgetProfile(name)
            return .note(Message.removedProfile(name: name, folder: store.directory.path).text)
        case .list:
            let entries = store.names().map { name -> Entry in
                guard let saved = try? store.load(name) else {
                    return Entry(name: name, identifier: Message.profileUnreadable(name).text, inUse: false)
                }
                return Entry(
                    name: name, server: saved.server, identifier: String(saved.identifier.prefix(8)) + "…",
                    vendor: saved.vendorName, vendorID: saved.vendorID,
                    vendorGiven: saved.vendorID == nil ? nil : saved.vendorStanding != .verified,
                    inUse: context.settings.profileName == name)
            }
            let raw = try MarketJSON.encoder.encode(entries)
            guard !entries.isEmpty else {
                return CommandOutcome([.text(Message.noSavedProfiles.text, raw: raw)])
            }
            return CommandOutcome([.text(Self.table(entries), raw: raw)])
        }
    }

    static func table(_ entries: [Entry]) -> String {
        let rows = entries.map { entry in
            [
                (entry.inUse ? "* " : "  ") + entry.name, entry.server ?? "-", entry.identifier,
                // As `whoami` shows it: the id even without a name, and whether it was only given.
                entry.vendor == nil && entry.vendorID == nil
                    ? "-"
                    : VendorMessage.vendor(
                        name: entry.vendor.map { TextLayout.visible($0, limit: 40) }, id: entry.vendorID,
                        given: entry.vendorGiven == true
                    ).text,
            ]
        }
        return TextLayout.table(
            ["  " + Message.profileColumn(.name).text]
                + [Message.ProfileColumn.server, .identifier, .vendor].map {
                    Message.profileColumn($0).text
                }, rows, rule: false)
    }
}
