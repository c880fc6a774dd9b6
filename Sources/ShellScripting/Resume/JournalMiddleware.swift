import Foundation
import OpenMarketContract
import SellerShell

/// Writes the resume journal of the file being run: `started` before a command whose outcome
/// could become unknown and must not simply be repeated (a create, `stock +N`, `source`), with
/// what is needed to find a create's product later; then `done` with what the line bound, or
/// `failed`. Reads only the typed command and its spec.
struct JournalMiddleware: CommandMiddleware {
    func willRun(_ invocation: Invocation, in session: isolated SellerShell) async throws {
        let state = session.scripting
        guard state.journal != nil, let line = invocation.line else { return }
        let command = invocation.command
        var entry = JournalEntry(.started, number: line.number, hash: line.hash)
        if invocation.spec.effect == .creates {
            await session.noteNewestBeforeFirstCreate()
            entry.at = Date().timeIntervalSince1970
            entry.name = command.productName
            (entry.vendorID, entry.vendorName) = session.knownVendor
            entry.afterID = state.highestSeenID > 0 ? state.highestSeenID : nil
            entry.bindAs = invocation.bindAs
        } else if command.repeatsSafely {
            return
        }
        guard session.writeJournal(entry) else { throw CommandFailure(status: .failed, message: "") }
    }

    func didRun(_ invocation: Invocation, outcome: CommandOutcome, in session: isolated SellerShell) async -> CommandOutcome {
        let state = session.scripting
        guard state.journal != nil, let line = invocation.line else { return outcome }
        var entry = JournalEntry(.done, number: line.number, hash: line.hash)
        // `last` is the named product when there is one, so it is stored once; and only when the
        // script reads `last` at all (encoding every `show`'s product would cost more than the
        // request).
        let named = state.bound.filter { $0.key != "last" }
        entry.bind = !named.isEmpty ? named : (state.readsLast && !state.bound.isEmpty ? state.bound : nil)
        let variables = state.setVariables.filter { !session.secrets.occurs(in: $0.value) }
        entry.vars = variables.isEmpty ? nil : variables
        if invocation.spec.effect == .creates { entry.vendorID = session.knownVendor.id }
        _ = session.writeJournal(entry)
        return outcome
    }

    func didFail(_ invocation: Invocation, status: CommandStatus, outcomeUnknown: Bool, in session: isolated SellerShell) async {
        guard session.scripting.journal != nil, let line = invocation.line else { return }
        var entry = JournalEntry(.failed, number: line.number, hash: line.hash)
        entry.status = status.rawValue
        entry.unsure = outcomeUnknown || invocation.spec.effect == .script ? true : nil
        _ = session.writeJournal(entry)
    }
}

extension SellerShell {
    /// Why a journaled run asks for the newest product before its first create, as the trace
    /// and a dry run show it.
    static let newestIDReason =
        "the journal notes the newest id before the first create, so a resumed run can find what it made"

    /// Before a run's first create, asks the server for its newest product: what the run makes
    /// will be above it, which tells a create whose answer was lost apart from an older
    /// namesake. A request the script never typed, so it is marked as bookkeeping.
    func noteNewestBeforeFirstCreate() async {
        let state = scripting
        guard !state.askedNewest else { return }
        state.askedNewest = true
        let client = self.client
        let newest = await Bookkeeping.$reason.withValue(Self.newestIDReason) { try? await client.products(perPage: 1) }
        if let newest { state.highestSeenID = max(state.highestSeenID, newest.value.products.map(\.id).max() ?? 0) }
    }
}
