import Foundation
import NIOCore
import OpenMarketServer

/// `MultipartUpload.read`: MultipartHeaderGuard in front of MultipartKit's parser, the limits,
/// the closing-line check.
///
/// Input: byte 0 is the chunk size the body arrives in (0: one chunk); the rest is the body.
/// The boundary is the body's first line after `--` (as a client would have announced it), or
/// `B` when the body does not start with one.
/// Invariants: the body read in chunks and in one piece gives the same parts or the same kind
/// of failure; a part within the part limit keeps all its bytes, one over it at most the limit.
/// (How much of an oversized part is kept depends on where the chunks end, so those bytes are
/// left out of the comparison: the routes refuse such a part by its `byteCount` alone.)
enum MultipartTarget {
    static let maxRequestBytes = 2048
    static let maxPartBytes = 64

    @Sendable static func run(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let body = Array(input.dropFirst())
        let boundary = boundary(of: body)
        let chunked = read(body, boundary: boundary, chunkSize: first == 0 ? max(body.count, 1) : Int(first))
        if first != 0, body.count <= maxRequestBytes {
            let whole = read(body, boundary: boundary, chunkSize: max(body.count, 1))
            invariant(chunked == whole, "\(first)-byte chunks gave \(chunked), one chunk gave \(whole)")
        }
    }

    static func boundary(of body: [UInt8]) -> String {
        let line = body.prefix { $0 != 0x0D && $0 != 0x0A }
        guard line.count > 2, line.starts(with: [0x2D, 0x2D]) else { return "B" }
        return String(decoding: line.dropFirst(2), as: UTF8.self)
    }

    enum Outcome: Equatable, Sendable {
        case parts([Part])
        case tooLarge
        case malformed
    }

    struct Part: Equatable, Sendable {
        var name: String?
        var filename: String?
        var contentType: String?
        var body: Data
        var byteCount: Int
    }

    static func read(_ body: [UInt8], boundary: String, chunkSize: Int) -> Outcome {
        runBlocking {
            let (chunks, continuation) = AsyncStream<ByteBuffer>.makeStream()
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunkSize, body.count)
                continuation.yield(ByteBuffer(bytes: body[offset..<end]))
                offset = end
            }
            continuation.finish()
            do {
                let parts = try await MultipartUpload.read(
                    chunks, boundary: boundary, maxRequestBytes: maxRequestBytes, maxPartBytes: maxPartBytes)
                return .parts(
                    parts.map { part in
                        let over = part.byteCount > maxPartBytes
                        invariant(
                            over ? part.body.count <= maxPartBytes : part.body.count == part.byteCount,
                            "a part kept \(part.body.count) of \(part.byteCount) bytes with a \(maxPartBytes)-byte limit")
                        return Part(
                            name: part.name, filename: part.filename, contentType: part.contentType,
                            body: over ? Data() : part.body, byteCount: part.byteCount)
                    })
            } catch UploadFailure.requestTooLarge {
                return .tooLarge
            } catch UploadFailure.malformed {
                return .malformed
            } catch {
                fatalError("MultipartUpload.read threw something other than an UploadFailure: \(error)")
            }
        }
    }
}
