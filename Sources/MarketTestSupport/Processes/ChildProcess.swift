import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A built program run by a test as a child process, with exactly the arguments, environment
/// and standard input given, bounded in time.
///
/// Its stdout and stderr go to files (never pipes, which a chatty child could fill and block
/// on), its stdin comes from a file or /dev/null (so it is never a terminal). Waiting polls with
/// `Task.sleep`: no Swift concurrency thread is blocked, so a market running in the test's own
/// process keeps answering the child.
///
/// ```swift
/// let home = try TestHome.make()
/// defer { home.remove() }
/// let result = try await ChildProcess.run(
///     BuiltProducts.path(of: "openmarket"), ["-c", "health"], environment: home.environment)
/// #expect(result.status == 0)
/// #expect(result.stdout.contains("answers OK"))
/// ```
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended and what it printed.
    public struct Result: Sendable {
        /// The exit status, or the signal's number when `killedBySignal`.
        public var status: Int32
        public var killedBySignal: Bool
        public var stdout: String
        public var stderr: String
    }

    /// The child did not exit within the time allowed; it was killed.
    public struct TimedOut: Error, CustomStringConvertible {
        public var executable: String
        public var stderr: String
        public var description: String { "\(executable) did not exit in time and was killed; its stderr:\n\(stderr)" }
    }

    public let executable: String
    private let process: Process
    private let folder: URL
    /// The pipe standard input reads when `holdingInput`: its writing end stays open with this.
    private var heldInput: Pipe?
    private var stdoutURL: URL { folder.appendingPathComponent("stdout") }
    private var stderrURL: URL { folder.appendingPathComponent("stderr") }

    /// Starts `executable` and returns at once.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program's name.
    ///   - environment: the child's whole environment (nothing is inherited).
    ///   - input: the child's standard input; nil for /dev/null.
    ///   - workingDirectory: the child's current directory; nil for this process's.
    ///   - holdingInput: a pipe as standard input instead, held open by this object until it goes
    ///     (a server that serves until its input ends, as an MCP client starts one).
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:], input: String? = nil,
        workingDirectory: URL? = nil, holdingInput: Bool = false
    ) throws {
        self.executable = executable
        folder = try Fixtures.temporaryDirectory("child-process")
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("stdout").path, contents: nil)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("stderr").path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
        if holdingInput {
            let pipe = Pipe()
            heldInput = pipe
            process.standardInput = pipe
        } else if let input {
            let inputURL = folder.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `executable` to its end and returns how it ended; `TimedOut` (after killing it)
    /// when it takes longer than `timeout`.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:], input: String? = nil,
        workingDirectory: URL? = nil, timeout: Duration = .seconds(600)
    ) async throws -> Result {
        let child = try ChildProcess(
            executable, arguments, environment: environment, input: input, workingDirectory: workingDirectory)
        return try await child.waitForExit(timeout: timeout)
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// What the child has printed on stdout so far.
    public var stdoutSoFar: String { Self.read(stdoutURL) }

    /// What the child has printed on stderr so far.
    public var stderrSoFar: String { Self.read(stderrURL) }

    /// Sends SIGKILL; false when the child had already exited.
    @discardableResult
    public func kill() -> Bool {
        guard process.isRunning else { return false }
        return Glibc.kill(process.processIdentifier, SIGKILL) == 0
    }

    /// Waits for the child to exit (killing it after `timeout`) and returns how it ended.
    public func waitForExit(timeout: Duration = .seconds(600)) async throws -> Result {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now >= deadline {
                kill()
                await Self.reap(process)
                throw TimedOut(executable: executable, stderr: Self.read(stderrURL))
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        await Self.reap(process)
        return Result(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
            stdout: Self.read(stdoutURL), stderr: Self.read(stderrURL))
    }

    /// `waitUntilExit` on a Dispatch thread: it may block briefly after the child is gone.
    private static func reap(_ process: Process) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }

    private static func read(_ url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}

/// Runs blocking work (a pseudo-terminal's reads, `poll`, `waitpid`) on a Dispatch thread and
/// awaits it, so it never holds one of the few Swift concurrency threads that an in-process
/// market needs in order to answer.
///
/// ```swift
/// let session = try await blocking { try PTYSession(executable: BuiltProducts.path(of: "openmarket")) }
/// try await blocking { try session.expect("> ", timeout: .seconds(60)) }
/// ```
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
