import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// A photo drawn for the terminal, and the cells it fills (at most its box): rows of symbols
/// separated by newlines, or one image's escape sequence (sixel, kitty, iTerm2).
public struct DrawnPhoto: Sendable {
    public var style: PhotoStyle
    public var columns: Int
    public var rows: Int
    public var drawing: String
}

/// Where and how big photos are drawn: the style, the cell size, and a box in cells.
struct PhotoBox: Sendable {
    var style: PhotoStyle
    var cell: CellSize
    var columns: Int
    var rows: Int

    /// The cells a `width` × `height` photo fills in the box, its shape kept: as wide as the box,
    /// or as tall (a small photo is drawn larger, as the apps' cards do).
    func cells(fitting width: Int, _ height: Int) -> (columns: Int, rows: Int) {
        let aspect = Double(max(width, 1)) / Double(max(height, 1))
        let (cellWidth, cellHeight) = (Double(cell.width), Double(cell.height))
        var wide = Double(columns)
        var tall = wide * cellWidth / aspect / cellHeight
        if tall > Double(rows) {
            tall = Double(rows)
            wide = tall * cellHeight * aspect / cellWidth
        }
        return (min(columns, max(1, Int(wide.rounded()))), min(rows, max(1, Int(tall.rounded()))))
    }

    /// A square box `columns` wide: as many rows as make it square in pixels.
    static func square(columns: Int, style: PhotoStyle, cell: CellSize) -> PhotoBox {
        // Symbols need no more than 8 × 16 samples a cell (chafa looks at 8 × 8); the cell's
        // shape is kept.
        let cell = style == .symbols ? CellSize(width: 8, height: 16) : cell
        let rows = max(1, Int((Double(columns * cell.width) / Double(cell.height)).rounded()))
        return PhotoBox(style: style, cell: cell, columns: columns, rows: rows)
    }
}

/// Photos fetched concurrently, bounded in bytes and time (a server is untrusted: an image too
/// large, or one that never ends, is cut off and reported in one line), kept in the
/// `PhotoCache` and revalidated with their `ETag`, decoded by libvips at the size drawn, and drawn
/// by the console's canvas, each in its own task (drawing a sixel costs as much as decoding).
enum PhotoFetch {
    /// The most one photo may take, from the request to its last byte.
    static let timeout: Duration = .seconds(5)
    /// The most one photo may weigh (the contract's 300 KiB, with room).
    static let maxBytes = ResponseLimits.productPhoto
    /// Downloads and decodes at once.
    static let parallel = 8
    /// The most photos one command draws (`show --photos` of a product a server says has
    /// thousands, `list --grid --all`): the rest are listed, not drawn.
    static let mostPhotos = 100

    /// The most all the photos of one command may take together, 8 s: without it a grid of 40
    /// photos that a server drips a byte a second took 25 s (5 s for each 8 of them). Photos not
    /// drawn by then are left out, their cards shown without them, and one line says so.
    static let budget: Duration = .seconds(8)

