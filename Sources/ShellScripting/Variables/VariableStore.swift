import Foundation
import OpenMarketContract
import SellerShell
import Synchronization

/// The script's names (`ScriptVariables`) and the highest product id any command has returned,
/// behind a lock: owned by the `ScriptRuntime` and carried by each line's context
/// (`LineScope.variables`), so that binding `last` and `as NAME`, `set NAME` and a line's
/// `$name` read or change them where the line runs, with no hop to another executor. An
/// import's rows, running side by side, bind through the same lock. Each reference of a line is
/// resolved under the lock on its own: nothing binds while a script's line is read today, but a
/// caller that did could see two references of one line read from two states.
final class VariableStore: Sendable {
    private struct Names {
        var variables: ScriptVariables
        /// A product made by a create sent later has a higher id (ids only grow), which tells it
        /// apart from an older namesake.
        var highestSeenID = 0
    }

    private let names: Mutex<Names>

    init(_ variables: ScriptVariables) { names = Mutex(Names(variables: variables)) }

    /// The variables as they are now (a copy: what a later line sets is not in it).
    var variables: ScriptVariables { names.withLock { $0.variables } }

    /// The highest product id seen so far.
    var highestSeenID: Int { names.withLock { $0.highestSeenID } }

    /// The value `name` stands for now.
    subscript(name: String) -> VariableValue? { names.withLock { $0.variables[name] } }

    /// The environment `~` and `${env.NAME}` read (an untrusted script's: only its `--env` names).
    var environment: [String: String] { names.withLock { $0.variables.environment } }

    /// The text `$name` or `${name.field.sub}` stands for now.
    func resolve(_ reference: String) throws(ExpansionError) -> String {
        try names.withLock { names throws(ExpansionError) in try names.variables.resolve(reference) }
    }

    /// Names `product` (`last`, `as NAME`, every name already bound to it); returns the names.
    func bind(_ product: ProductResult, as name: String?) -> [String] {
        names.withLock { names in
            names.highestSeenID = max(names.highestSeenID, product.id)
            return names.variables.bindNames(ProductBinding(product), as: name)
        }
    }

    /// Names `binding` (a product a resumed run made before: `last`, `name`, every name already
    /// bound to it); returns the names bound.
    func bind(_ binding: ProductBinding, as name: String?) -> [String: ProductBinding] {
        names.withLock { names in
            names.highestSeenID = max(names.highestSeenID, binding.id)
            return names.variables.bind(binding, as: name)
        }
    }

    /// Sets `name` (`set NAME`, `--var`, a raw request's `response`, a resumed run's variables);
    /// nil unsets it.
    func set(_ name: String, _ value: VariableValue?) { names.withLock { $0.variables[name] = value } }

    /// The names bound to product `old` now name `product` (registered again in its place).
    func rebind(from old: Int, to product: ProductResult) {
        names.withLock { names in
            names.highestSeenID = max(names.highestSeenID, product.id)
            names.variables.rebind(from: old, to: ProductBinding(product))
        }
    }

    /// Notes a product id a command returned, or the newest before a run's first create.
    func noteSeen(_ id: Int) { names.withLock { $0.highestSeenID = max($0.highestSeenID, id) } }
}
