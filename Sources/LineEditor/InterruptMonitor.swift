import CEditLine
import Dispatch
import Foundation

/// Turns Ctrl-C into Task cancellation for running commands.
///
/// The C handler counts each SIGINT and writes to a pipe; a dispatch source on that pipe cancels
/// whatever `runCancellable` is running. Signals are never handled in Swift code, which would not
/// be async-signal-safe, and the signal's thread does not matter (under an async `main` it is the
/// parked main thread, not the one awaiting the command).
///
/// @unchecked Sendable: all mutable state is guarded by `lock`.
public final class InterruptMonitor: @unchecked Sendable {
    public static let shared = InterruptMonitor()

    private let lock = NSLock()
    private var source: (any DispatchSourceRead)?
    private var running: [UInt64: @Sendable () -> Void] = [:]
    private var nextID: UInt64 = 0

    private init() {}

    /// Installs the SIGINT handler (sigaction, no SA_RESTART), its self-pipes, and the dispatch
    /// source that cancels running commands. Idempotent. From then on Ctrl-C never ends the
    /// process by itself: while reading it interrupts the read, while a command runs inside
    /// `runCancellable` it cancels that command, and otherwise it is dropped.
    public func install() {
        lock.withLock {
            guard source == nil, cel_sigint_install() == 0 else { return }
            let source = DispatchSource.makeReadSource(
                fileDescriptor: cel_sigint_task_fd(), queue: .global(qos: .userInteractive))
            source.setEventHandler { [weak self] in
                cel_sigint_drain_task_fd()
                self?.signalArrived()
            }
            source.resume()
            self.source = source
        }
    }

    /// How many SIGINTs the process has received since a handler was first installed.
    public var interruptCount: Int { Int(cel_sigint_count()) }

    /// Runs `op` in a child Task; a Ctrl-C while it runs cancels that Task, and the call returns
    /// or throws what `op` produced (normally `CancellationError` or the op's own cancellation
    /// error). A Ctrl-C pressed after the line was entered but before this call registered the
    /// Task still cancels it: signals are counted, not just observed. Cancelling the calling
    /// task cancels `op` too.
    public func runCancellable<T: Sendable>(_ op: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await op() }
        let cancel: @Sendable () -> Void = { task.cancel() }
        let (id, alreadyInterrupted) = lock.withLock {
            nextID += 1
            running[nextID] = cancel
            return (nextID, cel_is_reading() == 0 && cel_sigint_take() != 0)
        }
        defer { lock.withLock { running[id] = nil } }
        if alreadyInterrupted {
            cel_tty_barrier()
            task.cancel()
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func signalArrived() {
        let cancels: [@Sendable () -> Void] = lock.withLock {
            // A reader waiting for input owns the signal; with nothing running it stays counted,
            // for a runCancellable about to register (or for the next read to discard).
            guard !running.isEmpty, cel_is_reading() == 0, cel_sigint_take() != 0 else { return [] }
            return Array(running.values)
        }
        if !cancels.isEmpty {
            // What the cancelled command prints must come after the kernel's ^C flush.
            cel_tty_barrier()
        }
        for cancel in cancels {
            cancel()
        }
    }
}
