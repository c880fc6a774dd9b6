import Foundation
import OpenMarketContract

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Failures of a `PTYSession`, each carrying what the program printed so far.
public enum PTYError: Error, CustomStringConvertible {
    case executableNotFound(String)
    case spawnFailed(executable: String, errno: Int32)
    case timeout(waitingFor: String, transcript: String)
    case exited(waitingFor: String, transcript: String)

    public var description: String {
        switch self {
        case .executableNotFound(let path):
            return "no executable at \(path) (build it first: swift build)"
        case .spawnFailed(let executable, let code):
            return "forkpty for \(executable) failed: \(String(cString: strerror(code)))"
        case .timeout(let what, let transcript):
            return "timed out waiting for \(what); transcript:\n\(transcript)"
        case .exited(let what, let transcript):
            return "the program closed the terminal while waiting for \(what); transcript:\n\(transcript)"
        }
    }
}

/// A program running on a real pseudo-terminal, driven like a person at a keyboard.
///
/// Two rules keep tests built on it reliable (libedit-notes §5.1):
/// 1. Type only after the program has put the terminal in raw mode (`waitForRawMode`): keys sent
///    earlier are cooked by the line discipline (echoed, line-buffered, arrow keys mangled).
/// 2. Assert on what the program prints, not on the echo of typed keys: line editors redraw with
///    cursor addressing, so typed text rarely appears verbatim.
///
/// @unchecked Sendable: every method takes `lock`, so a session may be handed between tasks; it
/// is still meant to be driven by one test at a time.
///
/// Its waits block, so a test drives it on a Dispatch thread and checks the results back in the
/// test (issues recorded on a Dispatch thread belong to no test):
///
/// ```swift
/// let home = try TestHome.make()
/// defer { home.remove() }
/// let status = try await blocking {
///     let session = try PTYSession(executable: BuiltProducts.path(of: "openmarket"), environment: home.environment)
///     defer { session.terminate() }
///     _ = try session.expect("> ", timeout: .seconds(60))
///     try session.waitForRawMode()
///     session.send("\u{04}")  // Ctrl-D
///     return try session.waitForExit()
/// }
/// #expect(status == 0)
/// ```
public final class PTYSession: @unchecked Sendable {
    public let pid: pid_t
    private let master: Int32
    private let lock = NSLock()
    private var output: [UInt8] = []
    private var matchedUpTo = 0
    private var masterClosed = false
    private var exitStatus: Int32?
    private var descriptorClosed = false

