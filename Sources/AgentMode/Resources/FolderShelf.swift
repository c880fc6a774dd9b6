import CatalogFiles
import Foundation
import MCP
import MarketImages
import OpenMarketContract
import SellerShell
import SystemPackage

/// The files under `--folder`, as resources, so a model with no file access of its own can do
/// `register_photos`:
/// - `openmarket://folder`: every photo (its format, pixel size and bytes) and every sheet an
///   import reads (CSV, JSON Lines, JSON), as JSON, each with the path a tool takes and the URI
///   that shows it;
/// - `openmarket://folder/PATH`: a photo shown to the model as an image, shrunk to at most
///   `previewSide` pixels a side and `previewBytes` bytes.
/// Each path is checked by the server's access policy (links resolved) before it is opened:
/// nothing outside the folder is listed, shown or even looked at.
public struct FolderShelf: Sendable {
    /// The folder (its real path).
    public let folder: FilePath
    /// The server's access policy, which every file shown passes.
    let access: AccessPolicy

    public static let uri = "openmarket://folder"
    static let prefix = "openmarket://folder/"
    /// The most files listed, and the most folder entries looked at to find them.
    static let maxListed = 500
    static let maxVisited = 20_000
    /// A photo shown to the model: its longest side, and its bytes at most.
    static let previewSide = 1024
    static let previewBytes = 1024 * 1024

    public init(folder: FilePath, access: AccessPolicy) {
        self.folder = folder
        self.access = access
    }

    /// The listing's resource.
    var resource: Resource {
        Resource(
            name: "folder", uri: Self.uri, title: ResourceMessage.folderTitle.text,
            description: ResourceMessage.folderAbout(folder: folder.string).text, mimeType: "application/json")
    }

    /// `openmarket://folder` or a photo under it; nil for another URI.
    func read(_ uri: String) throws(AgentFailure) -> [Resource.Content]? {
        if uri == Self.uri { return [.text(listing(), uri: uri, mimeType: "application/json")] }
        guard uri.hasPrefix(Self.prefix) else { return nil }
        return [try photo(uri)]
    }

    // MARK: The listing

    /// The photos and sheets under the folder, as JSON (hidden files and links left out).
    func listing() -> String {
        var files: [Value] = []
        var omitted = 0
        for relative in walk() {
            guard let entry = entry(relative) else { continue }
            if files.count < Self.maxListed { files.append(entry) } else { omitted += 1 }
        }
        var object: [String: Value] = [
            "folder": .string(folder.string), "files": .array(files),
            "note": .string(ResourceMessage.folderNote.text),
        ]
        if omitted > 0 { object["omitted"] = .int(omitted) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Value.object(object))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The regular files under the folder, relative to it, sorted; links and hidden files left out.
    func walk() -> [String] {
        let root = URL(fileURLWithPath: folder.string, isDirectory: true)
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var found: [String] = []
        var visited = 0
        let base = root.standardizedFileURL.path
        while let url = walker.nextObject() as? URL, visited < Self.maxVisited {
            visited += 1
            let values = try? url.resourceValues(forKeys: Set(keys))
            guard values?.isSymbolicLink != true, values?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            found.append(String(path.dropFirst(base.count + 1)))
        }
        return found.sorted()
    }

    /// One file's entry: a photo with its format, pixels and bytes; a sheet with its bytes; nil
    /// for anything else.
    func entry(_ relative: String) -> Value? {
        let path = folder.appending(relative).string
        guard let readable = try? access.readable(path) else { return nil }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: readable)[.size] as? Int) ?? 0
        var fields: [String: Value] = ["path": .string(relative), "bytes": .int(bytes)]
        if CatalogFormat(path: relative) != nil {
            fields["kind"] = .string("sheet")
            return .object(fields)
        }
        guard Self.photoExtensions.contains((relative as NSString).pathExtension.lowercased()) else { return nil }
        fields["kind"] = .string("photo")
        fields["uri"] = .string(Self.prefix + Self.escaped(relative))
        if let data = try? LocalFile.read(readable, limit: LocalFile.maxPhotoSourceBytes, what: "a photo"),
            let info = try? MarketImages.info(of: data)
        {
            fields["format"] = .string(info.format.rawValue)
            fields["width"] = .int(info.width)
            fields["height"] = .int(info.height)
        } else {
            fields["problem"] = .string(ResourceMessage.photoUnreadable.text)
        }
        return .object(fields)
    }

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "gif"]

    // MARK: A photo

    /// The photo `uri` names, shrunk for the model; refused outside the folder (by the access
    /// policy, before it is opened) and when it is not a photo.
    func photo(_ uri: String) throws(AgentFailure) -> Resource.Content {
        let shown = AgentText.cut(uri, at: 200)
        let parts = uri.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        let components = parts.map { String($0).removingPercentEncoding }
        guard !components.isEmpty, components.allSatisfy({ $0 != nil && $0 != "" }) else {
            throw AgentFailure(ResourceMessage.unknownResource(uri: shown))
        }
        // An absolute path inside the folder is taken as the tools take it (the access rule confines it).
        let joined = components.compactMap { $0 }.joined(separator: "/")
        let path = joined.hasPrefix("/") ? joined : folder.appending(joined).string
        let readable: String
        do { readable = try access.readable(path) } catch {
            throw AgentFailure(ResourceMessage.refused(uri: shown, reason: error.description))
        }
        guard FileManager.default.fileExists(atPath: readable) else {
            throw AgentFailure(ResourceMessage.noSuchFile(uri: shown))
        }
        do {
            let data = try LocalFile.read(readable, limit: LocalFile.maxPhotoSourceBytes, what: "a photo")
            var image = try MarketImages.thumbnail(of: data, maxSide: Self.previewSide)
            if image.data.count > Self.previewBytes {
                image = try MarketImages.thumbnail(of: data, maxSide: Self.previewSide / 2)
            }
            guard image.data.count <= Self.previewBytes else {
                throw AgentFailure(ResourceMessage.tooLarge(uri: shown, bytes: image.data.count, limit: Self.previewBytes))
            }
            return .binary(image.data, uri: uri, mimeType: image.info.format.mimeType)
        } catch let failure as AgentFailure {
            throw failure
        } catch {
            throw AgentFailure(ResourceMessage.notAPhoto(uri: shown))
        }
    }

    /// A relative path as a URI's tail: each component percent-encoded (`AgentResources.escaped`).
    static func escaped(_ relative: String) -> String {
        relative.split(separator: "/").map { AgentResources.escaped(String($0)) }.joined(separator: "/")
    }
}
