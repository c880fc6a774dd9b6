import Foundation
import OpenMarketContract
import OpenMarketServer
import Synchronization

/// Writes every exchange the test markets serve as one JSON line into a file of the folder named
/// by `OPENMARKET_EXCHANGE_LOG` (one file per test process), for `scripts/check-openapi` to
/// validate against the OpenAPI document. Off (nil) when the variable is not set.
public final class ExchangeRecorder: Sendable {
    public static let shared: ExchangeRecorder? = {
        guard let folder = ProcessInfo.processInfo.environment["OPENMARKET_EXCHANGE_LOG"], !folder.isEmpty else { return nil }
        return ExchangeRecorder(folder: URL(fileURLWithPath: folder, isDirectory: true))
    }()

    private let file: Mutex<FileHandle?>

    init?(folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("exchanges-\(ProcessInfo.processInfo.processIdentifier).jsonl")
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path)
        else { return nil }
        file = Mutex(handle)
    }

    /// One line: the request's method, target, headers and body (base64), whether the route read
    /// the body to its end, and the answer's status, headers and body (base64).
    public func record(_ exchange: MarketExchange) {
        let line: JSONValue = .object([
            "method": .string(exchange.method), "target": .string(exchange.target),
            "request_headers": Self.headers(exchange.requestHeaders),
            "request_body": .string(exchange.requestBody.base64EncodedString()),
            "request_body_complete": .bool(exchange.requestBodyComplete),
            "status": .number(Decimal(exchange.status)), "response_headers": Self.headers(exchange.responseHeaders),
            "response_body": .string(exchange.responseBody.base64EncodedString()),
        ])
        guard let data = try? MarketJSON.encoder.encode(line) else { return }
        file.withLock { handle in try? handle?.write(contentsOf: data + Data("\n".utf8)) }
    }

    static func headers(_ fields: [(name: String, value: String)]) -> JSONValue {
        .array(fields.map { .array([.string($0.name), .string($0.value)]) })
    }
}
