import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization
import TerminalText

/// How `export FILE` runs (its flags).
struct ExportOptions: Sendable, Equatable {
    var format: CatalogFormat?
    /// The whole market, not only this vendor's products.
    var all = false
    var search: String?
    /// Download every product's photos here and write their paths into `images`.
    var imagesFolder: String?
    /// Requests in flight at once.
    var jobs = 4
    /// Replace the file (and photos) when they exist already (`--force`); else they are refused.
    var force = false
}

/// What `export --images` saves from a market at most, so a hostile market cannot fill the disk:
/// 5 photos a product (the contract's most), 512 KiB a photo (`ResponseLimits.productPhoto`),
/// 2 GiB for the whole export.
enum ExportPhotoLimits {
    static let perProduct = UploadRules.imageCount.upperBound
    static let bytesPerPhoto = ResponseLimits.productPhoto
    static let totalBytes = 2 * 1024 * 1024 * 1024
}

/// `export FILE`: this vendor's products (or `--all`) as a catalog file the seller can edit and
/// import again; with `--images DIR` the photos too, so the file moves a catalog to another
/// market. Pages (and photos) are fetched concurrently; the file is written atomically, so a
/// failed export never leaves half a catalog in its place.
struct CatalogExport: Sendable {
    /// The `export` command's context.
    let context: CommandContext
    /// Paths as the seller types them (`~` from the session's `$HOME`).
    let paths: TypedPaths
    /// Shows the pages and photos fetched so far.
    let progress: (any ScriptProgress)?

    func run(_ typed: String, options: ExportOptions) async throws -> CommandOutcome {
        let path = try paths.writable(typed, replacing: options.force, in: context)
        guard let format = options.format ?? CatalogFormat(path: path) else {
            throw CommandFailure.usage(CatalogMessage.exportNeedsFormat(typed).text)
        }
        // Before any request, so a long export does not end in a refusal; the writer refuses
        // again as it finishes, race-free.
        do throws(LocalFileError) {
            try LocalFile.refuseExisting(path, replacing: options.force)
        } catch {
            throw CommandFailure.failed(TerminalText.visible(error.message(shownAs: typed)))
        }
        if !options.all { _ = try context.client.requireCredentials() }
        let products = try await exportedProducts(options)
        var photoCells: [Int: String] = [:]
        var photoCount = 0
        var photosOf: [Int: [ProductImage]] = [:]
        var digestsOf: [Int: [String]] = [:]
        // An export that does not finish (Ctrl-C, a photo refused, the file not written) takes
        // away the photos it saved: they would only refuse the next try's (`exists already`).
        let saved = SavedFiles()
        do {
            if let folder = options.imagesFolder {
                (photoCells, photoCount, photosOf, digestsOf) = try await downloadPhotos(
                    of: products, into: try paths.writable(folder, replacing: options.force, in: context), catalog: path,
                    jobs: options.jobs, replacing: options.force, saved: saved, client: context.client)
            }
            try write(products, to: path, shownAs: typed, format: format, options: options) { product in
                (photosOf[product.id], photoCells[product.id], digestsOf[product.id] ?? [])
            }
        } catch {
            if let folder = options.imagesFolder, let removed = saved.removeAll(), removed > 0 {
                context.console.note(CatalogMessage.exportPhotosRemoved(count: removed, folder: folder).text)
            }
            throw error
        }
        let exported = CatalogMessage.exported(
            count: products.count, file: typed, photos: options.imagesFolder.map { _ in photoCount },
            folder: options.imagesFolder)
        return CommandOutcome([.summary(exported.text)])
    }