    /// Each address (keyed by the caller) fetched, decoded and drawn on `canvas` to fit `box`,
    /// within `budget` in all; what could not be is a one-line note, in the order of `addresses`.
    static func photos(
        _ addresses: [(key: Int, address: String, label: String)], box: PhotoBox, canvas: any PhotoCanvas,
        client: MarketClient, cache: PhotoCache?, budget: Duration = PhotoFetch.budget
    ) async -> (photos: [Int: DrawnPhoto], notes: [String]) {
        var client = client
        client.timeout = timeout
        var notes =
            addresses.count > mostPhotos ? [Message.photosDrawnForFirst(drawn: mostPhotos, total: addresses.count).text] : []
        let addresses = addresses.prefix(mostPhotos)
        var photos: [Int: DrawnPhoto] = [:]
        var failures: [Int: String] = [:]
        var late = false
        await withTaskGroup(of: (Int, Result<DrawnPhoto, PhotoFailure>)?.self) { group in
            var pending = addresses[...]
            var running = 0
            func startNext() {
                guard !late, let next = pending.popFirst() else { return }
                running += 1
                // On the cooperative pool, never on a script's one thread (`HTTPTransport.taskExecutor`):
                // each photo is decoded and drawn, and they are drawn side by side.
                group.addTask(executorPreference: globalConcurrentExecutor) { [client] in
                    let photo = await photo(
                        next.address, label: next.label, box: box, canvas: canvas, client: client, cache: cache)
                    return (next.key, photo)
                }
            }
            // The deadline: nil when it passes (or when it is cancelled, all photos being in).
            group.addTask {
                try? await Task.sleep(for: budget)
                return nil
            }
            for _ in 0..<parallel { startNext() }
            for await item in group {
                guard let (key, result) = item else {
                    // Those still on their way are stopped: their failures are not theirs to tell.
                    if running > 0 || !pending.isEmpty { (late, pending) = (true, []) }
                    group.cancelAll()
                    continue
                }
                running -= 1
                switch result {
                case .success(let photo): photos[key] = photo
                case .failure(let failure): if !late { failures[key] = failure.message }
                }
                startNext()
                if running == 0 && pending.isEmpty { group.cancelAll() }
            }
        }
        cache?.trim()
        let missing = addresses.count - photos.count - failures.count
        if late, missing > 0 {
            notes.insert(Message.photosOutOfTime(missing: missing, seconds: Int(budget.components.seconds)).text, at: 0)
        }
        return (photos, addresses.compactMap { failures[$0.key] } + notes)
    }

    struct PhotoFailure: Error {
        var message: String
    }

    static func photo(
        _ address: String, label: String, box: PhotoBox, canvas: any PhotoCanvas, client: MarketClient,
        cache: PhotoCache?
    ) async -> Result<DrawnPhoto, PhotoFailure> {
        func failed(_ why: String) -> Result<DrawnPhoto, PhotoFailure> {
            .failure(
                PhotoFailure(
                    message: Message.photoNotDrawn(label: label, why: TerminalText.visible(String(why.prefix(300)))).text))
        }
        let data: Data
        do {
            data = try await bytes(address, client: client, cache: cache)
        } catch .timedOut {
            let shown = TerminalText.visible(String(address.prefix(200)))
            return failed(Message.photoTooSlow(address: shown, seconds: timeout.components.seconds).text)
        } catch .unexpectedResponse(let detail) {
            // Already a sentence about the photo ("the image at … is larger than 512 KB, …").
            return failed(detail)
        } catch {
            return failed(error.description)
        }
        do {
            let pixels = try MarketImages.pixels(
                of: data, fittingWidth: box.columns * box.cell.width, height: box.rows * box.cell.height)
            let (columns, rows) = box.cells(fitting: pixels.width, pixels.height)
            guard let drawing = canvas.draw(pixels, style: box.style, columns: columns, rows: rows) else {
                return failed(Message.photoCannotBeDrawn(style: box.style.rawValue).text)
            }
            return .success(DrawnPhoto(style: box.style, columns: columns, rows: rows, drawing: drawing))
        } catch {
            return failed(String(describing: error))
        }
    }

    /// The photo's bytes: the cached copy when the server says it is unchanged, else downloaded
    /// (and kept, when it came with an `ETag`).
    static func bytes(_ address: String, client: MarketClient, cache: PhotoCache?) async throws(MarketError) -> Data {
        let url = try client.imageAddress(address)
        let kept = cache?.entry(for: url)
        switch try await client.downloadImage(address, maxBytes: maxBytes, ifNoneMatch: kept?.etag) {
        case .unchanged:
            guard let kept else { throw .unexpectedResponse(Message.notModifiedToPlainRequest.text) }
            return kept.data
        case .downloaded(let image, let etag):
            if let etag, !etag.isEmpty { cache?.store(image.data, etag: etag, for: url) }
            return image.data
        }
    }
}
