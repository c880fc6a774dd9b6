import Foundation
import OpenMarketContract

/// `exchanges`: every HTTP exchange of the session, one numbered line each
/// (`#7 PATCH /api/products/3 → 202 Accepted · 14 ms · 1 KB`); `exchange N` shows one in full.
/// `--har FILE` writes them as HAR 1.2 (a browser's network panel opens it), `--markdown FILE`
/// as a lab notebook; secrets masked in both.
public struct Exchanges: ShellCommand {
    public static let spec = CommandSpec(
        name: "exchanges", summary: "list the session's HTTP exchanges, numbered (exchange N shows one)",
        usage: "exchanges [--last N] [--har FILE] [--markdown FILE]",
        examples: ["exchanges", "exchanges --last 5", "exchanges --har class.har", "exchanges --markdown notebook.md"],
        flags: [.init("--last", value: .number), .init("--har", value: .text), .init("--markdown", value: .text)],
        effect: .none, recording: .never)

    /// Only the newest this many; nil for every exchange kept.
    public var last: Int?
    public var har: String?
    public var markdown: String?

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        if let text = arguments.flags["--last"] {
            guard let text, let count = Int(text), count > 0 else {
                throw .usage("--last takes a number of exchanges from 1 (it is \(text ?? "missing"))")
            }
            last = count
        }
        for flag in ["--har", "--markdown"] {
            guard let given = arguments.flags[flag] else { continue }
            guard let path = given, !path.isEmpty else { throw .usage("\(flag) takes a file to write") }
            if flag == "--har" { har = path } else { markdown = path }
        }
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + (last.map { [Word("--last"), Word(String($0))] } ?? [])
            + (har.map { [Word("--har"), Word($0, wasQuoted: true)] } ?? [])
            + (markdown.map { [Word("--markdown"), Word($0, wasQuoted: true)] } ?? [])
    }

    public func run(in session: isolated SellerShell) async throws -> CommandOutcome {
        var kept = session.exchanges.exchanges
        if let last { kept = Array(kept.suffix(last)) }
        guard !kept.isEmpty else { return .note("no exchanges yet: every request the session sends is numbered here") }
        if har != nil || markdown != nil { return try write(kept, in: session) }
        var lines = kept.map(ExchangeRendering.summary)
        if let oldest = kept.first?.number, oldest > 1, last == nil {
            lines.insert(
                "(exchanges before #\(oldest) are no longer kept; the log keeps the last \(session.exchanges.capacity))", at: 0)
        }
        return CommandOutcome([.text(lines.joined(separator: "\n"))])
    }

    /// Writes the HAR file and the notebook asked for, each whole or not at all.
    private func write(_ kept: [Exchange], in session: isolated SellerShell) throws -> CommandOutcome {
        var written: [String] = []
        let count = "\(kept.count) exchange\(kept.count == 1 ? "" : "s")"
        if let har {
            try Self.save(try HARFile.data(for: kept), to: har, base: session.currentPathBase)
            written.append("wrote \(count) to \(har) (HAR 1.2: open it in a browser's network panel)")
        }
        if let markdown {
            let text = LabNotebook.text(for: kept, server: session.serverURL)
            try Self.save(Data(text.utf8), to: markdown, base: session.currentPathBase)
            written.append("wrote \(count) to \(markdown) (a lab notebook)")
        }
        return CommandOutcome(written.map { .note($0) })
    }

    /// Written to a temporary file and renamed (Foundation's atomic write), so a reader never
    /// sees half a file.
    static func save(_ data: Data, to path: String, base: String?) throws(CommandFailure) {
        let resolved = PathExpansion.resolve(path, relativeTo: base)
        do {
            try data.write(to: URL(fileURLWithPath: resolved), options: .atomic)
        } catch {
            throw .failed("cannot write \(path): \((error as NSError).localizedDescription)")
        }
    }
}