    /// The catalog file, written atomically; `photos` gives each product's photos, its `images`
    /// cell and their digests.
    private func write(
        _ products: [Product], to path: String, shownAs typed: String, format: CatalogFormat, options: ExportOptions,
        photos: (Product) -> ([ProductImage]?, String?, [String])
    ) throws {
        do {
            let writer = try CatalogWriter(path: path, format: format, replacing: options.force)
            for var product in products {
                // With its photos (the list carries none), the thumbnail cell names the chosen one;
                // the revision cell keeps each photo's content digest, so an import of this file
                // knows the photos for the product's own without downloading them.
                let (images, cell, digests) = photos(product)
                if let images { product.images = images }
                try writer.write(product, images: cell, photoDigests: digests)
            }
            try writer.finish()
        } catch {
            throw CommandFailure.failed(TerminalText.visible("\(typed): \(error.message)"))
        }
    }

    /// Every page at once (at most `jobs` in flight), this vendor's products unless `--all`, by id.
    private func exportedProducts(_ options: ExportOptions) async throws -> [Product] {
        var vendorID: Int?
        if !options.all {
            vendorID = try await context.ownVendorID()
            guard vendorID != nil else { throw VendorIDSource.unknown("export", otherwise: "--all") }
        }
        var products = try await context.client.allProducts(
            perPage: 100, search: options.search, concurrency: options.jobs
        ) { done, total in
            progress?.show(CatalogMessage.pagesRead(done: done, total: total).text)
        }.products
        progress?.finish()
        if let vendorID { products = products.filter { ($0.vendorID ?? $0.vendor?.id) == vendorID } }
        return products.sorted { $0.id < $1.id }
    }

