import Foundation
import NIOCore
import Testing

@testable import OpenMarketServer

/// The request that stopped the whole market: a part header name starting with a byte ≥ 0x80,
/// which MultipartKit 4.7.1 uses as an index into a 128-entry table.
@Suite("Multipart header names that would trap the parser")
struct MultipartGuardTests {
    static let crashingBody = Data("--B\r\n".utf8) + Data([0xFF]) + Data(": x\r\n\r\ny\r\n--B--\r\n".utf8)

    /// Every way of splitting the body into two chunks, so the guard's state across chunks counts.
    @Test func theReportedInputIsRefusedHoweverItIsSplit() async {
        for cut in 0...Self.crashingBody.count {
            let chunks = [Self.crashingBody.prefix(cut), Self.crashingBody.dropFirst(cut)]
                .filter { !$0.isEmpty }.map { ByteBuffer(bytes: $0) }
            await #expect(throws: UploadFailure.self, "split at \(cut)") {
                _ = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 1000)
            }
        }
    }

    /// Each high byte, at each place a name is read: the first header, a later header, a later part,
    /// and the first header right after the preamble's delimiter with no CRLF before it.
    @Test(arguments: [
        "--B\r\n#: x\r\n\r\ny\r\n--B--\r\n",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\nX-#: 1\r\n\r\ny\r\n--B--\r\n",
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ny\r\n--B\r\nAb#c: 1\r\n\r\nz\r\n--B--\r\n",
        "preamble--B\r\n#\r\n\r\ny\r\n--B--\r\n",
        "--B\r\nContent-Type: x\n#: 1\r\n\r\ny\r\n--B--\r\n",
        // A lone LF stays inside a value for MultipartKit, so the CR LF after it ends only that line.
        "--B\r\nA: x\n\r\n#: y\r\n\r\nz\r\n--B--\r\n",
    ])
    func everyHighByteInAHeaderNameIsRefused(template: String) async {
        for high in UInt8(0x80)...UInt8(0xFF) {
            var body = Data()
            for byte in template.utf8 { body.append(byte == UInt8(ascii: "#") ? high : byte) }
            await #expect(throws: UploadFailure.self, "byte \(high)") {
                _ = try await MultipartUpload.read(
                    [ByteBuffer(bytes: body)].async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 1000)
            }
        }
    }

    /// The guard must not refuse what is legal: UTF-8 in a header value, any byte in a body.
    @Test func highBytesInValuesAndBodiesStillPass() async throws {
        var body = Data("--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"오토바이-상품사진.jpg\"\r\n\r\n".utf8)
        body.append(contentsOf: [0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0x80, 0x3A, 0x0D, 0x0A, 0x0D, 0x0A, 0xFE])
        body.append(Data("\r\n--B--\r\n".utf8))
        for size in [1, 3, 7, body.count] {
            let chunks = stride(from: 0, to: body.count, by: size).map {
                ByteBuffer(bytes: body[$0..<min($0 + size, body.count)])
            }
            let parts = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 1000)
            #expect(parts.count == 1)
            #expect(parts.first?.filename == "오토바이-상품사진.jpg")
            #expect(parts.first?.body == Data([0xFF, 0xD8, 0xFF, 0x0D, 0x0A, 0x80, 0x3A, 0x0D, 0x0A, 0x0D, 0x0A, 0xFE]))
        }
    }

    /// Over loopback, against the running market: 400, and the market still answers afterwards.
    @Test func theMarketAnswers400AndKeepsServing() async throws {
        try await TestMarket.with { market in
            let response = try await market.raw(
                "POST", "/api/products",
                headers: ["identifier": market.demo.identifier, "Content-Type": "multipart/form-data; boundary=B"],
                body: Self.crashingBody)
            #expect(response.status == 400)
            #expect(response.error?.message.contains("header name") == true)
            let health = try await market.raw("GET", "/healthChecker")
            #expect(health.status == 200)
            #expect(health.text == #""OK""#)
        }
    }
}
