import Foundation
import NIOCore
import Testing

@testable import OpenMarketServer

@Suite("The server's own parsers")
struct ServerPartsTests {
    @Test(arguments: [
        (#"form-data; name="images"; filename="a.png""#, "images", "a.png"),
        (#"form-data; name="images"; filename="a;b=c.png""#, "images", "a;b=c.png"),
        (#"form-data; name="images"; filename="say \"hi\".jpg""#, "images", #"say "hi".jpg"#),
        (#"form-data; name="images"; filename="오토바이-상품사진.jpg""#, "images", "오토바이-상품사진.jpg"),
        (#"form-data;name=images;filename=plain.gif"#, "images", "plain.gif"),
        (#"form-data; name="images"; filename="fallback.jpg"; filename*=UTF-8''%EC%83%81%ED%92%88.jpg"#, "images", "상품.jpg"),
    ])
    func contentDisposition(value: String, name: String, filename: String) throws {
        let parsed = try #require(ContentDisposition(value))
        #expect(parsed.type == "form-data")
        #expect(parsed.parameters["name"] == name)
        #expect(parsed.filename == filename)
    }

    @Test(arguments: ["", #"form-data; name="unterminated"#, "form-data; =x"])
    func malformedContentDisposition(value: String) {
        #expect(ContentDisposition(value) == nil)
    }

    @Test func deleteTokenRoundTrip() throws {
        let token = DeleteToken.make(productID: 32, productSecret: "2b6c3e0e-1f7a-4f0e-9a9a-0c7d3c5d9e11")
        #expect(!token.contains("="))
        #expect(!token.contains("+"))
        #expect(!token.contains("/"))
        let parsed = try #require(DeleteToken.parse(token))
        #expect(parsed.productID == 32)
        #expect(parsed.productSecret == "2b6c3e0e-1f7a-4f0e-9a9a-0c7d3c5d9e11")
        #expect(DeleteToken.parse("32") == nil)
        #expect(DeleteToken.parse("!!!") == nil)
    }

    @Test(arguments: [
        ("15/20221018/9f2c3e0e1f7a4f0e9a9a0c7d3c5d9e11_origin.jpg", true),
        ("15/20221018/9f2c3e0e1f7a4f0e9a9a0c7d3c5d9e11_thumb.png", true),
        ("../market.sqlite", false),
        ("15/../../market.sqlite", false),
        ("15/20221018/../9f2c3e0e1f7a4f0e9a9a0c7d3c5d9e11_origin.jpg", false),
        ("15/20221018/9F2C3E0E1F7A4F0E9A9A0C7D3C5D9E11_origin.jpg", false),
        ("15/20221018/9f2c_origin.jpg", false),
        ("15/20221018/9f2c3e0e1f7a4f0e9a9a0c7d3c5d9e11_origin.sqlite", false),
        ("/etc/20221018/9f2c3e0e1f7a4f0e9a9a0c7d3c5d9e11_origin.jpg", false),
    ])
    func onlyGeneratedImagePathsAreServed(path: String, allowed: Bool) {
        #expect(ImageStorage.isGenerated(path) == allowed)
    }

    @Test func multipartReaderKeepsEveryRepeatedPartAndCapsOversizedOnes() async throws {
        let body = Data(
            ("--B\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"1.gif\"\r\n\r\nGIF89a-one\r\n"
                + "--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"2.gif\"\r\n\r\nGIF89a-two-is-long\r\n"
                + "--B--\r\n").utf8)
        let chunks = stride(from: 0, to: body.count, by: 5).map { ByteBuffer(bytes: body[$0..<min($0 + 5, body.count)]) }
        let parts = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 10_000, maxPartBytes: 12)
        #expect(parts.map(\.name) == ["params", "images", "images"])
        #expect(parts.map(\.filename) == [nil, "1.gif", "2.gif"])
        #expect(parts[1].body == Data("GIF89a-one".utf8))
        #expect(parts[2].byteCount == 18)
        #expect(parts[2].body.count <= 12)
        await #expect(throws: UploadFailure.requestTooLarge) {
            _ = try await MultipartUpload.read(chunks.async, boundary: "B", maxRequestBytes: 50, maxPartBytes: 12)
        }
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence, as a request body delivers its chunks.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}

@Suite("The list cache")
struct ListCacheTests {
    let key = ListCache.Key(base: "http://x", page: 1, perPage: 20, search: nil)

    @Test func aPageReadBeforeAWriteIsNotStoredAfterIt() {
        let cache = ListCache()
        let read = cache.get(key)
        #expect(read.body == nil)
        cache.invalidate()  // a write lands while the page is being read
        cache.put(key, ByteBuffer(string: "stale"), readAt: read.generation)
        #expect(cache.get(key).body == nil)
        let again = cache.get(key)
        cache.put(key, ByteBuffer(string: "fresh"), readAt: again.generation)
        #expect(cache.get(key).body == ByteBuffer(string: "fresh"))
        cache.invalidate()
        #expect(cache.get(key).body == nil)
    }

    @Test func aDisabledCacheKeepsNothing() {
        let cache = ListCache(enabled: false)
        let read = cache.get(key)
        cache.put(key, ByteBuffer(string: "page"), readAt: read.generation)
        #expect(cache.get(key).body == nil)
    }
}
