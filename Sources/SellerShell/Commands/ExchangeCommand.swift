import Foundation
import OpenMarketContract

/// `exchange N`: one exchange of the log in full — the request line, every header as sent
/// (`Host` and `Content-Length` too), the body, then the status line, headers and body;
/// `--wire` shows the exact bytes with line endings and control characters visible; `--as curl`,
/// `--as httpie` and `--as raw` print a command that sends the same request from bash, the
/// secret read from `$OPENMARKET_SECRET`.
public struct ExchangeCommand: ShellCommand {
    public static let commandNames = CommandNames("exchange")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.exchange,
        usage: "exchange [N] [--wire] [--as curl|httpie|raw]",
        examples: ["exchange 3", "exchange 3 --wire", "exchange 3 --as curl", "exchange"],
        flags: options.map(\.flag), positional: [.word], effect: .none, recording: .never)

    static let options: [CommandOption<ExchangeCommand>] = [
        .flag("--wire", \.wire, help: ShellHelp.exchangeWire),
        .value(
            "--as", \.form, placeholder: "FORM", choices: Form.allCases.map(\.rawValue),
            help: ShellHelp.exchangeAs,
            parse: { given throws(CommandFailure) in
                guard let form = Form(rawValue: given) else { throw .usage(Message.asTakes.text) }
                return form
            }, write: { Word($0.rawValue) }),
    ]

    /// What `--as` writes the request as.
    public enum Form: String, Sendable, CaseIterable {
        case curl, httpie, raw
    }

    /// nil: the newest.
    public var number: Int?
    public var wire = false
    public var form: Form?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        if let word = arguments.positional.first {
            let text = word.text.hasPrefix("#") ? String(word.text.dropFirst()) : word.text
            guard let number = Int(text), number > 0 else {
                throw .usage(Message.notAnExchangeNumber(word.text).text)
            }
            self.number = number
        }
        try arguments.apply(Self.options, to: &self)
        if wire, form != nil { throw .usage(Message.wireOrAs.text) }
    }

    public var words: [Word] { [Word(Self.spec.name)] + (number.map { [Word(String($0))] } ?? []) + Self.options.words(of: self) }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let exchange = try Self.find(number, in: context.records.exchanges)
        // What is copied to another program (the bytes as sent, a command for bash) is printed
        // as it is, never folded to the terminal's width: a folded `# …` comment would go on
        // without its `#`, and bash would run the rest. The terminal wraps a long line itself.
        guard let form else {
            let text = ExchangeRendering.full(exchange, wire: wire, color: context.settings.useColor)
            return CommandOutcome([wire ? .listed(text, paged: false) : .text(text)])
        }
        do {
            return CommandOutcome([
                .listed(
                    try ExchangeExport.text(for: exchange, as: form, environmentServer: context.login.environmentServer),
                    paged: false)
            ])
        } catch {
            throw CommandFailure.failed(
                Message.cannotWriteAs(number: exchange.number, form: form.rawValue, reason: error.reason).text)
        }
    }

    /// Exchange `number` (the newest when nil), or a one-line failure saying what there is.
    static func find(_ number: Int?, in log: ExchangeLog) throws(CommandFailure) -> Exchange {
        let wanted = number ?? log.lastNumber
        guard wanted > 0 else { throw .failed(Message.noExchangeSendFirst.text) }
        switch log.exchange(wanted) {
        case .success(let exchange): return exchange
        case .failure(.forgotten(let oldest)):
            throw .failed(
                Message.exchangeForgotten(number: wanted, capacity: log.capacity, budget: log.byteBudget, oldest: oldest).text)
        case .failure(.notYet(let last)):
            throw .failed(
                last == 0 ? Message.noExchangeSendFirst.text : Message.exchangeNotYet(number: wanted, last: last).text)
        }
    }
}
