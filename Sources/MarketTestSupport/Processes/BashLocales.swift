import Foundation

/// Locales in which bash reads bytes differently from UTF-8, built once per process into a
/// temporary folder with `localedef` (Debian's `locales` has the charmaps; scripts/test installs
/// it). In GBK a byte from 0x81 to 0xFE followed by `\` is one character: a quoting that puts
/// UTF-8 text before a backslash escape loses the escape there.
public enum BashLocales {
    /// `LOCPATH` and `LC_ALL` for zh_CN.GBK, or nil when `localedef` cannot build it.
    public static let gbk: [String: String]? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-locales-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        process.arguments = ["-i", "zh_CN", "-f", "GBK", folder.appendingPathComponent("zh_CN.GBK").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return ["LOCPATH": folder.path, "LC_ALL": "zh_CN.GBK"]
    }()
}
