import Foundation

/// The XDG base directories (freedesktop.org's Base Directory Specification) the project keeps
/// its files under: market data, shell history, saved profiles, cached photos. The one place the variables,
/// their fallbacks and the absolute-path rule are written.
///
/// A variable counts only when it holds an absolute path, as the specification says; unset,
/// empty or relative, the default under the home directory is used.
public enum XDGDirectories {
    /// `$XDG_DATA_HOME`, else `~/.local/share` (market data directories).
    public static func dataHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_DATA_HOME", fallback: ".local/share", environment)
    }

    /// `$XDG_STATE_HOME`, else `~/.local/state` (the shell's history).
    public static func stateHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_STATE_HOME", fallback: ".local/state", environment)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config` (saved profiles).
    public static func configHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_CONFIG_HOME", fallback: ".config", environment)
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache` (the shell's photo cache).
    public static func cacheHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory("XDG_CACHE_HOME", fallback: ".cache", environment)
    }

    /// The fallback is under the environment's `HOME` when it names an absolute path (a test's
    /// private home), else the user's home directory.
    private static func directory(_ variable: String, fallback: String, _ environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(fallback, isDirectory: true)
    }
}