    /// Each product's photos saved as `ID-N.EXT` in `folder`; the `images` cell of each product
    /// (paths relative to the catalog's folder, `;` between), the number of photos saved, each
    /// product's photos, and their content digests (`RowRevision.photoDigest`).
    private func downloadPhotos(
        of products: [Product], into folder: String, catalog: String, jobs: Int, replacing: Bool, saved files: SavedFiles,
        client: MarketClient
    ) async throws -> ([Int: String], Int, [Int: [ProductImage]], [Int: [String]]) {
        do {
            if !FileManager.default.fileExists(atPath: folder) { files.folderMade(folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.failed(
                CatalogMessage.imagesFolderFailed(folder: folder, why: error.localizedDescription).text)
        }
        let prefix = Self.relativePrefix(of: folder, from: catalog)
        var cells: [Int: String] = [:]
        var photosOf: [Int: [ProductImage]] = [:]
        var digestsOf: [Int: [String]] = [:]
        var saved = 0
        var savedBytes = 0
        try await withThrowingTaskGroup(of: (Int, SavedPhotos).self) { group in
            var next = 0
            func add(_ group: inout ThrowingTaskGroup<(Int, SavedPhotos), any Error>) {
                let product = products[next]
                // On the cooperative pool, never on a script's one thread (`HTTPTransport.taskExecutor`):
                // products' photos are saved side by side.
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    let photos = try await Self.savePhotos(
                        of: product, client: client, folder: folder, replacing: replacing, saved: files)
                    return (product.id, photos)
                }
                next += 1
            }
            while next < min(jobs, products.count) { add(&group) }
            while let (id, photos) = try await group.next() {
                cells[id] = photos.names.map { prefix + $0 }.joined(separator: ";")
                photosOf[id] = photos.images
                digestsOf[id] = photos.digests
                saved += photos.names.count
                savedBytes += photos.bytes
                // Checked as each product ends: at most `jobs` products (5 photos of 512 KiB each) over.
                if savedBytes > ExportPhotoLimits.totalBytes {
                    throw CommandFailure.failed(
                        CatalogMessage.photosOverTotal(
                            saved: ByteCountText.format(savedBytes), limit: ByteCountText.format(ExportPhotoLimits.totalBytes),
                            stoppedAt: id
                        ).text)
                }
                progress?.show(CatalogMessage.photosOf(done: cells.count, total: products.count).text)
                if next < products.count { add(&group) }
            }
        }
        progress?.finish()
        return (cells, saved, photosOf, digestsOf)
    }

    /// One product's photos as saved: the files' names, their bytes in all, the product's
    /// images, and each photo's content digest.
    private struct SavedPhotos: Sendable {
        var names: [String] = []
        var bytes = 0
        var images: [ProductImage] = []
        var digests: [String] = []
    }

    /// One product's photos, read from its detail (the list carries none) and checked to be
    /// images by their bytes before they are written; their names and bytes. More than 5 photos
    /// or one over 512 KiB is refused, naming the product (`ExportPhotoLimits`).
    private static func savePhotos(
        of product: Product, client: MarketClient, folder: String, replacing: Bool, saved files: SavedFiles
    ) async throws -> SavedPhotos {
        let images = try await client.product(id: product.id).value.images ?? []
        if images.count > ExportPhotoLimits.perProduct {
            throw CommandFailure.failed(
                CatalogMessage.tooManyPhotosListed(id: product.id, count: images.count, limit: ExportPhotoLimits.perProduct).text)
        }
        var saved = SavedPhotos(images: images)
        for (index, image) in images.enumerated() {
            let downloaded = try await download(image.url, photo: index + 1, of: product, client: client)
            guard let format = ImageFormat(sniffing: downloaded.data) else {
                throw CommandFailure.failed(
                    CatalogMessage.notAnImage(
                        id: product.id, photo: index + 1, what: ImageFormat.describeUnrecognised(downloaded.data)
                    ).text)
            }
            let name = "\(product.id)-\(index + 1).\(format.fileExtension)"
            let file = (folder as NSString).appendingPathComponent(name)
            // A file replaced (`--force`) had other bytes before: it is not this export's to take away.
            var status = stat()
            let isNew = lstat(file, &status) != 0
            do throws(LocalFileError) {
                try LocalFile.write(downloaded.data, to: file, replacing: replacing)
                if isNew { files.add(file) }
            } catch {
                throw CommandFailure.failed(TerminalText.visible("--images: " + error.message(shownAs: name)))
            }
            saved.names.append(name)
            saved.bytes += downloaded.data.count
            saved.digests.append(RowRevision.photoDigest(downloaded.data))
        }
        return saved
    }

    /// One photo, at most `ExportPhotoLimits.bytesPerPhoto`; an answer too large (or not what an
    /// image answer is) is said with the product it belongs to.
    private static func download(
        _ address: String, photo: Int, of product: Product, client: MarketClient
    ) async throws -> DownloadedImage {
        do {
            return try await client.downloadImage(address, maxBytes: ExportPhotoLimits.bytesPerPhoto)
        } catch {
            if case .unexpectedResponse(let detail) = error {
                throw CommandFailure.failed(TerminalText.visible("#\(product.id): photo \(photo): \(detail)"))
            }
            throw error
        }
    }

    /// How the catalog names files in `folder`: relative to the catalog's own folder when it is
    /// inside it (`photos/`), else absolute.
    static func relativePrefix(of folder: String, from catalog: String) -> String {
        let base = URL(fileURLWithPath: catalog).deletingLastPathComponent().standardizedFileURL.path
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        if target == base { return "" }
        if target.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
            return String(target.dropFirst(base.count).drop { $0 == "/" }) + "/"
        }
        return target + "/"
    }
}

/// The photos an export saved, new files only, and the folder it made: what it takes away when
/// it does not finish. Products' photos are saved side by side, hence the lock.
final class SavedFiles: Sendable {
    private let state = Mutex<(files: [String], folder: String?)>(([], nil))

    func add(_ path: String) { state.withLock { $0.files.append(path) } }

    func folderMade(_ path: String) { state.withLock { $0.folder = path } }

    /// Removes the files (and the folder, when this export made it and nothing else is in it);
    /// how many files were removed, nil when there were none.
    func removeAll() -> Int? {
        let (files, folder) = state.withLock { state in
            defer { state = ([], nil) }
            return (state.files, state.folder)
        }
        guard !files.isEmpty || folder != nil else { return nil }
        let removed = files.filter { unlink($0) == 0 }.count
        if let folder { rmdir(folder) }
        return removed
    }
}
