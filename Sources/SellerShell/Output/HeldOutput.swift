import Foundation
import Synchronization

/// A script line's drawing, held back until the next line's request is on its way, so that it is
/// drawn while the market answers rather than between one answer and the next request; and
/// other work of the line that nothing before that request needs (`later(_:)`).
///
/// A script of `show` lines waits for one answer after another on one thread: whatever a line does
/// after its answer and before the next request is sent adds to the whole run. Drawing a product
/// is most of that. Held, it is drawn by the transport once the next request is sent
/// (`RequestNotes.whileAwaiting`), on the thread that then only waits: 1,000 `show` lines took
/// 9.5 ± 4.5 ms less (40 interleaved pairs of `openmarket run`, scripts/bench-scripts' setup).
///
/// Nothing is reordered or lost: the session's console draws what is held before it writes, asks
/// or pages anything else (`MaskingConsole`), a writer on another thread waits for a drawing under
/// way to end, and a script's run draws what is held before it ends. The runner holds a line's
/// drawing only when the next line sends a request at once, the output is no terminal and no
/// progress line is drawn (`ScriptRuntime.holding(_:before:)`).
public final class HeldOutput: Sendable {
    private struct Held {
        var draw: (@Sendable () -> Void)?
        /// Work done after the drawing, in the order it was given (`later(_:)`).
        var chores: [@Sendable () -> Void] = []
    }

    private let held = Mutex(Held())
    /// Taken to draw, and to find nothing to draw: a writer on another thread waits while a
    /// drawing is under way; the drawing's own writes, on its thread, go through.
    private let drawing = NSRecursiveLock()

    public init() {}

    /// Holds `draw` until `drawHeld()`; a drawing held before is drawn first. Work given to
    /// `later(_:)` stays held: it is this line's own (its journal), not yet due.
    public func hold(_ draw: @escaping @Sendable () -> Void) {
        drawing.lock()
        defer { drawing.unlock() }
        let before = held.withLock { held -> (@Sendable () -> Void)? in
            defer { held.draw = nil }
            return held.draw
        }
        before?()
        held.withLock { $0.draw = draw }
    }

    /// Holds `chore`, work of a line that nothing before the next request reads (a script's
    /// journal, written a batch at a time), until `drawHeld()`: done after the drawing, while
    /// the next request is out, or before anything else is written or the run ends.
    public func later(_ chore: @escaping @Sendable () -> Void) {
        held.withLock { $0.chores.append(chore) }
    }

    /// Draws what is held, if anything, once, on the calling thread, then does the work held;
    /// waits for a drawing another thread is making to end.
    public func drawHeld() {
        drawing.lock()
        defer { drawing.unlock() }
        let due = held.withLock { held -> Held in
            defer { held = Held() }
            return held
        }
        due.draw?()
        for chore in due.chores { chore() }
    }

    /// Whether something waits to be drawn or done.
    public var isHolding: Bool { held.withLock { $0.draw != nil || !$0.chores.isEmpty } }
}
