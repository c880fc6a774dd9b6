import OpenMarketContract

/// What the saved profiles' store says when a profile cannot be saved, read or removed. Each
/// language is one exhaustive `switch` (`ProfileMessage+English.swift`, `ProfileMessage+Korean.swift`).
public enum ProfileMessage: Spoken, Equatable {
    /// A name with other characters than letters, digits, `-`, `_` and `.`.
    case badName(String)
    /// The temporary file a profile is written to cannot be made.
    case cannotWrite(path: String)
    /// The written profile cannot be put in place.
    case cannotSave(name: String, reason: String)
    /// No profile of that name; `known` are the ones there are.
    case noProfile(name: String, known: [String], hint: Bool)
    /// A profile file others can read (it holds a secret).
    case readableByOthers(name: String, path: String, mode: String)
    /// A profile file that is no profile.
    case damaged(name: String, path: String)
    /// `profiles remove NAME` failed.
    case cannotRemove(name: String, path: String, reason: String)
}
