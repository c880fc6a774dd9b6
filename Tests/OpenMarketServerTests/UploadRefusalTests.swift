import Foundation
import MarketTestSupport
import NIOCore
import OpenMarketContract
import Testing

@testable import OpenMarketServer

/// Uploads that are certain to fail are answered from their head, before their body, and the
/// connection is closed rather than left waiting for (or reading) a body nobody will use. Uploads
/// that are fine are read as RFC 2046 and RFC 9110 say, not as one client happens to write them.
@Suite("Upload refusals and framing")
struct UploadRefusalTests {
    struct EarlyRefusal: Sendable, CustomTestStringConvertible {
        var label: String
        var headers: String
        var status: Int
        var testDescription: String { label }
    }

    static let unknownIdentifier = "00000000-0000-4000-8000-000000000000"

    /// Each is sent as a head announcing 1 MB that never comes (`DEMO` stands for the demo vendor's
    /// identifier); the answer must come anyway, and the connection must then be closed.
    static let earlyRefusals = [
        EarlyRefusal(
            label: "no identifier", headers: "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 1000000\r\n",
            status: 401),
        EarlyRefusal(
            label: "an unknown identifier",
            headers: "identifier: \(unknownIdentifier)\r\nContent-Type: multipart/form-data; boundary=B\r\n"
                + "Content-Length: 1000000\r\n", status: 401),
        EarlyRefusal(
            label: "a Content-Length over 2 MiB",
            headers: "identifier: DEMO\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: 3000000\r\n",
            status: 413),
        EarlyRefusal(
            label: "a Content-Type that is not multipart",
            headers: "identifier: DEMO\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n", status: 400),
        EarlyRefusal(
            label: "multipart without a boundary",
            headers: "identifier: DEMO\r\nContent-Type: multipart/form-data\r\nContent-Length: 1000000\r\n", status: 400),
    ]

