import Foundation
import MarketTestSupport
import Synchronization
import Testing

@testable import SellerShell

/// A script line's drawing held for the next line's request (`HeldOutput`): drawn once, never
/// after anything written later, whoever draws it.
@Suite("Held output is drawn once and in order")
struct HeldOutputTests {
    @Test func whatIsHeldIsDrawnOnceWhicheverThreadTakesIt() async {
        let held = HeldOutput()
        let drawn = Mutex(0)
        held.hold { drawn.withLock { $0 += 1 } }
        #expect(held.isHolding)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 { group.addTask { held.drawHeld() } }
        }
        #expect(drawn.withLock { $0 } == 1)
        #expect(!held.isHolding)
        held.drawHeld()
        #expect(drawn.withLock { $0 } == 1)
    }

    @Test func holdingAnotherDrawsTheOneHeldBeforeIt() {
        let held = HeldOutput()
        let drawn = Mutex<[String]>([])
        held.hold { drawn.withLock { $0.append("first") } }
        held.hold { drawn.withLock { $0.append("second") } }
        #expect(drawn.withLock { $0 } == ["first"])
        held.drawHeld()
        #expect(drawn.withLock { $0 } == ["first", "second"])
    }

    @Test func theSessionsConsoleDrawsWhatIsHeldBeforeWritingNotingAskingOrPaging() {
        let recorded = RecordingConsole(answers: ["y"])
        let console = MaskingConsole(wrapping: recorded, secrets: SessionSecrets())
        console.held.hold { console.write("line 1's product") }
        #expect(recorded.transcript.isEmpty)
        console.note("line 2 failed")
        console.held.hold { console.write("line 3's product") }
        #expect(recorded.outputs == ["line 1's product"])
        #expect(console.ask("sure?") == "y")
        #expect(recorded.outputs == ["line 1's product", "line 3's product"])
        console.held.hold { console.write("line 4's product") }
        console.page("line 5's table")
        #expect(
            recorded.transcript.split(separator: "\n") == [
                "line 1's product", "line 2 failed", "line 3's product", "line 4's product", "line 5's table",
            ])
    }
}
