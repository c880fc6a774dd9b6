import Synchronization

/// A script line's drawing, held back until the next line's request is on its way, so that it is
/// drawn while the market answers rather than between one answer and the next request.
///
/// A script of `show` lines waits for one answer after another on one thread: whatever a line does
/// after its answer and before the next request is sent adds to the whole run. Drawing a product
/// is most of that. Held, it is drawn by the transport once the next request is sent
/// (`RequestNotes.whileAwaiting`), on the thread that then only waits: 1,000 `show` lines took
/// about 25 ms less (20 interleaved pairs of `openmarket run`, scripts/bench-scripts' setup).
///
/// Nothing is ever reordered or lost: the session's console draws what is held before it writes,
/// asks or pages anything else (`MaskingConsole`), and a script's run draws it before it ends.
/// The runner holds a line's drawing only when its next line sends a request at once (see
/// `ScriptRuntime.holdsOutput`), so it is never late by more than the time to parse that line.
public final class HeldOutput: Sendable {
    private let held = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Holds `draw` until `drawHeld()`; what was held before is drawn first.
    public func hold(_ draw: @escaping @Sendable () -> Void) {
        drawHeld()
        held.withLock { $0 = draw }
    }

    /// Draws what is held, if anything, once: whichever thread takes it draws it.
    public func drawHeld() {
        let draw = held.withLock { held -> (@Sendable () -> Void)? in
            defer { held = nil }
            return held
        }
        draw?()
    }

    /// Whether something waits to be drawn.
    public var isHolding: Bool { held.withLock { $0 != nil } }
}
