import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Whether a command draws photos, and how: only on a console with a terminal (`photoCanvas`),
/// not in JSON mode, and as `set photos` says (by default, the best the terminal supports).
struct PhotoPlan: Sendable {
    var canvas: any PhotoCanvas
    var style: PhotoStyle

    /// The plan, or nil with what to tell the seller (nil: nothing to say; photos were not
    /// asked for by name, or are off on purpose).
    static func make(in context: CommandContext, asked: Bool) -> (plan: PhotoPlan?, note: String?) {
        guard !context.settings.outputJSON, let canvas = context.console.photoCanvas else { return (nil, nil) }
        let style: PhotoStyle
        switch context.settings.photos {
        case .off: return (nil, asked ? Message.photosAreOff.text : nil)
        case .auto: style = canvas.detectedStyle
        case .style(let chosen): style = chosen
        }
        if let unavailable = canvas.unavailable { return (nil, asked ? unavailable : nil) }
        return (PhotoPlan(canvas: canvas, style: style), nil)
    }

    /// Fetches, decodes and draws `addresses` into `columns`-wide square boxes.
    func photos(
        _ addresses: [(key: Int, address: String, label: String)], columns: Int, in context: CommandContext
    ) async -> (photos: [Int: DrawnPhoto], notes: [String], box: PhotoBox) {
        let box = PhotoBox.square(columns: columns, style: style, cell: canvas.cellSize)
        let cache = context.photoSupply.cache
        let (photos, notes) = await PhotoFetch.photos(
            addresses, box: box, canvas: canvas, client: context.client, cache: cache, budget: context.photoSupply.budget)
        return (photos, notes, box)
    }

    /// The address of a product's thumbnail, else of its first photo.
    static func thumbnail(of product: Product) -> String? {
        if let thumbnail = product.thumbnail, !thumbnail.isEmpty { return thumbnail }
        return product.images?.first.map { $0.thumbnailURL.isEmpty ? $0.url : $0.thumbnailURL }
    }
}
