import Foundation

/// Finds executables SwiftPM built, for tests that start them.
public enum BuiltProducts {
    /// The path of the product `name` (e.g. "line-editor-demo") in the build folder the running
    /// tests came from: `.build/debug`, `.build-editor/debug`,
    /// `.build/x86_64-unknown-linux-gnu/debug`, whichever scratch path was used. When it is not
    /// there, a best guess under the package's `.build`, so the failure names a real place.
    public static func path(of name: String) -> String {
        var starts: [URL] = []
        if let first = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: first).resolvingSymlinksInPath())
        }
        if let executable = Bundle.main.executablePath {
            starts.append(URL(fileURLWithPath: executable).resolvingSymlinksInPath())
        }
        starts.append(Bundle.main.bundleURL)
        for start in starts {
            var folder = start.deletingLastPathComponent()
            // The products folder is the test bundle's own folder or an ancestor (macOS nests
            // the binary inside X.xctest/Contents/MacOS); the package root is as far as it goes.
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent(name).path
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    break
                }
                folder.deleteLastPathComponent()
            }
        }
        var packageRoot = URL(fileURLWithPath: #filePath)
        while packageRoot.path != "/" {
            packageRoot.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Package.swift").path) {
                break
            }
        }
        return packageRoot.appendingPathComponent(".build/debug").appendingPathComponent(name).path
    }
}
