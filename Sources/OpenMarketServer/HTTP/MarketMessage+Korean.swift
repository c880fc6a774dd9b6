import Foundation
import OpenMarketContract

/// The Korean catalogue of ``MarketMessage`` (합니다체, as the shell's catalogue): every field,
/// header, number and path of the English is kept as it is.
extension MarketMessage {
    package var korean: String {
        switch self {
        case .rules(let violations): violations.map(\.korean).joined(separator: ". ")
        case .notMultipart: "Content-Type: boundary가 있는 multipart/form-data여야 합니다"
        case .badBoundary:
            "Content-Type: boundary는 영문자, 숫자, '()+_,-./:=? 기호와 공백으로 1자에서 70자 사이여야 하고, 공백으로 끝날 수 없습니다"
        case .bodyTooLarge: "요청 본문이 2 MiB를 넘습니다"
        case .paramsMissing: "params: 이 파트가 없습니다"
        case .paramsTooLarge(let bytes): "params: 이 파트가 \(bytes)바이트로 너무 큽니다(최대 307,200바이트)"
        case .unreadableImage(let label, let detail): "\(label): 사진으로 읽을 수 없습니다(\(detail))"
        case .uploadsBusy(let limit):
            "identifier: 이 identifier로 받고 있는 업로드가 이미 \(limit)개입니다. 그중 하나가 끝나면 다시 보내세요"
        case .noSuchImage: "없는 사진입니다"
        case .changedSinceRead(let etag): "읽어 온 뒤에 상품이 바뀌었습니다(지금 ETag는 \(etag))"
        case .deleteTokenInvalid:
            "삭제 토큰이 올바르지 않습니다. POST /api/products/{id}/archived로 새 토큰을 받으세요"
        case .deleteTokenNotForProduct(let id): "이 삭제 토큰은 상품 \(id)에 쓸 수 없습니다"
        case .identifierRequired: "identifier: 이 헤더가 꼭 있어야 합니다"
        case .unknownIdentifier: "identifier: 이 identifier를 쓰는 판매자가 없습니다"
        case .wrongSecret: "secret: 이 판매자의 secret과 맞지 않습니다"
        case .secretThrottled(let seconds):
            "secret: 이 주소에서 이 identifier로 틀린 secret이 너무 많이 왔습니다. \(seconds)초 뒤에 다시 해 보세요"
        case .checkingBusy(let seconds): "마켓이 지금 secret을 너무 많이 확인하고 있습니다. \(seconds)초 뒤에 다시 해 보세요"
        case .noSuchProduct(let id): "상품 \(id): 없는 상품입니다"
        case .anotherVendorsProduct(let id): "상품 \(id): 다른 판매자의 상품입니다"
        case .notWholeNumberInRange(let name, let low, let high, let given):
            "\(name): \(high.map { "\(low)에서 \($0) 사이의" } ?? "\(low) 이상의") 정수여야 합니다(지금 \"\(given)\")"
        case .notWholeNumber(let field, let value): "\(field): 정수여야 합니다(지금 \(value))"
        case .notJSON(let what): "\(what): 올바른 JSON이 아닙니다"
        case .notJSONObject(let what): "\(what): JSON 객체여야 합니다"
        case .wrongType(let field): "\(field): 값의 타입이 맞지 않습니다"
        case .nonASCIIHeaderName: "파트 헤더 이름에 ASCII가 아닌 바이트가 있습니다. 헤더 이름은 ASCII 토큰이어야 합니다"
        case .multipartBroken(let detail): "멀티파트 구조가 깨졌습니다(\(detail))"
        case .noClosingLine(let boundary): "멀티파트 본문이 닫는 줄 --\(boundary)--로 끝나지 않습니다"
        case .noParts: "멀티파트 본문에 파트가 하나도 없습니다"
        case .noSuchEndpoint(let method, let path): "없는 엔드포인트입니다: \(method) \(path)"
        case .statusPhrase(let phrase): phrase
        case .framingBroken(let detail): "요청의 HTTP 구조가 깨졌습니다(\(detail))"
        case .headUnparsable(let detail): "요청의 HTTP 헤더 부분을 읽을 수 없습니다(\(detail))"
        case .codingNotSupported(let coding): "Transfer-Encoding: \(coding)은(는) 지원하지 않습니다. 본문을 그대로 보내세요"
        case .methodNotAllowed(let method, let path, let allow): "\(path)에는 \(method) 메서드를 쓸 수 없습니다. 쓸 수 있는 메서드: \(allow)"
        case .diskFull:
            "마켓의 디스크가 가득 차서 아무것도 저장하지 못했습니다. 마켓 운영자에게 공간을 비워 달라고 한 뒤 다시 해 보세요"
        case .internalError: "내부 오류가 났습니다"
        }
    }
}
