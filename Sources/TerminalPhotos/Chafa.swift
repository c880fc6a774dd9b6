import CChafaLoader
import Foundation
import MarketImages

/// The libchafa calls TerminalPhotos makes (see `CChafaLoader.h`): chafa is opened at first use,
/// so a shell on a machine without it still runs and says how to get it.
enum Chafa {
    /// A `static let` initialiser runs exactly once, thread-safely, on first use.
    static let available: Bool = mc_start() == 0

    /// One line: why nothing is drawn, and how to fix it.
    static let missing =
        "photos are not drawn: the drawing library libchafa is not installed (on Debian or Ubuntu: sudo apt-get install libchafa0)"

    struct Capabilities: OptionSet, Sendable {
        let rawValue: UInt32
        static let sixels = Capabilities(rawValue: MC_HAS_SIXELS)
        static let kitty = Capabilities(rawValue: MC_HAS_KITTY)
        static let iterm2 = Capabilities(rawValue: MC_HAS_ITERM2)
        static let truecolor = Capabilities(rawValue: MC_HAS_TRUECOLOR)
        static let colours256 = Capabilities(rawValue: MC_HAS_256)
    }

    /// What chafa's terminal database says the terminal `environment` describes can draw
    /// (`TERM`, `COLORTERM`, `KITTY_WINDOW_ID`, `TERM_PROGRAM`, `VTE_VERSION`, …).
    static func detect(_ environment: [String: String]) -> Capabilities {
        guard available else { return [] }
        return withEnvironment(environment) { Capabilities(rawValue: mc_detect($0)) }
    }

    /// `pixels` drawn into `columns` × `rows` cells; nil when chafa could not.
    static func draw(
        _ pixels: Pixels, mode: Int32, truecolor: Bool, columns: Int, rows: Int, cell: (width: Int, height: Int),
        environment: [String: String]
    ) -> String? {
        guard available, pixels.bytes.count == pixels.width * pixels.height * pixels.bands else { return nil }
        return withEnvironment(environment) { envp in
            pixels.bytes.withUnsafeBufferPointer { bytes -> String? in
                guard
                    let text = mc_draw(
                        envp, mode, truecolor ? 1 : 0, bytes.baseAddress, Int32(pixels.width), Int32(pixels.height),
                        Int32(pixels.bands), Int32(columns), Int32(rows), Int32(cell.width), Int32(cell.height))
                else { return nil }
                defer { mc_free(text) }
                return String(cString: text)
            }
        }
    }

    /// `environment` as the NULL-terminated `NAME=value` array C takes, alive during `body`.
    private static func withEnvironment<T>(
        _ environment: [String: String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T
    ) -> T {
        let strings = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { strings.forEach { free($0) } }
        var array: [UnsafeMutablePointer<CChar>?] = strings + [nil]
        return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
