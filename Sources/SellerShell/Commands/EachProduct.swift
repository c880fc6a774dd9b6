import OpenMarketAPI
import OpenMarketContract

/// A command given several product ids (`delete 3 4 5`, `stock 3 4 5 +1`, `patch 3 4 5 discount=0`).
protocol SeveralProducts: ShellCommand {
    /// Every id given, in order.
    var ids: [Int] { get }
}

/// Runs one command per product, one after another: each gets its own outcome line, a failure
/// on one does not stop the others, and the run fails if any failed (`2 of 3 changed; #4: …`).
enum EachProduct {
    /// The one question for several products (nil: go on without asking, as in a pipe where
    /// `patch` and `stock` do); false when the person declined.
    static func confirm(_ question: Message, in context: CommandContext) -> Bool {
        guard context.console.isInteractive else { return true }
        return context.console.confirm(question)
    }

    /// `#3, #4, #5`, with names where the session has seen them.
    static func list(_ ids: [Int], names: [Int: String] = [:]) -> String {
        ids.map { id in names[id].map { ProductLabel.of(id: id, name: $0) } ?? "#\(id)"
        }
        .joined(separator: ", ")
    }

    /// Runs `commands` in turn, printing each outcome as it comes; `failed` are the ids already
    /// known to have failed (with why), counted in the summary.
    static func run(
        _ commands: [any ShellCommand], verb: Message.Verb, total: Int, failed: [String] = [], in context: CommandContext
    ) async throws -> CommandOutcome {
        var problems = failed
        var done = 0
        var last: ProductResult?
        var changes: [ProductChange] = []
        for command in commands {
            try Task.checkCancellation()
            do {
                let outcome = try await command.run(in: context)
                context.commands.render(outcome.output)
                last = outcome.product ?? last
                changes += outcome.changes
                done += 1
            } catch is CancellationError {
                throw CancellationError()
            } catch MarketError.cancelled {
                throw MarketError.cancelled
            } catch {
                // The reason alone, once: said after the command on screen and after the product's
                // number in the summary (never cut back out of a line already written).
                let report = await context.commands.failureReport(error, command, prefix: "")
                let why = report.failure.first ?? "\(error)"
                context.console.note(command.failurePrefix + why, kind: .error)
                problems.append("#\(command.productID.map(String.init) ?? "?"): \(why)")
            }
        }
        let summary = Message.severalDone(done: done, total: total, verb: verb).text
        guard problems.isEmpty else {
            // The failure goes back instead of an outcome: what did change is kept here.
            context.changes?.recordNow(changes, command: commands.first.map { WordQuoting.line($0.words) } ?? "", in: context)
            throw CommandFailure.failed(([summary] + problems).joined(separator: "; "))
        }
        var outcome = CommandOutcome([.summary(summary)])
        outcome.product = last
        outcome.changes = changes
        return outcome
    }
}

extension ShellSession {
    /// `… as NAME` names one product: refused before a command given several ids runs.
    nonisolated func refuseNaming(_ invocation: Invocation) -> CommandReport? {
        guard invocation.bindAs != nil, let several = invocation.command as? any SeveralProducts, several.ids.count > 1 else {
            return nil
        }
        let failure = CommandFailure.usage(Message.asNamesOneProduct.text)
        return CommandReport(
            status: .usage, command: invocation.command, failure: Self.lines(for: failure, spec: invocation.spec))
    }
}
