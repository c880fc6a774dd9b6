import OpenMarketContract

/// The Korean catalogue of ``ClientMessage`` (합니다체, as ``MarketError``'s; a reason shown in
/// parentheses inside another sentence is a short phrase).
extension ClientMessage {
    public var korean: String {
        switch self {
        case .connectionRefused: return "연결이 거부됨"
        case .noRouteToHost: return "호스트로 가는 경로가 없음"
        case .connectTimedOut: return "연결 시간 초과"
        case .resetByServer: return "서버가 연결을 재설정함"
        case .closedByServer: return "서버가 연결을 닫음"
        case .unknownHost: return "알 수 없는 호스트"
        case .noFreeConnection: return "제때 비는 연결이 없음. 한꺼번에 요청이 너무 많습니다"
        case .certificateNotTrusted: return "이 주소에 대한 TLS 인증서를 신뢰할 수 없음"
        case .notTLS(let plainAddress):
            return "이 서버는 TLS(https)를 쓰지 않습니다. 일반 HTTP 서버라면 이 주소를 쓰세요: \(plainAddress)"
        case .notHTTP: return "응답이 HTTP가 아닙니다. 마켓의 주소가 맞나요?"
        case .portOutOfRange(let port): return "포트 \(port)은(는) 없는 포트입니다. 포트는 1에서 65535 사이입니다"
        case .answerTooLargeForClient: return "응답이 이 클라이언트가 받을 수 있는 크기보다 큽니다"
        case .answerTooLarge(let limit):
            return "응답이 이 요청이 받을 수 있는 최대 크기인 \(ByteCountText.format(limit))보다 커서 읽기를 멈췄습니다"
        case .notTheContractsOK(let excerpt):
            let got = excerpt.isEmpty ? "비어 있음" : "'\(excerpt)'"
            return "응답이 계약의 \"OK\"가 아닙니다(받은 응답: \(got)). Open Market 서버가 맞나요?"
        case .emptyBody: return "본문이 비어 있습니다"
        case .fieldMissing: return "값이 없습니다"
        case .fieldNot(let kind): return "\(kind.koreanSubject) 아닙니다"
        case .fieldNull(let kind): return "\(kind.koreanExpected) 하는데 null입니다"
        case .notJSON: return "본문이 올바른 JSON이 아닙니다"
        case .atField(let path, let problem): return "\(path): \(problem.korean)"
        case .decoderSaid(let words): return words
        case .pageRepeated(let page, let products, let searched):
            return "\(page)쪽이 앞쪽의 상품을 되풀이했는데도 서버는 아직 더 있다고 합니다: "
                + "상품 \(products)개에서 멈췄습니다. \(Self.koreanAdvice(searched: searched))"
        case .walkLimit(let pages, let products, let bytes, let searched):
            return "\(pages)쪽(상품 \(products)개, \(ByteCountText.format(bytes)))을 읽은 뒤에도 서버는 아직 더 있다고 합니다: "
                + "이 클라이언트의 한도라서 여기서 멈췄습니다. \(Self.koreanAdvice(searched: searched))"
        case .waitTooLong(let asked, let limit):
            return "서버가 \(MarketError.seconds(asked, in: .ko)) 기다린 뒤 다시 하라고 했는데, 이 클라이언트가 기다리는 시간"
                + "(\(MarketError.seconds(limit, in: .ko)))보다 깁니다. 나중에 다시 해 보세요"
        case .stillBusy(let attempts, let waited):
            return "\(attempts)번 시도하고 \(MarketError.seconds(waited, in: .ko)) 기다렸지만 서버가 아직 바쁩니다. 나중에 다시 해 보세요"
        case .notModifiedUnasked: return "조건부 요청이 아니었는데 Not Modified로 답했습니다"
        case .imageTooLarge(let url, let limit):
            return "\(url)의 이미지가 이 다운로드가 받을 수 있는 최대 크기인 \(ByteCountText.format(limit))보다 커서 "
                + "읽기를 멈췄습니다"
        }
    }

    private static func koreanAdvice(searched: Bool) -> String {
        searched ? "한 쪽씩 읽어 보세요('list PAGE')" : "한 쪽씩 읽거나('list PAGE') 검색으로 좁혀 보세요"
    }
}

extension ClientMessage.ValueKind {
    /// The kind with its subject particle, before 아닙니다.
    var koreanSubject: String {
        switch self {
        case .string: "문자열이"
        case .number: "숫자가"
        case .boolean: "true나 false가"
        case .other: "예상한 형식이"
        }
    }

    /// What the value should have been, before 하는데.
    var koreanExpected: String {
        switch self {
        case .string: "문자열이어야"
        case .number: "숫자여야"
        case .boolean: "true나 false여야"
        case .other: "예상한 형식이어야"
        }
    }
}
