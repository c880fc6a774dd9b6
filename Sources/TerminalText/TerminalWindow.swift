#if canImport(Glibc)
import Glibc
#endif

/// The size of the terminal a descriptor is, in cells and (when the terminal says) pixels: the
/// one place the program asks (the pager's rows, the width notes and help fold to, the photos'
/// cards and cells).
public struct TerminalWindow: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// The window in pixels, when the terminal reports it (0 otherwise).
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// The window of the terminal on `descriptor` (standard output by default); nil when it is not
    /// a terminal or does not say its size.
    public static func of(_ descriptor: Int32 = STDOUT_FILENO) -> TerminalWindow? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalWindow(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }
}
