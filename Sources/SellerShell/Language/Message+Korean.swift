import OpenMarketContract

/// The Korean catalog: every ``Message`` in Korean, written as a Korean seller or teacher would
/// say it (not word for word from the English). Sentences avoid particles right after a value
/// the shell fills in (`'list'라는`/`이라는` depends on how the value ends), so every value reads.
extension Message {
    var korean: String {
        switch self {
        case .heading(let heading): heading.korean
        case .soldOut: "품절"
        case .stockAndVerb(let stock, let verb): "재고 \(stock) · \(verb.korean)"
        case .noProducts: "상품이 없습니다"
        case .noProductsOnPage(let page): "\(page)쪽에 상품이 없습니다"
        case .pageSummary(let page, let pages, let total, let next):
            "\(pages)쪽 중 \(page)쪽, 상품 \(total)개" + (next.map { " — 다음 쪽은 'list \($0)'" } ?? "")
        case .pastTheEnd(let page, let total, let pages, let perPage):
            "\(page)쪽은 끝을 지났습니다. 상품 \(total)개가 \(perPage)개씩 \(pages)쪽입니다 — 마지막 쪽은 'list \(pages)'"
        case .severalDone(let done, let total, let verb): "\(total)개 중 \(done)개 \(verb.korean)"

        case .cannotReach(let server, let reason):
            "\(server)에 연결할 수 없습니다(\(reason)). 서버가 켜져 있나요? 'connect URL'로 다른 서버에 연결할 수 있습니다"
        case .tryAgainOrConnect(let problem): "\(problem) — 다시 해 보거나 'connect URL'로 다른 서버에 연결하세요"
        case .cancelled: "취소했습니다"
        case .notLoggedIn: "로그인하지 않았습니다. 먼저 'login'(또는 'use 프로필')을 하세요"
        case .serverRefused(let status, let reason, let message):
            message.isEmpty
                ? "서버가 거절했습니다(\(status)\(reason.isEmpty ? "" : " \(reason)"))" : "서버가 거절했습니다(\(status)): \(message)"
        case .timedOut(let server, let after): "\(server)에서 \(after) 안에 응답이 오지 않았습니다"
        case .connectionLost(let server, let reason): "\(server) 연결이 끊겼습니다(\(reason))"
        case .changedSinceRead(let message):
            "읽어 온 뒤에 상품이 바뀌었습니다(412)" + (message.isEmpty ? "" : ": \(message)")
        case .problemsNothingSent(let count): "문제가 \(count)개 있어서 아무것도 보내지 않았습니다:"
        case .refused401(let message):
            "서버가 거절했습니다(401): \(message) — 'whoami'로 로그인을 확인하거나 'login'을 다시 하세요"
        case .unknownCommand(let word, let guesses):
            "알 수 없는 명령입니다: '\(word)'"
                + (guesses.isEmpty ? "" : " — 혹시 \(guesses.map { "'\($0)'" }.joined(separator: " 또는 ")) 말인가요?")
                + " ('help'로 명령 목록을 볼 수 있습니다)"
        case .usage(let usage): "사용법: \(usage)"
        case .noSuchCommand(let name): "없는 명령입니다: '\(name)'"

        case .helpCommandsHeading: "명령:"
        case .helpFooter:
            "'help 명령'으로 사용법과 예를 봅니다. 따옴표와 백슬래시는 셸에서처럼 씁니다.\n"
                + "명령 끝에 'as 이름'을 붙이면 그 상품에 이름이 생깁니다. 그다음부터 $이름은 상품 id이고, "
                + "${이름.price}는 그 필드의 값입니다."
        case .helpUsage(let usage): "사용법: \(usage)"
        case .helpOptionsHeading: "옵션:"
        case .helpAliases(let aliases): "다른 이름: \(aliases)"
        case .helpExamplesHeading: "예:"

        case .stepPrompt(let index, let total): "[\(index)/\(total)] Enter: 보내기 · s: 건너뛰기 · c: 끝까지 · q: 그만두기"
        case .stepClosing(let name, let requests, let checks):
            "\(name): 요청 \(requests)개, " + (checks == 0 ? "확인 없음" : "확인 \(checks)개 통과")
        case .stepStopped(let name, let line, let sent, let skipped, let notReached):
            "\(name): \(line)번째 줄에서 멈췄습니다. 보냄 \(sent), 건너뜀 \(skipped), 남음 \(notReached)"
        case .stepNeedsTerminal(let file):
            "--step은 터미널 앞에서 답할 사람이 있어야 합니다. \(file) 파일을 멈추지 않고 끝까지 실행합니다"
        case .linesFailed(let failed, let total, let places): "\(total)줄 중 \(failed)줄 실패: \(places)"
        case .resumed(let name, let skipped, let recovered):
            "\(name) 이어서 실행: 이미 끝난 줄 \(skipped)개"
                + (recovered > 0 ? ", 중단되기 전에 만들어진 것 \(recovered)개를 찾았습니다" : "")
        case .morePrompt: "── 더 보기: Enter · c: 멈추지 않고 끝까지 ──"
        case .expectFailed(let left, let op, let right): "확인 실패: \(left) \(op) \(right)"

        case .noAnswer(let why): "응답 없음(\(why))"
        // Kilobytes and megabytes are written KB and MB in Korean too.
        case .byteCount(let bytes): bytes < 1024 ? "\(bytes)바이트" : ByteCountText.format(bytes)
        case .dryRunMark: "(모의 실행: 보내지 않았고, 응답은 지어낸 것)"
        case .exchangeHeading(let number): "요청·응답 #\(number)"
        case .sentBy(let command): "보낸 명령 `\(command)`"
        case .notebookTitle: "# HTTP 실습 노트"
        case .notebookInfo(let server, let written, let count): "서버: \(server) · 작성: \(written) · 요청·응답 \(count)개"
        case .notebookSentBy(let command): "보낸 명령: \(command)"
        case .notebookRequest: "요청:"
        case .notebookAnswer: "응답:"

        case .localMarketAt(let url, let vendor): "로컬 마켓: \(url) (로그인: \(vendor))"
        case .localMarketData(let path): "데이터 폴더: \(path)"
        case .localMarketStorefront(let url): "구매자에게 보이는 상점: \(url)"
        }
    }
}

extension Message.Heading {
    var korean: String {
        switch self {
        case .id: "번호"
        case .name: "상품명"
        case .price: "가격"
        case .discount: "할인"
        case .final: "판매가"
        case .stock: "재고"
        case .vendor: "판매자"
        case .created: "등록"
        case .changed: "수정"
        case .description: "설명"
        case .thumbnail: "대표 사진"
        case .image: "사진"
        }
    }
}

extension Message.Verb {
    var korean: String {
        switch self {
        case .registered: "등록 완료"
        case .updated: "수정 완료"
        case .changed: "변경 완료"
        case .deleted: "삭제 완료"
        }
    }
}
