import OpenMarketContract

extension HabitMessage {
    public var korean: String {
        switch self {
        case .reported(let location, let finding):
            Self.line(location, finding, sentence: HabitMessage.finding(finding).korean, explain: Self.explainCommand)
        case .finding(let finding): Self.korean(finding)
        case .source(.line(let number)): "\(number)번 줄"
        case .source(.exchange(let number)): "#\(number)"
        case .source(.record(let number)): "기록 \(number)"
        case .place(.path): "경로"
        case .place(.query): "쿼리"
        case .place(.header): "헤더"
        case .place(.urlOrHeader): "URL이나 헤더"
        case .clean(let count, let leftOut): "요청 \(count)개에서 지적할 습관이 없습니다" + Self.leftOut(leftOut)
        case .summary(let count, let exchanges, let leftOut): "요청 \(exchanges)개에서 지적할 습관 \(count)개" + Self.leftOut(leftOut)
        case .noRequests: "보내는 요청이 없어 살펴볼 것이 없습니다"
        }
    }

    private static func leftOut(_ count: Int) -> String {
        count == 0 ? "" : " (셸이 스스로 보낸 요청과 시험 실행이 보내지 않은 요청 \(count)개는 빼고 셈)"
    }

    private static func korean(_ finding: HabitFinding) -> String {
        let method = finding.exchange.method
        let earlier = earlier(finding, in: .ko)
        switch finding.rule {
        case .unconditionalWrite:
            return
                "\(earlier)에서 본 뒤에 바뀌었을 수 있는 상품에 If-Match 없이 \(method) 요청을 보냈습니다. 읽어 둔 ETag를 If-Match에 담아 보내세요(그사이 바뀌었으면 412 응답으로 알려 줍니다)"
        case .retriedPost:
            return
                "\(earlier) 요청이 응답을 받지 못했는데 같은 POST 요청을 다시 보냈습니다. 첫 요청이 이미 상품을 만들었을 수 있습니다(POST는 멱등적이지 않습니다). 다시 보내기 전에 상품 목록을 확인하세요"
        case .secretInRequest:
            return
                "secret이 \(places(finding, in: .ko, separator: "와 "))에 들어 있습니다. 로그와 프록시가 그대로 남기는 곳입니다. secret은 본문의 secret 필드에만 넣으세요"
        case .readWithBody:
            return "본문이 있는 \(method) 요청입니다. 읽기 요청에는 본문을 보내지 않습니다(서버가 버리거나 거절할 수 있습니다). 매개변수는 쿼리 문자열에 담으세요"
        case .untypedPart:
            return "Content-Type이 없는 multipart 파트가 있습니다. 서버는 사진인지 텍스트인지 알 수 없습니다. 파트마다 종류를 적어 보내세요"
        case .pollingWithoutCondition:
            return
                "\(earlier)부터 같은 GET 요청을 If-None-Match 없이 되풀이했습니다. 받은 ETag를 If-None-Match에 담아 보내면 바뀌지 않은 동안에는 본문 없는 304 응답이 옵니다"
        case .methodRefusedAgain:
            return "\(earlier)에서 405 응답으로 거절한 경로에 \(method) 요청을 다시 보냈습니다. 응답의 Allow 헤더에 그 경로가 받는 메서드가 있습니다"
        case .refusedRequestAgain:
            let status = finding.earlier?.answer.status.map(String.init) ?? "4xx"
            return "\(earlier)에서 \(status) 응답을 받은 요청을 그대로 다시 보냈습니다. 그 응답이 말하는 것을 먼저 고치세요"
        }
    }
}
