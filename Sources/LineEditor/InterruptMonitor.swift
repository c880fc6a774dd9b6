import CEditLine
import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C into Task cancellation for running commands, and tells whoever listens.
///
/// The C handler counts each SIGINT and writes to a pipe; a dispatch source on that pipe cancels
/// whatever `runCancellable` is running and yields on every stream `presses()` has handed out.
/// Signals are never handled in Swift code, which would not be async-signal-safe, and the
/// signal's thread does not matter (under an async `main` it is the parked main thread, not the
/// one awaiting the command).
public final class InterruptMonitor: Sendable {
    public static let shared = InterruptMonitor()

    private struct State {
        var source: (any DispatchSourceRead)?
        var running: [UInt64: @Sendable () -> Void] = [:]
        var listeners: [UInt64: AsyncStream<Void>.Continuation] = [:]
        var nextID: UInt64 = 0
        /// The SIGINT count the listeners have been told about.
        var published: UInt = 0

        mutating func newID() -> UInt64 {
            nextID += 1
            return nextID
        }
    }

    private let state = Mutex(State())

    private init() {}

    /// Installs the SIGINT handler (sigaction, no SA_RESTART), its self-pipes, and the dispatch
    /// source that cancels running commands. Idempotent. From then on Ctrl-C never ends the
    /// process by itself: while reading it interrupts the read, while a command runs inside
    /// `runCancellable` it cancels that command, and otherwise it is dropped.
    public func install() {
        state.withLock { state in
            guard state.source == nil, cel_sigint_install() == 0 else { return }
            state.published = cel_sigint_count()
            let source = DispatchSource.makeReadSource(
                fileDescriptor: cel_sigint_task_fd(), queue: .global(qos: .userInteractive))
            source.setEventHandler { [weak self] in
                cel_sigint_drain_task_fd()
                self?.signalArrived()
            }
            source.resume()
            state.source = source
        }
    }

    /// Each Ctrl-C pressed from now on (once `install()` has run), as it arrives: the stream
    /// yields once per press, whoever else it cancels or interrupts, and ends when its reader
    /// stops iterating. Any number of streams may listen at once.
    ///
    /// A press that cancels a `runCancellable` command is yielded before the command's task is
    /// cancelled, so a stream a cancellation handler subscribes to hears only the presses after
    /// it: an import stopped by the first Ctrl-C waits here for the second.
    public func presses() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state in
            let id = state.newID()
            state.listeners[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Runs `op` in a child Task; a Ctrl-C while it runs cancels that Task, and the call returns
    /// or throws what `op` produced (normally `CancellationError` or the op's own cancellation
    /// error). A Ctrl-C pressed after the line was entered but before this call registered the
    /// Task still cancels it: signals are counted, not just observed. Cancelling the calling
    /// task cancels `op` too.
    public func runCancellable<T: Sendable>(_ op: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await op() }
        let cancel: @Sendable () -> Void = { task.cancel() }
        let (id, alreadyInterrupted) = state.withLock { state in
            let id = state.newID()
            state.running[id] = cancel
            return (id, cel_is_reading() == 0 && cel_sigint_take() != 0)
        }
        defer { state.withLock { _ = $0.running.removeValue(forKey: id) } }
        if alreadyInterrupted {
            cel_tty_break_after_interrupt()
            task.cancel()
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Acts as if Ctrl-C were pressed (for a program that stops on another signal as it does on
    /// Ctrl-C); needs `install()`.
    public func simulatePress() { cel_sigint_simulate() }

    /// Whether `signal` is ignored now (as `nohup` leaves SIGHUP).
    public static func isIgnored(_ signal: Int32) -> Bool { cel_signal_is_ignored(signal) != 0 }

    /// Takes a Ctrl-C pressed while nothing ran and nothing read (it would cancel the next
    /// `runCancellable` at once): true when there was one. For a run of several commands that
    /// stops between them.
    public func takePending() -> Bool {
        state.withLock { _ in cel_is_reading() == 0 && cel_sigint_take() != 0 }
    }

    private func signalArrived() {
        let (presses, listeners, cancels) = state.withLock { state in
            let count = cel_sigint_count()
            let presses = Int(count &- state.published)
            state.published = count
            let listeners = Array(state.listeners.values)
            // A reader waiting for input owns the signal; with nothing running it stays counted,
            // for a runCancellable about to register (or for the next read to discard).
            guard !state.running.isEmpty, cel_is_reading() == 0, cel_sigint_take() != 0 else {
                return (presses, listeners, [@Sendable () -> Void]())
            }
            return (presses, listeners, Array(state.running.values))
        }
        // The first press reaches the listeners before it cancels anything, so a listener the
        // cancellation starts does not hear it.
        if presses > 0 {
            for listener in listeners { listener.yield() }
        }
        if !cancels.isEmpty {
            // What the cancelled command prints must come after the kernel's ^C flush, and on a
            // line of its own after the echoed ^C.
            cel_tty_break_after_interrupt()
        }
        for cancel in cancels {
            cancel()
        }
        // Presses that came with it (one wake-up for several signals) come after, as the next
        // ones would.
        guard presses > 1 else { return }
        let everyone = state.withLock { Array($0.listeners.values) }
        for _ in 1..<presses {
            for listener in everyone { listener.yield() }
        }
    }
}
