import CVipsLoader
import Foundation
import OpenMarketContract

/// One owned reference to a libvips image. Being non-copyable, its single `deinit` is the one place
/// the reference is dropped, on every path including thrown errors.
struct VipsImageHandle: ~Copyable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        mi_unref(pointer)
    }

    var width: Int { Int(mi_width(pointer)) }
    /// The height of one frame; the whole image stacks the frames of an animation vertically.
    var pageHeight: Int { Int(mi_page_height(pointer)) }
    var pageCount: Int { Int(mi_n_pages(pointer)) }
    var orientationSwapsSides: Bool { mi_orientation_swap(pointer) != 0 }
    var hasColourProfile: Bool { mi_has_icc_profile(pointer) != 0 }
}

/// How an image is written out.
enum Encoding: Equatable {
    case jpeg(quality: Int)
    case png(palette: Bool)
    case gif
}

/// The libvips calls MarketImages makes. Functions taking a buffer return images that read it lazily:
/// the buffer must stay valid until those images (and anything made from them) are released.
/// Failures return nil; libvips's global error text is cleared rather than kept, because concurrent
/// calls share it and its wording is not meant for sellers.
enum Vips {
    /// A `static let` initialiser runs exactly once, thread-safely, on first use.
    private static let started: Bool = mi_start() == 0

    static func start() throws {
        guard started else { throw ImageProcessingError.libraryUnavailable }
    }

    /// Whether libvips runs its liborc kernels (off once started: see `mi_start`).
    static var vectorsEnabled: Bool { mi_vectors_enabled() != 0 }

    static func header(_ bytes: UnsafeRawBufferPointer) -> VipsImageHandle? {
        guard let base = bytes.baseAddress else { return nil }
        return adopt(mi_header(base, bytes.count))
    }

    /// Decoded (with shrink-on-load) to fit inside `side` × `side`, upright, never enlarged.
    static func thumbnail(
        _ bytes: UnsafeRawBufferPointer, side: Int, allFrames: Bool, convertToSRGB: Bool
    ) -> VipsImageHandle? {
        guard let base = bytes.baseAddress else { return nil }
        // Passed to the loader as well: libvips's buffer thumbnailer does not forward its own
        // `fail_on` to every loader.
        let loaderOptions = allFrames ? "n=-1,fail_on=truncated" : "fail_on=truncated"
        var out: OpaquePointer?
        let status = mi_thumbnail_buffer(base, bytes.count, Int32(side), loaderOptions, convertToSRGB ? 1 : 0, &out)
        return adopt(status == 0 ? out : nil)
    }

    /// A JPEG decoded at 1/`shrink` scale by the decoder (1, 2, 4 or 8), then fitted inside `side`
    /// × `side` as `thumbnail(_:side:allFrames:convertToSRGB:)` fits it: upright, never enlarged.
    static func jpegThumbnail(
        _ bytes: UnsafeRawBufferPointer, shrink: Int, side: Int, convertToSRGB: Bool
    ) -> VipsImageHandle? {
        guard let base = bytes.baseAddress, [1, 2, 4, 8].contains(shrink) else { return nil }
        var out: OpaquePointer?
        let status = mi_thumbnail_jpeg_shrunk(base, bytes.count, Int32(shrink), Int32(side), convertToSRGB ? 1 : 0, &out)
        return adopt(status == 0 ? out : nil)
    }

    /// A smaller copy of an already decoded image; animation frames stay frames.
    static func thumbnail(of image: borrowing VipsImageHandle, side: Int) -> VipsImageHandle? {
        var out: OpaquePointer?
        let status = mi_thumbnail_image(image.pointer, Int32(side), &out)
        return adopt(status == 0 ? out : nil)
    }

    /// Runs the pipeline once into memory, so repeated encodes do not decode the source again and
    /// the result no longer reads the caller's buffer.
    static func renderedInMemory(_ image: borrowing VipsImageHandle) -> VipsImageHandle? {
        adopt(mi_copy_memory(image.pointer))
    }

    static func encode(_ image: borrowing VipsImageHandle, as encoding: Encoding) -> Data? {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 =
            switch encoding {
            case .jpeg(let quality): mi_jpegsave(image.pointer, Int32(quality), &buffer, &length)
            case .png(let palette): mi_pngsave(image.pointer, palette ? 1 : 0, &buffer, &length)
            case .gif: mi_gifsave(image.pointer, &buffer, &length)
            }
        defer { mi_free(buffer) }
        guard status == 0, let buffer else {
            mi_error_clear()
            return nil
        }
        return Data(bytes: buffer, count: length)
    }

    private static func adopt(_ pointer: OpaquePointer?) -> VipsImageHandle? {
        guard let pointer else {
            mi_error_clear()
            return nil
        }
        return VipsImageHandle(pointer)
    }
}
