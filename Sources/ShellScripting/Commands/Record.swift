import OpenMarketContract
import SellerShell

/// `record FILE [--all]` starts writing the commands that succeed to a script; `record stop`
/// ends it.
struct Record: ShellCommand {
    static let commandNames = CommandNames("record")
    static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ScriptHelp.record,
        usage: "record FILE [--all] [--as-test] | record stop",
        examples: ["record catalog.om", "record session.om --all", "record answer.om --as-test", "record stop"],
        flags: options.map(\.flag),
        positional: [.path], tooManyWords: ScriptHelp.recordTooManyWords, effect: .none, recording: .never)

    static let options: [CommandOption<Record>] = [
        .flag("--all", \.all, help: ScriptHelp.recordAll),
        .flag("--as-test", \.asTest, help: HabitHelp.recordAsTest),
    ]

    enum Action: Sendable, Equatable {
        case start(path: String, all: Bool)
        case stop
    }

    var action: Action
    /// `--as-test`: each answer written with its `expect` checks (`TestRecording`).
    var asTest = false

    /// `--all`, kept in `.start` (`record stop --all` records to a file named `stop`).
    var all: Bool {
        get { if case .start(_, let all) = action { all } else { false } }
        set { if case .start(let path, _) = action { action = .start(path: path, all: newValue) } }
    }

    init(parsing arguments: Arguments) throws(CommandFailure) {
        guard let word = arguments.positional.first else { throw .usage(ScriptMessage.recordUsage.text) }
        action = .start(path: word.text, all: false)
        try arguments.apply(Self.options, to: &self)
        if word.text == "stop", !word.wasQuoted, !all, !asTest { action = .stop }
    }

    var words: [Word] {
        switch action {
        case .stop: [Word(Self.spec.name), Word("stop")]
        case .start(let path, _): [Word(Self.spec.name), Word(path, wasQuoted: true)] + Self.options.words(of: self)
        }
    }

    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let runtime = try context.runtime()
        switch action {
        case .start(let path, let all):
            // An untrusted script records only into its scratch folder.
            let target =
                context.access.writeFolder == nil
                ? path : try runtime.paths.writable(path, replacing: false, in: context)
            try runtime.recording.begin(
                target, all: all, server: context.client.baseURL, variables: runtime.variables,
                index: context.records.index, asTest: asTest)
            return .note(ScriptMessage.recordingTo(path: path, everything: all).text)
        case .stop:
            guard let recorder = runtime.recording.recorder else {
                throw CommandFailure.usage(ScriptMessage.notRecording.text)
            }
            runtime.recording.stop(index: context.records.index)
            return .note(ScriptMessage.recordingSaved(recorder.path).text)
        }
    }
}
