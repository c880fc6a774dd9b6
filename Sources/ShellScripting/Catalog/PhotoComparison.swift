import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Whether a row's photos are its product's own, by content: a market cannot change a product's
/// photos after it is created, so an import says something only when they truly differ.
///
/// Each photo of the row is compared with the product's photo at the same place, the cheapest
/// way that can tell:
///
/// 1. a web address: the product's own address (or its thumbnail's) is the same photo;
/// 2. a file whose content digest is the one the row's revision kept for that photo at export
///    (`export --images`): the same photo, nothing downloaded;
/// 3. else the market's photo is downloaded (at most `maxBytes`, within `timeout`, `jobs` at
///    once) and compared byte for byte;
/// 4. else by picture (``PhotoFingerprint``): the shell shrinks a photo over the upload limit and
///    encodes it again before it sends it, so a re-encoded copy of the same picture is the same
///    photo.
///
/// It never throws: a photo it cannot read (a file gone, a download refused or too slow, bytes
/// that are no image) is `.cannotTell`, for the caller to say once.
struct PhotoComparison: Sendable {
    /// What the comparison found for a row.
    enum Verdict: Sendable, Equatable {
        /// Every photo is the product's own, in its place.
        case same
        /// The places (from 0, in the row's order) whose photo is not the product's: a photo
        /// changed, or one more or one fewer than the product has (a place past the row's last
        /// photo is one the row left out).
        case differ([Int])
        /// Nothing differs that could be read, but the photo at this place could not be read.
        case cannotTell(photo: Int)
    }

    /// One photo of a row: a web address as the cell writes it, or a local file (its path
    /// resolved).
    enum RowPhoto: Sendable, Equatable {
        case address(String)
        case file(String)

        /// An `http://` or `https://` cell is an address; anything else a file's path.
        init(_ text: String) {
            let lower = text.trimmingCharacters(in: .whitespaces).lowercased()
            self = lower.hasPrefix("http://") || lower.hasPrefix("https://") ? .address(text) : .file(text)
        }
    }

    /// The market the products are on.
    let client: MarketClient
    /// The most read of one market photo (the contract's 300 KiB, with room).
    var maxBytes = ResponseLimits.productPhoto
    /// The longest one market photo may take to download.
    var timeout: Duration = .seconds(20)
    /// Photos downloaded at once (``compare(_:)`` compares this many rows at once).
    var jobs = 4

    /// The row's photos (paths or addresses, as ``RowPhoto/init(_:)`` reads them) against the
    /// product's; `product` may be the list's summary (its photos are then read).
    func compare(paths: [String], with product: Product, revision: RowRevision?) async -> Verdict {
        await compare(paths.map(RowPhoto.init), with: product, revision: revision)
    }

    /// The row's photos against the product's photos (read when `product` has none listed).
    func compare(_ photos: [RowPhoto], with product: Product, revision: RowRevision?) async -> Verdict {
        guard let images = await images(of: product) else { return photos.isEmpty ? .same : .cannotTell(photo: 0) }
        let kept = revision?.id == nil || revision?.id == product.id ? revision?.photos ?? [] : []
        let places = max(photos.count, images.count)
        var findings: [Finding] = []
        await withTaskGroup(of: (Int, Finding).self) { group in
            var next = 0
            func add(_ group: inout TaskGroup<(Int, Finding)>) {
                let place = next
                next += 1
                guard place < photos.count, place < images.count else {
                    group.addTask { (place, .differs) }
                    return
                }
                let digest = place < kept.count ? kept[place] : nil
                group.addTask { (place, await compare(photos[place], with: images[place], kept: digest)) }
            }
            while next < min(places, jobs) { add(&group) }
            var found = [Finding](repeating: .same, count: places)
            while let (place, finding) = await group.next() {
                found[place] = finding
                if next < places { add(&group) }
            }
            findings = found
        }
        let differ = findings.indices.filter { findings[$0] == .differs }
        if !differ.isEmpty { return .differ(differ) }
        if let unread = findings.firstIndex(of: .unreadable) { return .cannotTell(photo: unread) }
        return .same
    }

    /// One comparison to make: a row's photos, the product, the row's revision.
    struct Request: Sendable {
        var photos: [RowPhoto]
        var product: Product
        var revision: RowRevision?
    }

    /// Many rows, `jobs` at once (each row's photos one at a time); the verdicts in order.
    func compare(_ requests: [Request]) async -> [Verdict] {
        var copy = self
        copy.jobs = 1
        let one = copy
        var verdicts = [Verdict](repeating: .same, count: requests.count)
        await withTaskGroup(of: (Int, Verdict).self) { group in
            var next = 0
            func add(_ group: inout TaskGroup<(Int, Verdict)>) {
                let index = next
                let request = requests[index]
                next += 1
                group.addTask { (index, await one.compare(request.photos, with: request.product, revision: request.revision)) }
            }
            while next < min(requests.count, jobs) { add(&group) }
            while let (index, verdict) = await group.next() {
                verdicts[index] = verdict
                if next < requests.count { add(&group) }
            }
        }
        return verdicts
    }

    /// What one place's comparison found.
    enum Finding: Sendable, Equatable {
        case same, differs, unreadable
    }

    /// The product's photos, read from its detail when the list gave none; nil when unreadable.
    private func images(of product: Product) async -> [ProductImage]? {
        if let images = product.images { return images }
        return try? await client.product(id: product.id).value.images ?? []
    }

    /// One photo of the row against the product's photo at its place.
    private func compare(_ photo: RowPhoto, with image: ProductImage, kept: String?) async -> Finding {
        switch photo {
        case .address(let address):
            let own = [image.url, image.thumbnailURL].compactMap { $0 }.compactMap { try? client.imageAddress($0) }
            guard let given = try? client.imageAddress(address) else { return .differs }
            return own.contains(given) ? .same : .differs
        case .file(let path):
            guard let local = try? LocalFile.read(path, limit: LocalFile.maxPhotoSourceBytes, what: "a photo") else {
                return .unreadable
            }
            if let kept, RowRevision.photoDigest(local) == kept { return .same }
            guard let market = await download(image.url) else { return .unreadable }
            if market == local { return .same }
            guard let mine = PhotoFingerprint(local), let theirs = PhotoFingerprint(market) else { return .unreadable }
            return mine.matches(theirs) ? .same : .differs
        }
    }

    /// The market's photo, at most `maxBytes`, within `timeout`; nil when it did not come.
    private func download(_ address: String) async -> Data? {
        let client = client
        let maxBytes = maxBytes
        let timeout = timeout
        return await withTaskGroup(of: Data?.self) { group in
            group.addTask { try? await client.downloadImage(address, maxBytes: maxBytes).data }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
