import OpenMarketContract

extension HabitMessage {
    public var english: String {
        switch self {
        case .reported(let location, let finding):
            Self.line(location, finding, sentence: HabitMessage.finding(finding).english, explain: Self.explainCommand)
        case .finding(let finding): Self.english(finding)
        case .source(.line(let number)): "line \(number)"
        case .source(.exchange(let number)): "#\(number)"
        case .source(.record(let number)): "record \(number)"
        case .place(.path): "the path"
        case .place(.query): "the query"
        case .place(.header): "a header"
        case .place(.urlOrHeader): "the URL or a header"
        case .clean(let count, let leftOut):
            "no habits to mark in \(count) \(count == 1 ? "request" : "requests")" + Self.leftOut(leftOut)
        case .summary(let count, let exchanges, let leftOut):
            "\(count) \(count == 1 ? "habit" : "habits") to mark in \(exchanges) \(exchanges == 1 ? "request" : "requests")"
                + Self.leftOut(leftOut)
        case .noRequests: "sends no request: nothing to mark"
        }
    }

    private static func leftOut(_ count: Int) -> String {
        count == 0 ? "" : " (\(count) more left out: the shell's own, and what a dry run did not send)"
    }

    private static func english(_ finding: HabitFinding) -> String {
        let method = finding.exchange.method
        let earlier = earlier(finding, in: .en)
        switch finding.rule {
        case .unconditionalWrite:
            return
                "\(method) without If-Match of a product that may have changed since \(earlier) showed it: send the ETag you read in If-Match (a 412 then says it changed)"
        case .retriedPost:
            return
                "the same POST sent again after \(earlier) got no answer: the first may have made it already (POST is not idempotent); list your products before sending again"
        case .secretInRequest:
            return
                "the secret in \(places(finding, in: .en, separator: " and ")), where logs and proxies keep it: it goes only in the body's secret field"
        case .readWithBody:
            return "\(method) with a body: a read sends none (a server may drop it or refuse); put its parameters in the query"
        case .untypedPart:
            return "a multipart part without a Content-Type: the server cannot tell a photo from text; give every part its type"
        case .pollingWithoutCondition:
            return
                "the same GET again and again since \(earlier), without If-None-Match: send the ETag you got in If-None-Match, and while it is unchanged the answer is a 304 with no body"
        case .methodRefusedAgain:
            return
                "\(method) sent again where \(earlier) answered 405: the answer's Allow header lists the methods that path takes"
        case .refusedRequestAgain:
            let status = finding.earlier?.answer.status.map(String.init) ?? "4xx"
            return
                "the same request sent again unchanged after \(earlier) answered \(status): change what that answer names first"
        }
    }
}
