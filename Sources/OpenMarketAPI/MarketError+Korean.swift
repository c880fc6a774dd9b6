import Foundation
import OpenMarketContract

/// The Korean catalogue of ``MarketError``, in the shell's words for the same failures (합니다체).
extension MarketError {
    public var korean: String {
        switch self {
        case .invalidInput(let violations):
            return violations.map(\.korean).joined(separator: ". ")
        case .missingCredentials:
            return "로그인하지 않았습니다: 판매자의 identifier와 secret이 필요합니다"
        case .cannotConnect(let host, let port, let reason):
            return "\(host):\(port)에 연결할 수 없습니다(\(reason))"
        case .timedOut(let host, let port, let after):
            return "\(host):\(port)에서 \(Self.seconds(after, in: .ko)) 안에 응답이 오지 않았습니다"
        case .connectionLost(let host, let port, let reason):
            return "\(host):\(port) 연결이 끊겼습니다(\(reason))"
        case .serverRefused(let status, let message):
            let reason = HTTPStatusPhrase.reason(status)
            return message.isEmpty
                ? "서버가 거절했습니다(\(status)\(reason.isEmpty ? "" : " \(reason)"))" : "서버가 거절했습니다(\(status)): \(message)"
        case .preconditionFailed(let message):
            return "읽어 온 뒤에 상품이 바뀌었습니다(412)" + (message.isEmpty ? "" : ": \(message)")
        case .unexpectedResponse(let detail):
            return "예상하지 못한 응답입니다: \(detail)"
        case .cancelled:
            return "취소했습니다"
        }
    }
}
