import Foundation
import NIOCore
import Testing

@testable import OpenMarketServer

/// Inputs `scripts/fuzz` found for the multipart reader, kept with their bytes.
@Suite("Multipart inputs the fuzzer found")
struct MultipartFuzzRegressionTests {
    /// MultipartKit 4.7.1 ends a header value only at CR, so a lone LF is part of the value: after
    /// `A: x\n` the CRLF ends that header line and 0xFF is read as the next header's name, an index
    /// out of its 128-entry table (the trap MultipartHeaderGuard exists for). The guard takes the
    /// LF for the end of the line and the CR after it for the empty line that ends the block, so
    /// it lets the byte through. Found by `scripts/fuzz --ci 20 multipart` after 1,202 inputs
    /// (a mutated seed: a 1-byte-chunked upload whose second header line ended `…gif"4\n\r\n`);
    /// this is that input cut down to what matters.
    static let loneLFInHeaderValue = Data("--B\r\nA: x\n\r\n".utf8) + Data([0xFF]) + Data(": y\r\n\r\nz\r\n--B--\r\n".utf8)

    /// Fails (a known issue) until the guard stops taking a CR right after a lone LF in a header
    /// value for the end of the block; once it does, `withKnownIssue` reports that the issue is
    /// gone: drop the wrapper then, and enable the test below.
    @Test func theGuardRefusesAHighByteNameAfterALoneLFInAHeaderValue() {
        var headerGuard = MultipartHeaderGuard(boundary: "B")
        let forbidden = headerGuard.firstForbiddenByte(in: Self.loneLFInHeaderValue)
        withKnownIssue("MultipartHeaderGuard ends the header block at the CR after a lone LF in a value; MultipartKit 4.7.1 ends only the value there") {
            #expect(forbidden == 12, "the 0xFF after `A: x\\n\\r\\n`")
        }
    }

    /// The whole read: today it stops the process, so it cannot run in the suite. Enable it with
    /// the guard's fix; it must then throw `UploadFailure`, however the body is chunked.
    @Test(.disabled("traps the test process (MultipartKit indexes its 128-entry table with 0xFF) until MultipartHeaderGuard refuses this input"))
    func theUploadIsRefusedRatherThanTrapping() async {
        for cut in 0...Self.loneLFInHeaderValue.count {
            let chunks = [Self.loneLFInHeaderValue.prefix(cut), Self.loneLFInHeaderValue.dropFirst(cut)]
                .filter { !$0.isEmpty }.map { ByteBuffer(bytes: $0) }
            await #expect(throws: UploadFailure.self, "split at \(cut)") {
                _ = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 1000)
            }
        }
    }
}
