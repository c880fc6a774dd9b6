import Foundation
import SellerShell
import TerminalText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows a long result through the person's pager, as git and psql do: `$PAGER`, else
/// `less -FRX` (with `LESS=FRX` when `LESS` is unset, so a short text is printed and left on the
/// screen). `PAGER=` (empty) or `PAGER=cat` means none. Written by hand over `posix_spawn`:
/// Foundation's `Process` cannot give the child default signal dispositions, which a pager on
/// the shell's terminal needs (its own Ctrl-C), and there is no kept library for this.
enum Pager {
    /// The pager command, or nil when the environment asks for none.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment["PAGER"] else { return "less -FRX" }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "cat" ? nil : value
    }

    /// The rows of the terminal on standard output, or nil when it is not a terminal.
    static func terminalRows() -> Int? { TerminalWindow.of(STDOUT_FILENO)?.rows }

    /// The columns of the terminal on `descriptor`, or nil when it is not a terminal (notes are
    /// folded to it, help and explanations are written to it).
    static func terminalColumns(of descriptor: Int32 = STDOUT_FILENO) -> Int? { TerminalWindow.of(descriptor)?.columns }

    /// Runs `command` through `/bin/sh -c` with `text` on its standard input and waits for it.
    /// Returns nil when it ran, or why it could not start (then nothing of `text` was shown).
    /// The pager quitting before reading everything is not an error: the rest is dropped.
    static func show(_ text: String, command: String) -> ScreenMessage? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            return .pagerNotStarted(command: command, reason: String(cString: strerror(errno)))
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        var pid = pid_t()
        let spawned = spawn(command, stdin: readEnd, closing: writeEnd, pid: &pid)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return .pagerNotStarted(command: command, reason: String(cString: strerror(spawned)))
        }
        // A pager that quits early closes the pipe: EPIPE, not a SIGPIPE that ends the shell.
        let previous = signal(SIGPIPE, SIG_IGN)
        let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        signal(SIGPIPE, previous)
        let exited = status & 0x7F == 0
        // `/bin/sh -c` answers 127 for a command it cannot find; nothing was shown then.
        if exited, (status >> 8) & 0xFF == 127 { return .pagerNotFound(command: command) }
        return nil
    }

    /// `posix_spawn` of `/bin/sh -c COMMAND` with `stdin` as its standard input, the default
    /// SIGINT/SIGPIPE/… and an empty signal mask, and `LESS=FRX` when `LESS` is unset. A command
    /// that is one command takes the place of that `sh` (`ChildSignals.replacingShell`), so a
    /// Ctrl-\ it ignores (`less`, `more`) does not leave it running on the shell's terminal.
    private static func spawn(_ command: String, stdin: Int32, closing other: Int32, pid: inout pid_t) -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, other)
        let started = ChildSignals.spawn(
            "/bin/sh", ["/bin/sh", "-c", ChildSignals.replacingShell(command)], actions: &actions, environment: environment)
        pid = started.pid
        return started.error
    }
}
