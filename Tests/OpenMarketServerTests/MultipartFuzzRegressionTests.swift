import Foundation
import NIOCore
import Testing

@testable import OpenMarketServer

/// Inputs `scripts/fuzz` found for the multipart reader, kept with their bytes.
///
/// MultipartKit 4.7.1 ends a header value only at CR, so a lone LF is part of the value: after
/// `A: x\n` the CRLF ends that header line and 0xFF is read as the next header's name, an index
/// out of its 128-entry table (the trap MultipartHeaderGuard exists for). The guard's first
/// version took the LF for the end of the line and the CR after it for the empty line that ends
/// the block, so it let the byte through; now only an empty line after CR LF ends a block.
@Suite("Multipart inputs the fuzzer found")
struct MultipartFuzzRegressionTests {
    struct Found: Sendable, CustomTestStringConvertible {
        var body: Data
        /// Where the guard must stop it: the 0xFF the parser would read as a header name.
        var forbiddenOffset: Int
        var testDescription: String { String(decoding: body, as: UTF8.self).debugDescription }
    }

    static let found = [
        // `scripts/fuzz --ci 20 multipart`, after 1,202 inputs: a mutated seed, sent in 1-byte
        // chunks, whose second part's header line ended `…gif"4\n\r\n`; cut down to what matters.
        Found(body: Data("--B\r\nA: x\n\r\n".utf8) + Data([0xFF]) + Data(": y\r\n\r\nz\r\n--B--\r\n".utf8), forbiddenOffset: 12),
        // Found after 40,323 inputs against a guard patched to keep the state after a lone LF in a
        // value for the next byte only: the value goes on over a second LF (`…file\nContent-Dispos".gif"\f\n\r\n`).
        Found(
            body: Data("--B\r\nA: x\ny\n\r\n".utf8) + Data([0xFF]) + Data(": z\r\n\r\nw\r\n--B--\r\n".utf8), forbiddenOffset: 14),
    ]

    @Test(arguments: found)
    func theGuardRefusesAHighByteNameAfterALoneLFInAHeaderValue(_ input: Found) {
        var headerGuard = MultipartHeaderGuard(boundary: "B")
        let forbidden = headerGuard.firstForbiddenByte(in: input.body)
        #expect(forbidden == input.forbiddenOffset)
    }

    /// The whole read (it stopped the process before the guard's fix): refused, however chunked.
    @Test(arguments: found)
    func theUploadIsRefusedRatherThanTrapping(_ input: Found) async {
        for cut in 0...input.body.count {
            let chunks = [input.body.prefix(cut), input.body.dropFirst(cut)]
                .filter { !$0.isEmpty }.map { ByteBuffer(bytes: $0) }
            await #expect(throws: UploadFailure.self, "split at \(cut)") {
                _ = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 1000)
            }
        }
    }
}
