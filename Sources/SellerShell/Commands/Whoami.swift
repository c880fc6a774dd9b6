import Foundation
import OpenMarketContract

/// `whoami`: the server and vendor in use (`--json`: the same as a JSON object, never the
/// secret nor the whole identifier).
public struct Whoami: ShellCommand {
    public static let spec = CommandSpec(
        name: "whoami", summary: "show the server and vendor in use", usage: "whoami", effect: .none, recording: .readOnly)

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
        }
    }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        var document = Document(server: context.client.baseURL.absoluteString, profile: context.settings.profileName)
        var lines = ["server      \(document.server)"]
        if let credentials = context.client.credentials, !credentials.identifier.isEmpty {
            document.identifier = String(credentials.identifier.prefix(8))
            lines.append("identifier  \(credentials.identifier.prefix(8))…")
            if context.settings.vendorID != nil || context.settings.vendorName != nil {
                document.vendor = .init(id: context.settings.vendorID, name: context.settings.vendorName)
            }
            let name =
                context.settings.vendorName.map { TextLayout.visible($0, limit: 100) }
                ?? "(not known yet: learned at login, or from your first register)"
            lines.append("vendor      \(name)\(context.settings.vendorID.map { " (#\($0))" } ?? "")")
            if let profile = context.settings.profileName { lines.append("profile     \(profile)") }
        } else {
            lines.append("vendor      not logged in ('login' or 'use PROFILE')")
        }
        let raw = try MarketJSON.encoder.encode(document)
        return CommandOutcome([.text(lines.joined(separator: "\n"), raw: raw)])
    }
}
