import Foundation
import OpenMarketContract

/// `exchanges`: every HTTP exchange of the session, one numbered line each
/// (`#7 PATCH /api/products/3 → 202 Accepted · 14 ms · 1 KB`); `exchange N` shows one in full.
public struct Exchanges: ShellCommand {
    public static let spec = CommandSpec(
        name: "exchanges", summary: "list the session's HTTP exchanges, numbered (exchange N shows one)",
        usage: "exchanges [--last N]", examples: ["exchanges", "exchanges --last 5", "exchange 3"],
        flags: [.init("--last", value: .number)], effect: .none, recording: .never)

    /// Only the newest this many; nil for every exchange kept.
    public var last: Int?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        if let text = arguments.flags["--last"] {
            guard let text, let count = Int(text), count > 0 else {
                throw .usage("--last takes a number of exchanges from 1 (it is \(text ?? "missing"))")
            }
            last = count
        }
    }

    public var words: [Word] { [Word(Self.spec.name)] + (last.map { [Word("--last"), Word(String($0))] } ?? []) }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        var kept = session.exchanges.exchanges
        if let last { kept = Array(kept.suffix(last)) }
        guard !kept.isEmpty else { return .note("no exchanges yet: every request the session sends is numbered here") }
        var lines = kept.map(ExchangeRendering.summary)
        if let oldest = kept.first?.number, oldest > 1, last == nil {
            lines.insert(
                "(exchanges before #\(oldest) are no longer kept; the log keeps the last \(session.exchanges.capacity))", at: 0)
        }
        return CommandOutcome([.text(lines.joined(separator: "\n"))])
    }
}
