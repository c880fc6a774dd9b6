import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract

/// The photos of a `register`, read from disk and made to fit: `~` and globs expanded, the
/// count checked (before a byte of any photo is read: six photos are refused at once, not after
/// shrinking five), every file loaded, an oversized JPEG or PNG shrunk under the upload limit
/// (unless resizing is off). A source photo is read only when it is a regular file of at most
/// `LocalFile.maxPhotoSourceBytes` (50 MiB). Problems are collected, not thrown, so every one is listed before
/// anything is sent.
struct ImagePreparation {
    var images: [UploadImage] = []
    /// Where each of `images` came from (for the exchange log and its exports), in order.
    var sources: [PhotoSource] = []
    var problems: [RuleViolation] = []
    /// What was done to a photo (`rocket.jpg: 3.0 MB 4032×3024 → 190 KB 1600×1200`).
    var notes: [String] = []

    init(_ patterns: [Word], resize: Bool, relativeTo base: String?) {
        let paths = expand(patterns, base: base)
        if let count = UploadRules.checkCount(paths.count) {
            problems.append(count)
            return
        }
        for (index, path) in paths.enumerated() {
            let name = TextLayout.visible((path as NSString).lastPathComponent)
            load(path, label: "image \(index + 1) (\(name))", resize: resize)
        }
    }

    private mutating func expand(_ patterns: [Word], base: String?) -> [String] {
        var paths: [String] = []
        for pattern in patterns {
            let expanded = PathExpansion.resolve(pattern.text, relativeTo: base)
            if !pattern.wasQuoted, PathExpansion.hasGlob(expanded) {
                let matches = PathExpansion.glob(expanded)
                if matches.isEmpty { problems.append(RuleViolation("image \(pattern.text)", "no file matches")) }
                paths += matches
            } else {
                paths.append(expanded)
            }
        }
        return paths
    }

    private mutating func load(_ path: String, label: String, resize: Bool) {
        do throws(ImageProblem) {
            images.append(try UploadImage.load(path: path))
            sources.append(PhotoSource(path: path))
        } catch {
            guard case .tooLarge(_, let format) = error.kind, resize, format != .gif else {
                var rule = error.rule
                if case .tooLarge(_, let format) = error.kind {
                    rule +=
                        format == .gif ? " (GIFs are not shrunk: pick a smaller file)" : " (leave out --no-resize to shrink it)"
                }
                problems.append(RuleViolation(label, rule))
                return
            }
            shrink(path, label: label)
        }
    }

    private mutating func shrink(_ path: String, label: String) {
        do {
            // Bounded as the first read was (`LocalFile.maxPhotoSourceBytes`).
            let data = try LocalFile.read(path, limit: LocalFile.maxPhotoSourceBytes, what: "a photo")
            let fitted = try MarketImages.fit(data, underBytes: UploadRules.maxImageBytes)
            let name = (path as NSString).lastPathComponent
            images.append(try UploadImage(filename: name, data: fitted.image.data))
            sources.append(PhotoSource(path: path, shrunkFromBytes: data.count))
            notes.append("\(name): \(fitted)")
        } catch {
            problems.append(RuleViolation(label, "over 300 KiB and could not be shrunk: \(error)"))
        }
    }
}

/// `~` and shell-style globs for image paths, through glob(3) so the rules are the shell's own.
public enum PathExpansion {
    /// `~` and `~/…` from `$HOME`, as a shell and completion do (Foundation's own expansion
    /// reads the account's home folder and ignores `$HOME`); `~user` as Foundation does.
    public static func expandTilde(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String
    {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
            return (path as NSString).expandingTildeInPath
        }
        return home + path.dropFirst()
    }

    /// A path as typed: `~` expanded, then a relative path taken from `base` when there is one
    /// (a running script's folder), else left relative to the working directory.
    public static func resolve(
        _ path: String, relativeTo base: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let expanded = expandTilde(path, environment: environment)
        guard let base, !expanded.hasPrefix("/") else { return expanded }
        return (base as NSString).appendingPathComponent(expanded)
    }

    package static func hasGlob(_ path: String) -> Bool { path.contains { "*?[".contains($0) } }

    /// Matches in sorted order, so `sku12-*.jpg` uploads in a predictable order.
    package static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }.sorted()
    }
}
