import OpenMarketContract

/// `whoami`: the server and vendor in use.
public struct Whoami: ShellCommand {
    public static let spec = CommandSpec(
        name: "whoami", summary: "show the server and vendor in use", usage: "whoami", effect: .none, recording: .readOnly)

    public init(parsing arguments: Arguments) throws(CommandFailure) {}

    public var words: [Word] { [Word(Self.spec.name)] }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        var lines = ["server      \(session.client.baseURL.absoluteString)"]
        if let credentials = session.client.credentials, !credentials.identifier.isEmpty {
            lines.append("identifier  \(credentials.identifier.prefix(8))…")
            let name = session.vendorName ?? "(learned from your first register or patch)"
            lines.append("vendor      \(name)\(session.vendorID.map { " (#\($0))" } ?? "")")
        } else {
            lines.append("vendor      not logged in ('login' or 'use PROFILE')")
        }
        return CommandOutcome([.text(lines.joined(separator: "\n"))])
    }
}