    @Test(arguments: earlyRefusals)
    func aCreateCertainToFailIsAnsweredBeforeItsBodyAndClosed(_ refusal: EarlyRefusal) async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            let headers = refusal.headers.replacingOccurrences(of: "DEMO", with: market.demo.identifier)
            connection.send("POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n")
            // The idle timeout is 30 s: closed well before it, the connection was closed on purpose.
            let ended = await connection.readUntilClosed(timeout: .seconds(20))
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 \(refusal.status) "), "\(text)")
            #expect(text.contains(#""code":\#(refusal.status)"#))
            #expect(text.lowercased().contains("connection: close"))
            #expect(ended.closed, "the connection was left open waiting for the body")
        }
    }

    /// A refused body that does come is not read to its end: a client streaming chunks after the
    /// answer sees the connection end long before the 32 MB it would send, where draining the
    /// body (as it was) took in every byte until the 60-second read deadline.
    @Test func aRefusedBodyThatKeepsComingIsNotReadToItsEnd() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nidentifier: \(Self.unknownIdentifier)\r\n"
                    + "Content-Type: multipart/form-data; boundary=B\r\nTransfer-Encoding: chunked\r\n\r\n")
            let answer = await connection.read(until: "}", timeout: .seconds(20))
            #expect(answer.hasPrefix("HTTP/1.1 401 "), "\(answer)")
            let chunk = Data("10000\r\n".utf8) + Data(repeating: UInt8(ascii: "x"), count: 65536) + Data("\r\n".utf8)
            var sent = 0
            let limit = 32 << 20
            let started = ContinuousClock.now
            while sent < limit, ContinuousClock.now - started < .seconds(20), connection.send(chunk) { sent += 65536 }
            #expect(sent < limit, "all \(sent) bytes were taken in")
        }
    }

    // MARK: Content-Type parameters

    @Test(arguments: [
        "multipart/form-data; charset=utf-8; boundary=TestBoundary7MA4YWxk",
        "Multipart/Form-Data; BOUNDARY=TestBoundary7MA4YWxk",
        #"multipart/form-data; boundary="TestBoundary7MA4YWxk""#,
        #"multipart/form-data ; foo="a;boundary=wrong" ; boundary=TestBoundary7MA4YWxk"#,
    ])
    func theBoundaryIsFoundAmongOtherParameters(contentType: String) async throws {
        try await TestMarket.with { market in
            let image = try Fixtures.imageData("coffee-small.jpg")
            let response = try await market.rawCreate(
                params: market.params(), images: [("a.jpg", image)], contentType: contentType)
            #expect(response.status == 201, "\(response.text)")
        }
    }

    @Test func aQuotedBoundaryWithASpaceIsRead() async throws {
        try await TestMarket.with { market in
            let image = try Fixtures.imageData("coffee-small.jpg")
            let response = try await market.rawCreate(
                params: market.params(), images: [("a.jpg", image)], boundary: "with space",
                contentType: #"multipart/form-data; boundary="with space""#)
            #expect(response.status == 201, "\(response.text)")
        }
    }

    @Test(arguments: [
        "multipart/form-data; boundary=",
        #"multipart/form-data; boundary="""#,
        "multipart/form-data; boundary=\(String(repeating: "b", count: 71))",
        "multipart/mixed; boundary=TestBoundary7MA4YWxk",
    ])
    func aMissingOrInvalidBoundaryIs400(contentType: String) async throws {
        try await TestMarket.with { market in
            let response = try await market.rawCreate(params: market.params(), images: [], contentType: contentType)
            #expect(response.status == 400)
            #expect(response.error?.message.contains("boundary") == true, "\(response.text)")
        }
    }

    // MARK: Transfer-Encoding

    @Test(arguments: ["gzip", "gzip, chunked", "br"])
    func anUnknownTransferEncodingIs501(encoding: String) async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nidentifier: \(market.demo.identifier)\r\n"
                    + "Content-Type: multipart/form-data; boundary=B\r\nTransfer-Encoding: \(encoding)\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\r\n")
            let ended = await connection.readUntilClosed(timeout: .seconds(20))
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 501 "), "\(text)")
            #expect(text.contains(#""code":501"#), "\(text)")
            #expect(ended.closed)
        }
    }

    /// A JSON body read with an unknown coding was a 500: the decoder's error reached the route.
    @Test func anUnknownTransferEncodingOnAnEditIs501() async throws {
        try await TestMarket.with { market in
            let connection = try RawConnection(port: market.port)
            connection.send(
                "PATCH /api/products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nidentifier: \(market.demo.identifier)\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            let ended = await connection.readUntilClosed(timeout: .seconds(20))
            let text = String(decoding: ended.data, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 501 "), "\(text)")
            #expect(text.contains(#""code":501"#), "\(text)")
        }
    }

    // MARK: Delimiters inside image bytes

    /// A JPEG whose comment segment holds `--B`, a CR LF and a non-ASCII byte: not a delimiter
    /// (RFC 2046: a delimiter is CR LF, `--` and the boundary), so it is an image like any other.
    static func jpegWithDashDashB() throws -> Data {
        let jpeg = try Fixtures.imageData("coffee-small.jpg")
        let comment = Data("x--B\r\n".utf8) + Data([0xC3, 0xA9]) + Data(": not a header\r\n\r\n".utf8)
        let length = UInt16(comment.count + 2)
        var bytes = Data([0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)])
        bytes.append(comment)
        bytes.append(jpeg.dropFirst(2))
        return bytes
    }

    @Test func imageBytesHoldingDashDashBoundaryAreNotADelimiter() async throws {
        let image = try Self.jpegWithDashDashB()
        var body = Data("--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n\r\n".utf8)
        body.append(image)
        body.append(Data("\r\n--B--\r\n".utf8))
        for size in [1, 5, 4096, body.count] {
            let chunks = stride(from: 0, to: body.count, by: size).map {
                ByteBuffer(bytes: body[$0..<min($0 + size, body.count)])
            }
            let parts = try await MultipartUpload.read(
                chunks.async, boundary: "B", maxRequestBytes: 1_000_000, maxPartBytes: 500_000)
            #expect(parts.count == 1)
            #expect(parts.first?.body == image)
        }
    }

    @Test func aCreateWhoseImageHoldsDashDashBoundaryIsAccepted() async throws {
        try await TestMarket.with { market in
            let response = try await market.rawCreate(
                params: market.params(), images: [("a.jpg", try Self.jpegWithDashDashB())], boundary: "B")
            #expect(response.status == 201, "\(response.text)")
        }
    }
}
