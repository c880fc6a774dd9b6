import OpenMarketContract

/// The help of what lints HTTP habits: `exchanges --lint`, the `lint` command and its flags, and
/// `record --as-test`. Catalogues: `HabitHelp+English.swift`, `HabitHelp+Korean.swift`.
public enum HabitHelp: Spoken, Hashable {
    case exchangesLint
    case lint
    case lintUsage
    case recordAsTest
}
