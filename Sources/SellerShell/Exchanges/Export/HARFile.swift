import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `exchanges --har FILE`: the session as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
/// which a browser's network panel opens. Written from the log, so secrets are masked; photos
/// of a multipart body are listed by name, not carried. An exchange that got no answer has
/// status 0, as browsers write it.
enum HARFile {
    static func data(for exchanges: [Exchange]) throws -> Data {
        let log: [String: Any] = [
            "log": [
                "version": "1.2",
                "creator": ["name": "openmarket", "version": OpenMarketVersion.current],
                "pages": [],
                "entries": exchanges.map(entry),
            ] as [String: Any]
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    static func entry(_ exchange: Exchange) -> [String: Any] {
        let milliseconds = exchange.elapsed.map { $0.milliseconds } ?? -1
        var entry: [String: Any] = [
            "startedDateTime": timestamp(exchange.startedAt),
            "time": max(0, milliseconds),
            "request": request(exchange.request),
            "response": response(exchange),
            "cache": [String: Any](),
            "timings": ["send": 0, "wait": max(0, milliseconds), "receive": 0],
        ]
        if let command = exchange.command { entry["comment"] = "sent by: \(command)" }
        if let reason = exchange.bookkeeping { entry["comment"] = Bookkeeping.label(reason) }
        return entry
    }

    static func request(_ request: Exchange.Request) -> [String: Any] {
        var out: [String: Any] = [
            "method": request.method, "url": request.url.absoluteString, "httpVersion": "HTTP/1.1", "cookies": [],
            "headers": headers(request.headers),
            "queryString": (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ["name": $0.name, "value": $0.value ?? ""]
            },
            "headersSize": -1, "bodySize": request.byteCount,
        ]
        let mimeType = request.contentType ?? ""
        if let parts = request.parts, request.outline != nil {
            out["postData"] =
                [
                    "mimeType": mimeType,
                    "params": parts.map { part -> [String: Any] in
                        var param: [String: Any] = ["name": part.name, "contentType": part.contentType]
                        if let file = part.filename { param["fileName"] = file }
                        if let json = part.json { param["value"] = String(decoding: json, as: UTF8.self) }
                        return param
                    },
                    "text": "",
                ] as [String: Any]
        } else if let body = request.body, body.byteCount > 0 {
            out["postData"] = ["mimeType": mimeType, "text": String(decoding: body.data, as: UTF8.self)]
        }
        return out
    }

    static func response(_ exchange: Exchange) -> [String: Any] {
        guard let response = exchange.response else {
            return [
                "status": 0, "statusText": "", "httpVersion": "", "cookies": [], "headers": [],
                "content": ["size": 0, "mimeType": "x-unknown"], "redirectURL": "", "headersSize": -1, "bodySize": -1,
                "_error": exchange.failure ?? "no answer",
            ]
        }
        var content: [String: Any] = [
            "size": response.body.byteCount, "mimeType": response.headers["Content-Type"] ?? "x-unknown",
        ]
        if let text = String(data: response.body.data, encoding: .utf8) {
            content["text"] = text
        } else {
            content["text"] = response.body.data.base64EncodedString()
            content["encoding"] = "base64"
        }
        return [
            "status": response.status, "statusText": HTTPStatusPhrase.reason(response.status), "httpVersion": "HTTP/1.1",
            "cookies": [], "headers": headers(response.headers), "content": content,
            "redirectURL": response.headers["Location"] ?? "", "headersSize": -1, "bodySize": response.body.byteCount,
        ]
    }

    static func headers(_ fields: HeaderFields) -> [[String: String]] {
        fields.map { ["name": $0.name, "value": $0.value] }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
