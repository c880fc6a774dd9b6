import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the person's text editor on a file, on the terminal the shell runs on, and waits for
/// it: `$VISUAL`, else `$EDITOR`, else `vi`. The setting may hold arguments (`code --wait`), so
/// it goes through `/bin/sh -c '… "$1"'` and is split as a shell would, the file's path
/// passed as `$1` and never spliced into the command text. A setting that is one command takes
/// the place of that `sh` (`ChildSignals.replacingShell`).
public enum EditorLaunch {
    /// The editor command the environment names.
    public static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Starts the editor with the shell's standard input, output and error, and returns when it
    /// exits. The child gets the default SIGINT and an empty signal mask (the shell's reading
    /// thread blocks SIGINT, and a caught signal's handler is the shell's, not the editor's).
    public static func run(
        on path: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EditorOutcome {
        let editor = command(environment: environment)
        let (pid, spawned) = ChildSignals.spawn(
            "/bin/sh", ["/bin/sh", "-c", ChildSignals.replacingShell(editor) + " \"$1\"", "sh", path])
        guard spawned == 0 else {
            return .failed(.editorDidNotStart(editor: editor, reason: String(cString: strerror(spawned))))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .failed(.editorLost(editor: editor)) }
        }
        return outcome(status: status, editor: editor)
    }

    /// What a wait status means for the edit.
    static func outcome(status: Int32, editor: String) -> EditorOutcome {
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited, code == 0 { return .edited }
        if exited, code == 127 {
            return .failed(.editorNotFound(editor: editor))
        }
        if exited { return .failed(.editorExited(editor: editor, status: code)) }
        return .failed(.editorSignalled(editor: editor, signal: status & 0x7F))
    }
}

/// How a program the shell starts on its terminal (an editor, a pager) gets its signals: the
/// default SIGINT, SIGQUIT, SIGPIPE and job-control signals, and an empty mask (the shell's
/// reading thread blocks SIGINT, and a caught signal's handler is the shell's, not the child's).
public enum ChildSignals {
    /// `setting`, a person's command for `/bin/sh -c` (`$EDITOR`, `$PAGER`), as that `sh` runs
    /// it: with `exec` when it is one command with its words, so the program takes the place
    /// of the `sh`. Ctrl-C and Ctrl-\ then reach the program alone and its exit status is its
    /// own: a wrapping `sh` died of a Ctrl-\ that `less`, `more` or `ed` ignore, leaving them
    /// running on the shell's terminal, and turned an `ed` that took a Ctrl-C and then saved
    /// into "stopped by signal 2". A setting that is more than that (`LC_ALL=C vi`,
    /// `clear && vim`, a pipe) is run as it is: `exec` would refuse or cut it.
    public static func replacingShell(_ setting: String) -> String {
        let scalars = setting.unicodeScalars
        let special = scalars.contains { ";&|<>()`\n".unicodeScalars.contains($0) }
        let firstWord = scalars.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
        let assignment = firstWord.contains("=")
        return special || assignment ? setting : "exec " + setting
    }

    /// Starts `path` with `arguments` (the program's name first) and these signals: with
    /// `actions` (nil: the shell's descriptors) and `environment` (nil: the shell's). The child's
    /// pid, or 0 and the error `posix_spawn` answered.
    public static func spawn(
        _ path: String, _ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil,
        environment: [String: String]? = nil
    ) -> (pid: pid_t, error: Int32) {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid = pid_t()
        let error = withDefaults { attributes in
            guard var envp else { return posix_spawn(&pid, path, actions, attributes, &argv, environ) }
            return posix_spawn(&pid, path, actions, attributes, &argv, &envp)
        }
        return (error == 0 ? pid : 0, error)
    }

    /// Calls `body` with `posix_spawn` attributes that say so.
    public static func withDefaults<T>(_ body: (UnsafePointer<posix_spawnattr_t>) -> T) -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return body(&attributes)
    }
}
