import Foundation

/// Locales in which bash reads bytes differently from UTF-8, built once per process into a
/// temporary folder with `localedef` (Debian's `locales` has the charmaps; scripts/test installs
/// it). In GBK a byte from 0x81 to 0xFE followed by `\` is one character: a quoting that puts
/// UTF-8 text before a backslash escape loses the escape there.
///
/// ```swift
/// let locale = try #require(await BashLocales.builtGBK(), "localedef could not build zh_CN.GBK")
/// ```
public enum BashLocales {
    /// `LOCPATH` and `LC_ALL` for zh_CN.GBK, or nil when `localedef` cannot build it. Built with
    /// `Process.waitUntilExit()` on the calling thread: for code outside Swift concurrency (a
    /// fuzz target). An async test awaits `builtGBK()`, which blocks no thread of the pool.
    public static let gbk: [String: String]? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: localedef)
        process.arguments = arguments(folder: gbkFolder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return environment(folder: gbkFolder)
    }()

    /// `gbk`, built by a `ChildProcess` (once per process) that the test awaits without holding
    /// a thread of the concurrency pool.
    public static func builtGBK() async -> [String: String]? { await buildingGBK.value }

    private static let buildingGBK = Task<[String: String]?, Never> {
        let folder = URL(fileURLWithPath: gbkFolder.path + "-async")
        guard let built = try? await ChildProcess.run(localedef, arguments(folder: folder), timeout: .seconds(300)),
            built.status == 0, !built.killedBySignal
        else { return nil }
        return environment(folder: folder)
    }

    private static let localedef = "/usr/bin/localedef"

    private static var gbkFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-locales-\(getpid())")
    }

    private static func arguments(folder: URL) -> [String] {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return ["-i", "zh_CN", "-f", "GBK", folder.appendingPathComponent("zh_CN.GBK").path]
    }

    private static func environment(folder: URL) -> [String: String] {
        ["LOCPATH": folder.path, "LC_ALL": "zh_CN.GBK"]
    }
}
