import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `use NAME`: logs in with a saved profile, on its server (a profile that names none is refused).
public struct Use: ShellCommand {
    public static let commandNames = CommandNames("use")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.use, usage: "use NAME", examples: ["use shop"],
        positional: [.profile], effect: .session)

    public var profile: String?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        profile = arguments.positional.first?.text
    }

    public var words: [Word] { [Word(Self.spec.name)] + (profile.map { [Word($0)] } ?? []) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        guard let name = profile else {
            // With none saved there is nothing to choose from: how to save one instead of `()`.
            let names = context.login.profiles.names()
            throw CommandFailure.usage((names.isEmpty ? Message.noSavedProfiles : .whichProfile(names: names)).text)
        }
        // The person's saved logins (and their secrets) are not an untrusted script's.
        if context.access.isUntrusted { throw AccessRefusal(.profiles) }
        let saved = try context.login.profiles.load(name)
        // A profile's credentials belong to the server they were saved with: one that names no
        // server would send its secret to whichever server the session is on.
        guard let server = saved.server.flatMap(URL.httpURL) else {
            throw CommandFailure.failed(
                Message.profileNamesNoServer(name).text)
        }
        try context.access.mayConnect(server)
        await context.login.use(profile: name, saved, on: server)
        return .note(
            Message.usingProfile(name: name, identifier: String(saved.identifier.prefix(8)), server: server.absoluteString).text)
    }
}
