import Foundation
import OpenMarketAPI
import OpenMarketContract

/// One change a command made to one product, as the command saw it: the product before and
/// after (the server's documents), carried in `CommandOutcome.changes` for the change log
/// (`ChangeLogMiddleware`) to keep, so that `undo` can take it back.
public struct ProductChange: Sendable {
    /// What kind of change it was: what `undo` does differs by kind.
    public enum Kind: String, Sendable, Codable {
        /// A new product (`register`, `POST /api/products`, an import's new row).
        case created
        /// Fields changed (`patch`, `edit`, `PATCH /api/products/ID`, an import's changed row).
        case edited
        /// The stock adjusted by an amount (`stock ID +N`): undone by the inverse amount.
        case stock
        /// The product deleted (`delete`, `DELETE /api/products/…`).
        case deleted
    }

    public var kind: Kind
    /// Nil for a product just created.
    public var before: Product?
    /// Nil for a product just deleted.
    public var after: Product?
    /// The `ETag` the server gave the product after the change, when it gives them.
    public var etag: String?
    /// The product's photos, read before a delete (so it can come back with them).
    public var photos: [SavedPhoto]
    /// Why photos are missing when a delete could not save them (shown by `undo`).
    public var photoProblem: String?

    public init(
        _ kind: Kind, before: Product?, after: Product?, etag: String? = nil, photos: [SavedPhoto] = [],
        photoProblem: String? = nil
    ) {
        self.kind = kind
        self.before = before
        self.after = after
        self.etag = etag
        self.photos = photos
        self.photoProblem = photoProblem
    }

    /// The product's id (before a delete, after anything else).
    public var productID: Int { after?.id ?? before?.id ?? 0 }
}

/// A photo of a product, as read from the market (the original, not the thumbnail).
public struct SavedPhoto: Sendable, Equatable {
    public var filename: String
    public var data: Data

    public init(filename: String, data: Data) {
        self.filename = filename
        self.data = data
    }
}

/// What the change log tells the commands of one run (`CommandContext.changes`): the log of this
/// server and vendor, whether the run's changes are kept (not in a dry run, nor while `undo`
/// takes one back), and the batch they belong to (an import's rows).
public struct ChangeKeeping: Sendable {
    /// The log of the session's server and vendor; nil when not logged in (nothing can change).
    public var log: ChangeLog?
    /// Whether commands read what the log needs (the product before a patch, photos before a
    /// delete) and report their changes.
    public var keeps: Bool
    /// The batch the changes belong to (one `import`): undone together.
    public var batch: ChangeBatch?
    /// This shell session, as the log names it.
    public var session: String
    /// Where the change logs of every server and login are (a login's own tells its vendor).
    public var folder: URL?

    public init(log: ChangeLog?, keeps: Bool, batch: ChangeBatch? = nil, session: String, folder: URL? = nil) {
        self.folder = folder
        self.log = log
        self.keeps = keeps
        self.batch = batch
        self.session = session
    }
}

/// Changes undone together: the rows of one import.
public struct ChangeBatch: Sendable, Codable, Equatable {
    public var id: String
    /// What made it (`import catalog.csv`).
    public var label: String

    public init(label: String) {
        self.init(id: UUID().uuidString, label: label)
    }

    /// A batch made before: a resumed import adds to the one its interrupted run began.
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

extension ChangeKeeping {
    /// Keeps `changes` at once, for a command that fails after changing some products (`delete
    /// 3 4 5` with 4 refused), whose outcome never reaches the middleware.
    func recordNow(_ changes: [ProductChange], command: String, in context: CommandContext) {
        guard keeps, let log, !changes.isEmpty else { return }
        let line = context.records.secrets.masked(command)
        if (try? log.record(changes, command: line, session: session, batch: batch)) == nil {
            context.console.warn(ChangeLogMessage.cannotBeWritten.text)
        }
    }
}

extension CommandContext {
    /// Whether the change log wants this run's changes (and so their before-images).
    public var keepsChanges: Bool { changes?.keeps ?? false }

    /// The product's photos, read for the change log before it is deleted; what could not be
    /// read is said in `problem` (the delete goes ahead: it was asked for).
    func photosBeforeDelete(of product: Product) async -> (photos: [SavedPhoto], problem: String?) {
        var photos: [SavedPhoto] = []
        for (index, image) in (product.images ?? []).enumerated() {
            do {
                let read = try await client.downloadImage(image.url, maxBytes: ResponseLimits.productPhoto)
                let name = read.url.lastPathComponent.isEmpty ? "photo-\(index + 1)" : read.url.lastPathComponent
                photos.append(SavedPhoto(filename: name, data: read.data))
            } catch {
                return (photos, ChangeLogMessage.photoUnreadable(index: index + 1, id: product.id, reason: "\(error)").text)
            }
        }
        return (photos, nil)
    }
}
