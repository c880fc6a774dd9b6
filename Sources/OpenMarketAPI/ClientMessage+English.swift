import OpenMarketContract

/// The English catalogue of ``ClientMessage``.
extension ClientMessage {
    public var english: String {
        switch self {
        case .connectionRefused: return "connection refused"
        case .noRouteToHost: return "no route to host"
        case .connectTimedOut: return "connection timed out"
        case .resetByServer: return "connection reset by the server"
        case .closedByServer: return "the server closed the connection"
        case .unknownHost: return "unknown host"
        case .noFreeConnection: return "no connection became free in time; too many requests at once"
        case .certificateNotTrusted: return "its TLS certificate is not trusted for this address"
        case .notTLS(let plainAddress):
            return "it does not speak TLS (https): for a plain-HTTP server use \(plainAddress) instead"
        case .notHTTP: return "the answer is not HTTP; is this the market's address?"
        case .portOutOfRange(let port): return "port \(port) does not exist: a port is from 1 to 65535"
        case .answerTooLargeForClient: return "the answer was larger than this client accepts"
        case .answerTooLarge(let limit):
            return "the answer is larger than \(ByteCountText.format(limit)), the most this request accepts; stopped reading it"
        case .notTheContractsOK(let excerpt):
            let got = excerpt.isEmpty ? "empty" : "'\(excerpt)'"
            return "the answer is not the contract's \"OK\" (it is \(got)); is this an Open Market server?"
        case .emptyBody: return "the body is empty"
        case .fieldMissing: return "is missing"
        case .fieldNot(let kind): return "is not \(kind.english)"
        case .fieldNull(let kind): return "is null where \(kind.english) was expected"
        case .notJSON: return "the body is not valid JSON"
        case .atField(let path, let problem): return "\(path) \(problem.english)"
        case .decoderSaid(let words): return words
        case .pageRepeated(let page, let products, let searched):
            return "page \(page) repeated products of earlier pages and the server still says there are more: "
                + "stopped after \(products) products; \(Self.englishAdvice(searched: searched))"
        case .walkLimit(let pages, let products, let bytes, let searched):
            return "the server still says there are more after \(pages) pages (\(products) products, "
                + "\(ByteCountText.format(bytes))): stopped there, at this client's limit; \(Self.englishAdvice(searched: searched))"
        case .waitTooLong(let asked, let limit):
            return "the server asked to wait \(Self.duration(asked)) before trying again, longer than this client waits "
                + "(\(Self.duration(limit))); try again later"
        case .stillBusy(let attempts, let waited):
            return "the server was still busy after \(attempts) attempts and \(Self.duration(waited)) of waiting; try again later"
        case .notModifiedUnasked: return "Not Modified, to a request that was not conditional"
        case .imageTooLarge(let url, let limit):
            return "the image at \(url) is larger than \(ByteCountText.format(limit)), the most this download accepts; "
                + "stopped reading it"
        }
    }

    private static func englishAdvice(searched: Bool) -> String {
        searched ? "read pages one at a time ('list PAGE')" : "read pages one at a time ('list PAGE') or narrow with a search"
    }
}

extension ClientMessage.ValueKind {
    var english: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "true or false"
        case .other: "of the expected type"
        }
    }
}