    /// Starts `executable` with exactly `environment` (nothing is inherited) on a new terminal of
    /// the given size, as the leader of its own session with that terminal as its controlling
    /// tty, so Ctrl-C sent as a key reaches it as SIGINT.
    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        columns: Int = 100,
        rows: Int = 30
    ) throws {
        guard access(executable, X_OK) == 0 else { throw PTYError.executableNotFound(executable) }

        // Everything the child touches is prepared here: between fork and exec only
        // async-signal-safe calls are allowed, so no Swift allocation, locking or bridging.
        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        let directory = workingDirectory.map { CStringArray([$0]) }
        let directoryPointer = directory?.pointer[0]
        let executablePointer = argv.pointer[0]!
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var limit = rlimit()
        let highestFD: Int32 =
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
            ? Int32(clamping: min(limit.rlim_cur, 65_536)) : 4_096

        var masterFD: Int32 = -1
        let child = forkpty(&masterFD, nil, nil, &size)
        if child == 0 {
            // The test runner's thread may block or ignore signals, and both survive exec.
            sigprocmask(SIG_SETMASK, &noSignals, nil)
            signal(SIGINT, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
            signal(SIGPIPE, SIG_DFL)
            signal(SIGTSTP, SIG_DFL)
            signal(SIGTTIN, SIG_DFL)
            signal(SIGTTOU, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            // Another test's pty slave inherited here would keep that pty open after its
            // program exits, and its session would never see the end of output.
            var fd: Int32 = 3
            while fd < highestFD {
                close(fd)
                fd += 1
            }
            if let directoryPointer, chdir(directoryPointer) != 0 {
                _exit(126)
            }
            execve(executablePointer, argv.pointer, envp.pointer)
            _exit(127)
        }
        if child < 0 {
            throw PTYError.spawnFailed(executable: executable, errno: errno)
        }
        _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
        pid = child
        master = masterFD
        _ = (argv, envp, directory)  // keeps the C strings alive until the fork is done
    }

    deinit {
        terminate()
    }

    /// Everything the program has printed so far, escapes and all.
    public var transcript: String {
        lock.withLock { String(decoding: output, as: UTF8.self) }
    }

    /// Waits until `text` appears after the previous match and returns the output from the
    /// previous match up to and including this one. Each match moves past what it consumed, so
    /// expecting the prompt twice waits for the second prompt.
    @discardableResult
    public func expect(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        try lock.withLock {
            let needle = Array(text.utf8)
            let deadline = ContinuousClock.now + timeout
            while true {
                if let end = find(needle) {
                    let segment = String(decoding: output[matchedUpTo..<end], as: UTF8.self)
                    matchedUpTo = end
                    return segment
                }
                if masterClosed {
                    throw PTYError.exited(waitingFor: quoted(text), transcript: readableTranscript())
                }
                guard ContinuousClock.now < deadline else {
                    throw PTYError.timeout(waitingFor: quoted(text), transcript: readableTranscript())
                }
                pump(upTo: deadline)
            }
        }
    }

    /// Types `keys` (UTF-8). Keys: "\r" Enter, "\t" Tab, "\u{03}" Ctrl-C, "\u{04}" Ctrl-D,
    /// "\u{12}" Ctrl-R, "\u{15}" Ctrl-U, "\u{7f}" Backspace, "\u{1b}[D" Left, "\u{1b}[C" Right.
    public func send(_ keys: String) {
        lock.withLock {
            var bytes = Array(keys.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN {
                        continue
                    }
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    /// Waits until the program's terminal has canonical mode off, i.e. a line editor is reading
    /// keys (on Linux the master reports the slave's flags, as pexpect's waitnoecho relies on).
    public func waitForRawMode(timeout: Duration = .seconds(10)) throws {
        try waitForLocalFlags("raw mode (ICANON off)", timeout: timeout) { $0 & tcflag_t(ICANON) == 0 }
    }

    /// Waits until canonical mode is back on, i.e. the line editor has returned its line and the
    /// program is running the command.
    public func waitForCookedMode(timeout: Duration = .seconds(10)) throws {
        try waitForLocalFlags("cooked mode (ICANON on)", timeout: timeout) { $0 & tcflag_t(ICANON) != 0 }
    }

    /// Waits until echo is off in canonical mode: a password prompt is reading.
    public func waitForNoEcho(timeout: Duration = .seconds(10)) throws {
        try waitForLocalFlags("no echo (ECHO off, ICANON on)", timeout: timeout) {
            $0 & tcflag_t(ECHO) == 0 && $0 & tcflag_t(ICANON) != 0
        }
    }

    /// Waits for the program to exit and returns its exit code (128 + signal if it was killed).
    /// What it wrote before exiting is in `transcript` by then: a program can print and exit
    /// before this session reads a byte (a loaded machine), so the terminal is read to its end.
    public func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        try lock.withLock {
            let deadline = ContinuousClock.now + timeout
            while true {
                if let exitStatus {
                    return exitStatus
                }
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    let signal = status & 0x7f
                    exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
                    readRestAfterExit()
                    continue
                }
                guard ContinuousClock.now < deadline else {
                    throw PTYError.timeout(waitingFor: "exit", transcript: readableTranscript())
                }
                // Keep reading, so a program blocked on a full terminal can finish.
                pump(upTo: min(deadline, ContinuousClock.now + .milliseconds(20)))
            }
        }
    }

    /// Kills the program (SIGKILL) if it is still running, reaps it and closes the terminal.
    public func terminate() {
        lock.withLock {
            if exitStatus == nil {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                exitStatus = 128 + SIGKILL
            }
            if !descriptorClosed {
                close(master)
                descriptorClosed = true
            }
        }
    }

    // MARK: Internals (called with `lock` held)

    private func waitForLocalFlags(
        _ what: String, timeout: Duration, _ accept: (tcflag_t) -> Bool
    ) throws {
        try lock.withLock {
            let deadline = ContinuousClock.now + timeout
            while true {
                var settings = termios()
                if tcgetattr(master, &settings) == 0, accept(settings.c_lflag) {
                    return
                }
                if masterClosed {
                    throw PTYError.exited(waitingFor: what, transcript: readableTranscript())
                }
                guard ContinuousClock.now < deadline else {
                    throw PTYError.timeout(waitingFor: what, transcript: readableTranscript())
                }
                pump(upTo: min(deadline, ContinuousClock.now + .milliseconds(5)))
            }
        }
    }

    /// Reads what an exited program left in the terminal: until the terminal reports its end
    /// (Linux: EIO once every slave descriptor is closed and what they wrote has been read), or,
    /// when something else still holds the terminal (a program it left running), until nothing
    /// has come for half a second; at most 10 s.
    private func readRestAfterExit() {
        let limit = ContinuousClock.now + .seconds(10)
        var lastByte = ContinuousClock.now
        while !masterClosed, ContinuousClock.now < limit, ContinuousClock.now - lastByte < .milliseconds(500) {
            let before = output.count
            pump(upTo: min(limit, ContinuousClock.now + .milliseconds(50)))
            if output.count > before { lastByte = ContinuousClock.now }
        }
    }

    /// Reads whatever arrives before `deadline` (returning at the first chunk).
    private func pump(upTo deadline: ContinuousClock.Instant) {
        if masterClosed {
            let remaining = deadline - ContinuousClock.now
            if remaining > .zero {
                usleep(UInt32(min(remaining, .milliseconds(20)).wholeNanoseconds / 1000))
            }
            return
        }
        let remaining = max(.zero, deadline - ContinuousClock.now)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: remaining.wholeMilliseconds))
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            output.append(contentsOf: chunk[..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // Linux reports EIO once every slave descriptor is closed: the program is gone.
            masterClosed = true
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return matchedUpTo }
        guard output.count - matchedUpTo >= needle.count else { return nil }
        var start = matchedUpTo
        while start + needle.count <= output.count {
            if output[start] == needle[0], output[start..<start + needle.count].elementsEqual(needle) {
                return start + needle.count
            }
            start += 1
        }
        return nil
    }

    private func quoted(_ text: String) -> String {
        "\"" + PTYSession.visible(text) + "\""
    }

    private func readableTranscript() -> String {
        PTYSession.visible(String(decoding: output, as: UTF8.self))
    }

    /// Control characters spelled out (ESC as \e), line breaks kept, for failure messages.
    public static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                result += "\n"
            case "\r":
                result += "\\r"
            case "\u{1b}":
                result += "\\e"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                result += "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A NULL-terminated array of C strings that lives as long as this object.
private final class CStringArray {
    let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointer = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() {
            pointer[index] = strdup(string)
        }
        pointer[strings.count] = nil
    }

    deinit {
        for index in 0..<count {
            free(pointer[index])
        }
        pointer.deallocate()
    }
}
