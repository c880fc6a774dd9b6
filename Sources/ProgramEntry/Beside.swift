import CThreadPlacement
import Foundation

/// Work done beside the main thread while it parses the arguments, on a thread started on
/// another core (`CThreadPlacement.h` says why a plain new thread would wait for the main one).
public enum Beside {
    private final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `work` on a new thread on another core when the process may use one, else on a new
    /// thread wherever it lands.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        let failed = ctp_start_beside(
            { context in Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run() }, context)
        guard failed != 0 else { return }
        Unmanaged<Work>.fromOpaque(context).release()
        Thread.detachNewThread(work)
    }
}
