/// How a `--flag` was given on the line: alone (`--yes`), or with a value (`--per-page 50`,
/// `--per-page=50`). A flag not given is not in ``Arguments/flags`` at all.
public enum FlagValue: Sendable, Equatable {
    case bare
    case value(String)

    /// The value, when one was given.
    public var text: String? {
        switch self {
        case .bare: nil
        case .value(let text): text
        }
    }
}
