import Foundation
import MarketImages
import OpenMarketContract
import SellerShell

/// The photos a script's line names, checked before the script's first request as `register`
/// would read them: `~` and globs expanded, each file readable where the script may read, and
/// really a JPEG, PNG or GIF, whole (its header and its container's framing, through
/// `MarketImages.info`, without decoding its pixels). Every problem of every photo is listed.
enum PhotoCheck {
    /// Called as each photo is probed, for a test to see where that runs.
    @TaskLocal static var probing: (@Sendable () -> Void)?

    /// The problems of the photos `patterns` name (`image=` values written without a variable).
    static func problems(_ patterns: [Word], resize: Bool, paths: LocalPaths) -> [RuleViolation] {
        // None given: a typed line asks for one; a script's check says one is required (ScriptCheck).
        guard !patterns.isEmpty else { return [] }
        var (files, problems) = ImagePreparation.files(patterns, in: paths)
        if let count = UploadRules.checkCount(files.count), problems.isEmpty { return [count] }
        for (index, path) in files.enumerated() {
            let name = TextLayout.visible((path as NSString).lastPathComponent)
            if let rule = problem(path, resize: resize) { problems.append(RuleViolation("image \(index + 1) (\(name))", rule)) }
        }
        return problems
    }

    /// What is wrong with one photo, nil when `register` (or an import's row) can send it,
    /// shrunk if need be: it exists, is a JPEG, PNG or GIF by its bytes, whole (a JPEG cut
    /// short passes the magic-byte check), and fits under the upload limit or can be shrunk to.
    static func problem(_ path: String, resize: Bool) -> Rule? {
        probing?()
        do throws(ImageProblem) {
            return damage(in: try UploadImage.load(path: path).data).map(Rule.damaged)
        } catch {
            guard case .tooLarge(let bytes, let format) = error.kind else { return error.rule }
            if format == .gif { return .notShrunk(bytes: bytes, why: .gif) }
            if !resize { return .notShrunk(bytes: bytes, why: .resizeOff) }
            guard let source = try? LocalFile.read(path, limit: LocalFile.maxPhotoSourceBytes, what: "a photo") else {
                return .notShrunk(bytes: bytes, why: .unreadable)
            }
            // Too large, and damaged: both, since either alone sends the seller the wrong way.
            return damage(in: source).map { .notShrunk(bytes: bytes, why: .damaged($0)) }
        }
    }

    /// What the header probe and the container walk find wrong with a photo's bytes (cut short,
    /// damaged); nil when it reads, or when libvips is not there to tell.
    static func damage(in data: Data) -> ImageProcessingError? {
        do {
            _ = try MarketImages.info(of: data)
            return nil
        } catch ImageProcessingError.libraryUnavailable {
            return nil
        } catch let error as ImageProcessingError {
            return error
        } catch {
            return nil
        }
    }
}
