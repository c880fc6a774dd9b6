import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract
import SystemPackage

/// The photos of a `register`, read from disk and made to fit: `~` and globs expanded, the
/// count checked (before a byte of any photo is read: six photos are refused at once, not after
/// shrinking five), every file loaded, an oversized JPEG or PNG shrunk under the upload limit
/// (unless resizing is off). A source photo is read only when it is a regular file of at most
/// `LocalFile.maxPhotoSourceBytes` (50 MiB). Problems are collected, not thrown, so every one is listed before
/// anything is sent.
package struct ImagePreparation {
    var images: [UploadImage] = []
    /// Where each of `images` came from (for the exchange log and its exports), in order.
    var sources: [PhotoSource] = []
    var problems: [RuleViolation] = []
    /// What was done to a photo (`rocket.jpg: 3.0 MB 4032×3024 → 190 KB 1600×1200`).
    var notes: [String] = []

    /// The photos, read from anywhere (relative paths from `base`).
    init(_ patterns: [Word], resize: Bool, relativeTo base: String?) {
        self.init(patterns, resize: resize, paths: LocalPaths(base: base))
    }

    init(_ patterns: [Word], resize: Bool, paths files: LocalPaths) {
        let paths = expand(patterns, files: files)
        // A photo refused (outside the allowed folder) is the one problem said: not also a count.
        guard problems.isEmpty else { return }
        if let count = UploadRules.checkCount(paths.count) {
            problems.append(count)
            return
        }
        for (index, path) in paths.enumerated() {
            let name = TextLayout.visible((path as NSString).lastPathComponent)
            load(path, label: "image \(index + 1) (\(name))", resize: resize)
        }
    }

    /// The files the patterns name, each one the context lets be read (an untrusted script:
    /// only its own folder); the others are problems.
    private mutating func expand(_ patterns: [Word], files: LocalPaths) -> [String] {
        let (paths, problems) = Self.files(patterns, in: files)
        self.problems += problems
        return paths
    }

    /// The files `image=` patterns name (`~` and globs expanded), each one `files` lets be read,
    /// and what is wrong with the others: the one reading that `register` and a script's check share.
    package static func files(_ patterns: [Word], in files: LocalPaths) -> (paths: [String], problems: [RuleViolation]) {
        var paths: [String] = []
        var problems: [RuleViolation] = []
        for pattern in patterns {
            let expanded = files.absolute(pattern.text)
            var matches = [expanded]
            if !pattern.wasQuoted, PathExpansion.hasGlob(expanded) {
                do { matches = try PathExpansion.glob(expanded) } catch {
                    problems.append(RuleViolation("image \(pattern.text)", .cannotUseFile("\(error)")))
                    continue
                }
                if matches.isEmpty { problems.append(RuleViolation("image \(pattern.text)", .noFileMatches)) }
            }
            for match in matches {
                do { paths.append(try files.access.readable(match)) } catch {
                    problems.append(RuleViolation("image \(pattern.text)", .cannotUseFile("\(error)")))
                }
            }
        }
        return (paths, problems)
    }

    private mutating func load(_ path: String, label: String, resize: Bool) {
        do throws(ImageProblem) {
            images.append(try UploadImage.load(path: path))
            sources.append(PhotoSource(path: path))
        } catch {
            guard case .tooLarge(_, let format) = error.kind, resize, format != .gif else {
                var rule = error.rule
                if case .tooLarge(let bytes, let format) = error.kind {
                    rule = .notShrunk(bytes: bytes, why: format == .gif ? .gif : .resizeOff)
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
            problems.append(RuleViolation(label, .couldNotShrink("\(error)")))
        }
    }
}

/// `~` and shell-style globs for image paths, through glob(3) so the rules are the shell's own.
public enum PathExpansion {
    /// `~` and `~/…` from `$HOME`, as a shell and completion do (Foundation's own expansion
    /// reads the account's home folder and ignores `$HOME`); `~user` as Foundation does.
    public static func expandTilde(
        _ path: String, environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        // The environment is read only for a path that starts with `~` (reading it copies it all).
        guard path.hasPrefix("~") else { return path }
        guard path == "~" || path.hasPrefix("~/"), let home = environment()["HOME"], !home.isEmpty else {
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

    /// The most folder entries one pattern may look at: a folder of photos has hundreds, and
    /// `/*/*/*/*/*/*/*.png` (which glob(3) walks through the whole file system) stops here.
    package static let globEntryLimit = 20_000

    /// Matches in sorted order, so `sku12-*.jpg` uploads in a predictable order. The rules are
    /// glob(3)'s (`*`, `?`, `[…]` within one component, fnmatch(3); a leading `.` matched only
    /// by a `.`), walked a component at a time with a bound on the entries looked at.
    package static func glob(_ pattern: String, limit: Int = globEntryLimit) throws(AccessRefusal) -> [String] {
        let whole = FilePath(pattern)
        var matches = [whole.root.map { FilePath(root: $0) } ?? FilePath()]
        var visited = 0
        for component in whole.components {
            let part = component.string
            guard hasGlob(part) else {
                matches = matches.map { $0.appending(component) }
                continue
            }
            var next: [FilePath] = []
            for folder in matches {
                guard let directory = opendir(folder.isEmpty ? "." : folder.string) else { continue }
                defer { closedir(directory) }
                while let entry = readdir(directory) {
                    visited += 1
                    if visited > limit { throw AccessRefusal(.globTooWide(pattern: pattern, limit: limit)) }
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name == "." || name == ".." || fnmatch(part, name, FNM_PERIOD) != 0 { continue }
                    next.append(folder.appending(name))
                }
            }
            matches = next
        }
        var info = stat()
        return matches.map(\.string).filter { lstat($0, &info) == 0 }.sorted()
    }
}
