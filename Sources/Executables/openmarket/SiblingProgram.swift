import Foundation
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A program installed beside this one that it starts as its child, with a socket on an
/// inherited descriptor: agent mode's `openmarket-mcp` (`AgentChild`) and the local market's
/// `openmarket-server` (`LocalMarketChild`).
enum SiblingProgram {
    /// The descriptor the child finds its socket on.
    static let descriptor: Int32 = 3

    /// `name` beside this program's own executable (`/proc/self/exe`), nil when this program's
    /// path cannot be read.
    static func path(of name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let own = FilePath(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        return own.removingLastComponent().appending(name).string
    }

    /// A connected pair of sockets, both closed on `exec`: this program's end, and the child's,
    /// above the descriptor it becomes in the child (so that `dup2` there clears close-on-exec).
    static func socketPair() -> (own: Int32, child: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return nil
        }
        let child = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        close(ends[1])
        guard child >= 0 else {
            close(ends[0])
            return nil
        }
        return (ends[0], child)
    }

    /// How the child is started apart from its socket.
    struct Spawning {
        /// Standard input, output and error: this program's, or /dev/null (a server of its own,
        /// which must not write to the shell's terminal).
        var inheritsStreams = true
        /// In a process group of its own, so that Ctrl-C and Ctrl-Z at the terminal reach
        /// this program and not it.
        var ownProcessGroup = false
        /// The environment's variables left out of the child's.
        var withoutVariables: Set<String> = []
        /// Where standard error goes instead of /dev/null when the streams are not inherited: a
        /// descriptor of this program's (a log opened for appending), which stays this program's
        /// to close.
        var errorDescriptor: Int32?
    }

    /// `posix_spawn` of `path`: the socket on `descriptor`, no signal blocked or ignored (the
    /// ones this program ignores get their default actions back).
    static func spawn(
        _ path: String, arguments: [String], socket: Int32, defaultSignals: [Int32], _ how: Spawning = Spawning()
    ) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, socket, descriptor)
        if !how.inheritsStreams {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            if let log = how.errorDescriptor {
                posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in defaultSignals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if how.ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = variables(without: how.withoutVariables)
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environment + [nil])
        return status == 0 ? .success(pid) : .failure(Errno(rawValue: status))
    }

    /// This program's environment as `NAME=value` strings for `exec`, less `names`.
    private static func variables(without names: Set<String>) -> [UnsafeMutablePointer<CChar>?] {
        var copies: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            let name = text.prefix { $0 != "=" }
            if !names.contains(String(name)) { copies.append(strdup(variable)) }
            entry += 1
        }
        return copies
    }

    /// The child's wait status once it ends, waited for on a thread of its own.
    static func wait(for pid: pid_t) async -> Int32 {
        await onThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }
    }

    /// `body`, which blocks, on a thread of its own rather than on the concurrency pool.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }
}

extension SiblingProgram {
    /// `wait(for:)`, the child killed when it has not ended within `limit` (with its process
    /// group, `group`: a child in a group of its own, whose own children go too). The kill is sent
    /// only while the child is known not to have been reaped (it is waited for first without
    /// reaping, `WNOWAIT`), so it never reaches another process given the same id.
    static func wait(for pid: pid_t, killingAfter limit: Duration, group: Bool = false) async -> Int32 {
        let ending = Ending()
        let deadline = Task {
            try? await Task.sleep(for: limit)
            guard !Task.isCancelled else { return }
            ending.ended.withLock { ended in if !ended { kill(group ? -pid : pid, SIGKILL) } }
        }
        let status = await onThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            ending.ended.withLock { $0 = true }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }
        deadline.cancel()
        return status
    }

    /// Whether a child has ended (and may be reaped), shared by its waiter and its killer.
    private final class Ending: Sendable {
        let ended = Mutex(false)
    }

    /// A wait status as the reader is told it: `exit status N`, or the signal's name.
    static func describe(_ status: Int32) -> String {
        let signalNumber = status & 0x7f
        if signalNumber == 0 { return ProgramMessage.exitStatus((status >> 8) & 0xff).text }
        return strsignal(signalNumber).map { String(cString: $0) } ?? String(signalNumber)
    }
}
