import Foundation
import OpenMarketContract

/// `whoami`: the server and vendor in use (`--json`: the same as a JSON object, never the
/// secret nor the whole identifier).
public struct Whoami: ShellCommand {
    public static let commandNames = CommandNames("whoami")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.whoami, usage: "whoami", effect: .none,
        recording: .readOnly)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    /// What `--json` prints: `identifier` is the first 8 characters, as the text shows it.
    struct Document: Encodable {
        var server: String
        var identifier: String?
        var vendor: Vendor?
        var profile: String?
        struct Vendor: Encodable {
            var id: Int?
            var name: String?
            /// Whether the id was only given (not said by the server); nil without an id.
            var given: Bool?
        }
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        var document = Document(server: context.client.baseURL.absoluteString, profile: context.settings.profileName)
        func label(_ field: Message.WhoamiField) -> String { TextLayout.pad(Message.whoamiField(field).text, to: 12) }
        var lines = [label(.server) + document.server]
        if let credentials = context.client.credentials, !credentials.identifier.isEmpty {
            document.identifier = String(credentials.identifier.prefix(8))
            lines.append(label(.identifier) + "\(credentials.identifier.prefix(8))…")
            if context.settings.vendorID != nil || context.settings.vendorName != nil {
                document.vendor = .init(id: context.settings.vendorID, name: context.settings.vendorName)
            }
            let (name, id) = (context.settings.vendorName.map { TextLayout.visible($0, limit: 100) }, context.settings.vendorID)
            let given = await context.vendor.standing == .given
            document.vendor?.given = id == nil ? nil : given
            // As `profiles` shows it: the id, and whether it was only given.
            let vendor =
                name == nil && id == nil
                ? Message.vendorNotKnownYet.text : VendorMessage.vendor(name: name, id: id, given: given).text
            lines.append(label(.vendor) + vendor)
            if let profile = context.settings.profileName { lines.append(label(.profile) + profile) }
        } else {
            lines.append(label(.vendor) + Message.vendorNotLoggedIn.text)
        }
        let raw = try MarketJSON.encoder.encode(document)
        return CommandOutcome([.text(lines.joined(separator: "\n"), raw: raw)])
    }
}
