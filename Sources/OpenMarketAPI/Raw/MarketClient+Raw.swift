import Foundation
import OpenMarketContract

extension MarketClient {
    /// The most a raw request's answer may be: a page of 1,000 products is under 2 MB.
    public static let rawAnswerLimit = 8 * 1024 * 1024

    /// Sends a request built by hand (a method and path typed at the prompt) and answers
    /// whatever came back, any status: the caller shows it, a 405 or a 412 included. The
    /// client's one rule still holds: the secret goes nowhere but a `secret` field, checked
    /// before anything is sent. Transport failures become the usual `MarketError`s.
    public func sendRaw(_ request: HTTPRequestData) async throws(MarketError) -> HTTPResponseData {
        try refuseLeaks(in: request)
        var limited = request
        limited.maxResponseBytes = min(request.maxResponseBytes ?? Self.rawAnswerLimit, Self.rawAnswerLimit)
        let response = try await exchange(limited)
        var scrubbed = response
        // A server that echoes the secret back does not get it printed.
        if let text = String(data: response.body, encoding: .utf8), !secrets.isEmpty {
            let clean = scrub(text)
            if clean != text { scrubbed.body = Data(clean.utf8) }
        }
        return scrubbed
    }
}

extension MarketClient {
    /// The URL of a path typed by hand (`/api/products?page_no=2`) on this client's market,
    /// encoded as the client's own requests are, with `query` added to any query it has.
    public func url(forPath path: String, query: [URLQueryItem] = []) throws(MarketError) -> URL {
        let endpoint = Endpoint<Data>(
            method: .get, path: path, query: [], headers: [:], body: nil, documentedStatus: 200, decode: { $0 })
        let url = try endpoint.url(relativeTo: baseURL)
        guard !query.isEmpty else { return url }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        let added = query.map {
            URLQueryItem(name: Endpoint<Data>.encodeQueryValue($0.name), value: $0.value.map(Endpoint<Data>.encodeQueryValue))
        }
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + added
        return components.url ?? url
    }
}
