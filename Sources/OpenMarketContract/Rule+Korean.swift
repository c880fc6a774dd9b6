import Foundation

/// The Korean catalogue of ``Rule``, written as a Korean seller reads a form's error (합니다체,
/// as the shell's catalogue); every number, value and field name of the English is kept.
extension Rule {
    public var korean: String {
        switch self {
        case .controlCharacter(let code, let position): "제어 문자는 넣을 수 없습니다(\(position)번째 글자가 \(code)입니다)"
        case .length(let min, let max, let count): "\(min)자에서 \(max)자 사이로 써야 합니다(지금 \(count)자)"
        case .onlyWhiteSpace(let count): "공백이 아닌 글자가 하나 이상 있어야 합니다(지금 \(count)자 모두 공백)"
        case .containsNUL: "NUL 문자(U+0000)는 넣을 수 없습니다"
        case .notGreaterThanZero(let value): "0보다 커야 합니다(지금 \(value))"
        case .atMost(let limit, let value): "\(limit) 이하여야 합니다(지금 \(value))"
        case .tooManyDecimalPlaces(let places, let value): "소수점 아래는 \(places)자리까지만 쓸 수 있습니다(지금 \(value))"
        case .currencyNotAccepted(let given): "KRW 또는 USD만 쓸 수 있습니다(지금 \"\(given)\")"
        case .notZeroOrMore(let value): "0 이상이어야 합니다(지금 \(value))"
        case .notOverPrice(let price, let discount): "가격 \(price)보다 클 수 없습니다(지금 \(discount))"
        case .wholeNumberFromZero(let value): "0 이상의 정수여야 합니다(지금 \(value))"
        case .tooManySignificantDigits(let count, let max):
            "유효숫자가 \(count)자리입니다. 정확히 남길 수 있는 것은 \(max)자리까지입니다"
        case .notANumber(let text): "'\(text)'은(는) 숫자가 아닙니다"
        case .notAWholeNumber(let text): "'\(text)'은(는) 정수가 아닙니다"
        case .commaNotThousands(let text):
            "'\(text)': 쉼표는 천 단위를 나눌 때만 씁니다(1,250). 소수는 점으로 쓰세요(12.50)"
        case .pointBeforeThreeDigits(let text, let whole, let small):
            "'\(text)'은(는) \(whole)인지 \(small)인지 알 수 없습니다. \(whole)(이)나, 소수 두 자리로 \(small)(으)로 쓰세요"
        case .currencySignDisagrees(let text, let currency, let given):
            "'\(text)'은(는) 기호로 보면 \(currency)인데 통화는 \(given)입니다. 둘 중 하나만 쓰세요"
        case .required: "꼭 있어야 합니다"
        case .imageRequired(let min): "사진이 \(min)장 이상 있어야 합니다"
        case .tooManyImages(let max, let count): "사진은 \(max)장까지만 올릴 수 있습니다(지금 \(count)장)"
        case .image(let kind): Self.korean(kind)
        case .notShrunk(let bytes, let why): Self.korean(why, bytes: ByteCountText.format(bytes))
        case .couldNotShrink(let why): "300 KiB가 넘는데 줄이지 못했습니다: \(why)"
        case .damaged(let why): "사진이 손상되었습니다: \(why.clause)"
        case .noFileMatches: "맞는 파일이 없습니다"
        case .cannotUseFile(let why): "쓸 수 없는 파일입니다: \(why)"
        case .partOverLimit(let bytes): "\(bytes)바이트로, 한도인 300 KiB(307,200바이트)를 넘습니다"
        case .notOneOfImageIDs(let ids):
            "이 상품의 사진 id 가운데 하나여야 합니다(\(ids.map(String.init).joined(separator: ", ")))"
        case .notOneOrMore(let value): "1 이상이어야 합니다(지금 \(value))"
        case .outOfRange(let low, let high, let value): "\(low)에서 \(high) 사이여야 합니다(지금 \(value))"
        case .notAValidURL(let text): "\"\(text)\"은(는) 올바른 URL이 아닙니다"
        case .cannotFormURL(let text): "\"\(text)\"(으)로는 URL을 만들 수 없습니다"
        case .notEncodable(let why): "인코딩하지 못했습니다: \(why)"
        case .emptyText: "비어 있습니다"
        case .onlyHTTPImages(let scheme): "http와 https 사진만 내려받을 수 있습니다(이 주소는 \(scheme): URL입니다)"
        case .namesNoHost(let text): "\"\(text)\"에는 호스트가 없습니다"
        case .unsendable(let why): "요청을 보낼 수 없습니다: \(why)"
        case .foreignSecret:
            "이 로그인의 것이 아닌 secret이 들어 있습니다(다른 서버나 판매자의 secret입니다). 보내지 않았습니다. "
                + "이 서버에 로그인하세요('login' 또는 'use 프로필')"
        case .secretOutsideItsField:
            "판매자 secret이 들어 있어 보내지 않았습니다(secret은 요청의 secret 필드로만 보냅니다)"
        case .boundaryInContent(let boundary): "경계 문자열 \"\(boundary)\"이(가) 내용 안에 있습니다"
        case .multipartNotComposable(let why): "멀티파트 본문을 만들지 못했습니다: \(why)"
        }
    }

    private static func korean(_ kind: ImageProblem.Kind) -> String {
        switch kind {
        case .missing: "파일이 없습니다"
        case .notAFile: "파일이 아니라 폴더입니다"
        case .notARegularFile(let what): "사진 파일이 아닙니다(\(LocalFileError.korean(what)))"
        case .unreadable(let reason): "읽을 수 없습니다(\(reason))"
        case .permissionDenied: "읽을 권한이 없습니다"
        case .empty: "빈 파일입니다"
        case .notAnImage(let what): "JPEG, PNG, GIF 파일이 아닙니다(\(what.korean))"
        case .tooLarge(let bytes, _):
            "\(ByteCountText.format(bytes))로, 사진 한 장의 한도인 \(ByteCountText.format(UploadRules.maxImageBytes))를 넘습니다"
        case .overReadLimit(let bytes, let limit):
            "\(bytes.map { ByteCountText.format($0) + "로, " } ?? "")사진으로 읽는 최대 크기인 \(ByteCountText.format(limit))를 넘습니다. "
                + "더 작은 파일을 고르세요"
        }
    }

    private static func korean(_ why: ShrinkRefusal, bytes: String) -> String {
        let over = "\(bytes)로, 사진 한 장의 한도인 \(ByteCountText.format(UploadRules.maxImageBytes))를 넘습니다"
        return switch why {
        case .gif: over + "(GIF는 줄이지 않습니다. 더 작은 파일을 고르세요)"
        case .resizeOff: over + "(--no-resize를 빼면 줄여서 올립니다)"
        case .unreadable: over + ". 줄이려고 다시 읽을 수도 없습니다"
        case .damaged(let damage): over + ". 줄이려고 읽을 수도 없습니다: \(damage.clause)"
        }
    }
}
