import ArgumentParser

/// A program's first parse, shortened by a thread beside it (`Beside`).
///
/// About half of ArgumentParser's first parse in a process (2 ms of the shell's start) is the
/// Swift runtime looking up protocol conformances: each lookup not made before scans every
/// conformance record of the binary (10,760 in `openmarket`), then keeps its answer. The
/// lookups come one after another, so another thread making them at the same time as the parse
/// saves nothing; making the parse's last ones first, while the parse makes its first ones,
/// leaves the main thread 21 scans of 31. Which lookups, and in which order, was read from a
/// trace of the runtime's scans (`docs/benchmarks.md`, `scripts/bench-shell`).
public enum ParseWarmUp {
    /// ArgumentParser's types whose conformances its parse looks up, by mangled name: they are
    /// internal to it, so only the runtime can name them. Last looked up first. A name that
    /// stops matching (a release of ArgumentParser renames a type) only leaves its lookups to
    /// the parse; `ParseWarmUpTests` says so.
    static let parserTypes: [(name: String, lookups: [Lookup])] = [
        ("11InputOriginV7ElementO", [.hashable]),
        ("31AutodetectedGenerateCompletionsV", [.reflectable]),
        ("0A10VisibilityV14RepresentationO", [.printable, .reflectable]),
        ("8InputKeyV", [.hashable]),
        ("4NameO", [.hashable]),
    ]

    enum Lookup {
        case hashable, reflectable, printable, parsableCommand, codingKey
    }

    /// One of `parserTypes` by its name, nil when ArgumentParser has no such type.
    static func parserType(_ name: String) -> Any.Type? { _typeByName("14ArgumentParser" + name) }

    /// Makes the lookups the first parse of `command`'s arguments makes last: call it on another
    /// thread as the main one starts parsing. `codingKeys` is the command's `CodingKeys` type,
    /// which the compiler made private to it.
    public static func lookUp(for command: any ParsableCommand.Type, codingKeys: Any.Type) {
        lookUp(command, [.parsableCommand])
        lookUp(codingKeys, [.codingKey])
        for (name, lookups) in parserTypes {
            guard let type = parserType(name) else { continue }
            lookUp(type, lookups)
        }
        lookUp(command, [.reflectable])
    }

    /// Not optimized: the compiler, which knows some of the answers, would skip the lookups.
    @_optimize(none)
    static func lookUp(_ type: Any.Type, _ lookups: [Lookup]) {
        for lookup in lookups {
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
}
