import OpenMarketContract
import SellerShell

/// Names the product a command returned: `last`, the name the line gave (`… as mug`), and every
/// name already bound to that product. Runs first after a command, so the journal and the
/// recording see what was bound.
struct BindingMiddleware: CommandMiddleware {
    func willRun(_ invocation: Invocation, in session: isolated SellerShell) async throws {
        session.scripting.bound = [:]
        session.scripting.setVariables = [:]
    }

    func didRun(_ invocation: Invocation, outcome: CommandOutcome, in session: isolated SellerShell) async -> CommandOutcome {
        let state = session.scripting
        var outcome = outcome
        if let product = outcome.product {
            state.highestSeenID = max(state.highestSeenID, product.id)
            state.bound = state.variables.bind(ProductBinding(product), as: invocation.bindAs)
        } else if let name = invocation.bindAs {
            outcome.output.append(.note("note: nothing was named \(name): the command returned no product"))
        }
        return outcome
    }
}
