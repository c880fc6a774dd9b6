import ArgumentParser
import Synchronization

/// A program's first parse, shortened by a thread beside it (`Beside`).
///
/// About two fifths of ArgumentParser's first parse in a process (0.6 of the 1.5 ms it takes at
/// the shell's start) is the Swift runtime looking up protocol conformances: each lookup not
/// made before scans every
/// conformance record of the binary (9,158 in `openmarket`, 25 to 50 µs a scan), then keeps its
/// answer. The lookups come one after another, and this thread starts as the parse does, so
/// making them in the parse's order would only make each one twice: it makes them from the
/// parse's last back, the parse finds made what it asks last, and the two threads meet in the
/// middle. Once the parse is over (`parseEnded`) it stops: what is left, the parse has made.
/// Which lookups, and in which order, was read from a trace of the runtime's scans
/// (`docs/benchmarks.md`, "Start-up").
public enum ParseWarmUp {
    /// ArgumentParser's types whose conformances its parse looks up, by mangled name: they are
    /// internal to it, so only the runtime can name them. Last looked up first. A name that
    /// stops matching (a release of ArgumentParser renames a type) only leaves its lookups to
    /// the parse; `ParseWarmUpTests` says so. None is of the search for a completion-script
    /// request, which the parse skips (`CompletionCheck`).
    static let parserTypes: [(name: String, lookups: [Lookup])] = [
        ("11InputOriginV7ElementO", [.hashable]),
        ("0A10VisibilityV14RepresentationO", [.printable, .reflectable]),
        ("8InputKeyV", [.hashable]),
        ("4NameO", [.hashable]),
    ]

    /// The protocol the parse asks each of a command's properties for (`@Option`, `@Flag`,
    /// `@Argument` conform), internal to ArgumentParser: its existential type, by mangled name.
    static let argumentSetProvider = "0A11SetProvider_p"

    /// Whether the program's first parse has ended (`ProgramEntry.parsedCommand`): the lookups
    /// not made yet are then left alone, as the parse has made them.
    static let parseEnded = Atomic<Bool>(false)

    enum Lookup {
        case hashable, reflectable, printable, parsableCommand, codingKey
    }

    /// One of ArgumentParser's types by its name, nil when it has no such type.
    static func parserType(_ name: String) -> Any.Type? { _typeByName("14ArgumentParser" + name) }

    /// Makes the lookups the first parse of `command`'s arguments makes, last first, until the
    /// parse ends: call it on another thread as the main one starts. `codingKeys` is the
    /// command's `CodingKeys` type, which the compiler made private to it.
    public static func lookUp(for command: any ParsableCommand.Type, codingKeys: Any.Type) {
        var lookups: [(Any.Type, Lookup)] = [(command, .parsableCommand), (codingKeys, .codingKey)]
        for (name, kinds) in parserTypes {
            guard let type = parserType(name) else { continue }
            lookups += kinds.map { (type, $0) }
        }
        for (type, lookup) in lookups {
            if parseEnded.load(ordering: .relaxed) { return }
            lookUp(type, lookup)
        }
        // Each property wrapper's kind, the last asked first; then the command's mirror (its own
        // conformance, and those of the standard library's collections its children come in),
        // which the parse makes first.
        if let provider = parserType(argumentSetProvider) {
            let properties: [Any] = [Argument<[String]>(), Flag(), Option<String?>()]
            for property in properties {
                if parseEnded.load(ordering: .relaxed) { return }
                _ = isInstance(property, of: provider)
            }
        }
        if parseEnded.load(ordering: .relaxed) { return }
        for child in Mirror(reflecting: command.init()).children { _ = child }
    }

    /// Whether `value` is a `T`: with `T` an existential type, the runtime looks up the
    /// conformance of `value`'s type (and of `Any`, which holds it) to `T`'s protocol.
    static func isInstance<T>(_ value: Any, of _: T.Type) -> Bool { value is T }

    /// Not optimized: the compiler, which knows some of the answers, would skip the lookups.
    @_optimize(none)
    static func lookUp(_ type: Any.Type, _ lookup: Lookup) {
        switch lookup {
        case .hashable: _ = type is any Hashable.Type
        case .reflectable: _ = type is any CustomReflectable.Type
        case .printable:
            // What string interpolation asks of a value, in its order.
            _ = type is any TextOutputStreamable.Type
            _ = type is any CustomStringConvertible.Type
            _ = type is any CustomDebugStringConvertible.Type
        case .parsableCommand: _ = type is any ParsableCommand.Type
        case .codingKey: _ = type is any CodingKey.Type
        }
    }
}
