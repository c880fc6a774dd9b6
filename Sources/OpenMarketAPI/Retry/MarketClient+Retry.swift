import Foundation
import OpenMarketContract

extension MarketClient {
    /// Sends `request` and answers its 2xx response, sending it again after a 429 or 503 as
    /// `retryPolicy` allows (never without one). Any other answer outside 2xx is thrown at once.
    ///
    /// The same `HTTPRequestData` goes out each time: its body is a `Data` value (a multipart
    /// create's included, composed once), so a resent request is byte for byte the first one.
    /// A 429 or 503 means the server did not carry the request out, so even a `POST` is safe
    /// to resend.
    ///
    /// A GET or HEAD whose connection was lost is sent once more, at once, policy or not (RFC
    /// 9112 §9.3.1): a kept-alive connection the server closed while the client was not looking
    /// (a person reading a lesson's step, its idle timeout passing) is lent to the next request,
    /// which fails though the server never saw it. Only these: a lost `PATCH` or `DELETE` may
    /// have been carried out, and sent again it would be done twice or answer 404.
    nonisolated(nonsending) func deliver(_ request: HTTPRequestData) async throws(MarketError) -> HTTPResponseData {
        var attempt = 1
        var waited = Duration.zero
        var resentAfterLoss = false
        while true {
            let response: HTTPResponseData
            do {
                response = try await exchange(request)
            } catch .connectionLost(let host, let port, let reason) {
                guard !resentAfterLoss, request.method == .get || request.method == .head else {
                    throw .connectionLost(host: host, port: port, reason: reason)
                }
                resentAfterLoss = true
                continue
            }
            if (200..<300).contains(response.status) { return response }
            let refusal = refusal(response)
            guard let policy = retryPolicy else { throw refusal }
            let decision = policy.decide(
                status: response.status, retryAfter: response.headers["Retry-After"], attempt: attempt, waited: waited,
                now: policy.now())
            switch decision {
            case .giveUp:
                throw refusal
            case .giveUpSaying(let sentence):
                throw Self.adding(sentence, to: refusal)
            case .pause(let pause):
                policy.onPause?(response.status, pause)
                // Task.sleep ends at once, throwing, when the task is cancelled.
                do { try await Task.sleep(for: pause) } catch { throw .cancelled }
                waited += pause
                attempt += 1
            }
        }
    }

    /// A refusal with why the client stopped retrying added to the server's message.
    static func adding(_ sentence: String, to refusal: MarketError) -> MarketError {
        guard case .serverRefused(let status, let message) = refusal else { return refusal }
        return .serverRefused(status: status, message: message.isEmpty ? sentence : "\(message); \(sentence)")
    }
}
