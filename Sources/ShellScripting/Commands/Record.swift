import OpenMarketContract
import SellerShell

/// `record FILE [--all]` starts writing the commands that succeed to a script; `record stop`
/// ends it.
struct Record: ShellCommand {
    static let spec = CommandSpec(
        name: "record", summary: "write the commands that succeed to a script file", usage: "record FILE [--all] | record stop",
        examples: ["record catalog.om", "record session.om --all", "record stop"], flags: [.init("--all")],
        positional: [.path], tooManyWords: "record FILE [--all], or record stop", effect: .none, recording: .never)

    enum Action: Sendable, Equatable {
        case start(path: String, all: Bool)
        case stop
    }

    var action: Action

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage("record FILE [--all], or record stop") }
        if word.text == "stop", !word.wasQuoted, !arguments.has("--all") {
            action = .stop
        } else {
            action = .start(path: word.text, all: arguments.has("--all"))
        }
    }

    var words: [Word] {
        switch action {
        case .stop: [Word(Self.spec.name), Word("stop")]
        case .start(let path, let all): [Word(Self.spec.name), Word(path, wasQuoted: true)] + (all ? [Word("--all")] : [])
        }
    }

    func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        switch action {
        case .start(let path, let all):
            try await runtime.beginRecording(path, all: all)
            return .note("recording to \(path)\(all ? " (every command)" : "") — 'record stop' ends it")
        case .stop:
            guard let recorder = await runtime.recorder else {
                throw CommandFailure.usage("not recording ('record FILE' starts)")
            }
            await runtime.stopRecording()
            return .note("recording saved to \(recorder.path)")
        }
    }
}
