import Foundation
import MCP
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

extension AgentServer {
    /// Serves over standard input and output until the client closes its input, then answers
    /// what it still owes and stops. Standard output carries MCP and nothing else: the
    /// messages go to a copy of it, and standard output itself is pointed at standard error,
    /// so anything else printed (a library's line, a stray `print`) lands there.
    ///
    /// - Parameters:
    ///   - secrets: what no message may hold (`SecretGuard`).
    ///   - onMasked: told when the guard had to mask (a bug to report).
    public func serveStandardStreams(
        guarding secrets: SecretGuard, onMasked: (@Sendable (Int) -> Void)? = nil
    )
        async throws
    {
        let output = try Self.reserveStandardOutput()
        // A client gone makes a write fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let stdio = StdioTransport(input: .standardInput, output: output)
        let transport = GuardedTransport(stdio, guarding: secrets, onMasked: onMasked)
        try await start(transport)
        await server.waitUntilCompleted()
        inputEnded()
        await transport.untilAnswered()
        await server.stop()
    }

    /// A copy of standard output for the messages; standard output becomes standard error.
    static func reserveStandardOutput() throws -> FileDescriptor {
        fflush(nil)
        let copy = dup(STDOUT_FILENO)
        guard copy >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { throw Errno(rawValue: errno) }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: copy)
    }
}
