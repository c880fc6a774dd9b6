import Foundation

/// The kernel's count of the bytes reads have returned (`rchar` in `/proc/…/io`): how a test
/// tells that a file was not read, without timing it.
public enum BytesRead {
    /// The calling thread's reads: exact for synchronous code, which stays on its thread.
    public static func byThisThread() -> Int? { count(in: "/proc/thread-self/io") }

    /// The whole process's reads, other tests' running beside it included: for a bound far
    /// above what they read (a whole file of gigabytes), when the reads may be on any thread.
    public static func byThisProcess() -> Int? { count(in: "/proc/self/io") }

    private static func count(in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
        return line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
    }
}
