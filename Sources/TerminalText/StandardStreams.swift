#if canImport(Glibc)
import Glibc
#endif

/// Writes text to standard output or standard error with `write(2)`, whole, and ends the program
/// as any filter ends when the reader of its pipe has gone (`openmarket run FILE | head -1`).
///
/// Written by hand rather than with `FileHandle.write(_:)`, which traps (`try!`) on any write
/// error: SIGPIPE is ignored in this process (SwiftNIO ignores it for its sockets), so a closed
/// pipe came back as EPIPE and the shell died with "Fatal error" and a 17-second backtrace. It also
/// made a `Data` of every text, on every line a script prints.
public enum StandardStreams {
    /// `text` on `descriptor` (standard output unless told), all of it: a short write goes on
    /// from where it stopped, an interrupted one is retried, a non-blocking descriptor is waited
    /// for. A closed pipe ends the program as SIGPIPE would; any other failure (a full disk
    /// behind `> file`) ends it with one line on standard error, status 1: going on would run
    /// the rest of a script with its output lost.
    public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Glibc.write(descriptor, next, left)
                if written > 0 {
                    next += written
                    left -= written
                    continue
                }
                let failure = written < 0 ? errno : EIO
                switch failure {
                case EINTR: continue
                case EAGAIN:
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                case EPIPE: endAsClosedPipe()
                default: endAfterFailing(descriptor, errno: failure)
                }
            }
        }
    }

    /// The name the program was started by (`openmarket`, `openmarket-server`), as a Unix tool
    /// names itself in its errors.
    private static var programName: String {
        CommandLine.arguments.first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? "openmarket"
    }

    /// What a killed filter does: SIGPIPE with its default action (status 141 in a shell).
    private static func endAsClosedPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    private static func endAfterFailing(_ descriptor: Int32, errno code: Int32) -> Never {
        // A question waiting for one key (`run --step`, the pause of a long answer) has the
        // terminal without echo, line editing or Ctrl-C while it prompts: a shell does not mend a
        // terminal after a program that exits, so it is given them back here.
        var mode = termios()
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &mode) == 0 {
            mode.c_lflag |= tcflag_t(ICANON | ECHO | ISIG)
            tcsetattr(STDIN_FILENO, TCSANOW, &mode)
        }
        let stream = descriptor == STDERR_FILENO ? "standard error" : "standard output"
        var line = "\(programName): cannot write to \(stream): \(String(cString: strerror(code)))\n"
        // Said once, and not on the stream that failed.
        if descriptor != STDERR_FILENO { line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) } }
        _exit(1)
    }
}
