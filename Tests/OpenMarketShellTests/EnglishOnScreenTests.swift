import Testing

/// The English detector of `KoreanEverywhereTests` (issue 40, item 2), both ways: the lines the
/// issue names as English are found, and the Korean lines around them, with their commands,
/// field names, URLs, HTTP lines and JSON, are not.
@Suite("English on screen")
struct EnglishOnScreenTests {
    @Test(arguments: [
        "patch: price: 'abc' is not a number",
        "  description: must be 10 to 1000 characters (it has 9) — 다시 입력하세요",
        "name (3 to 100 characters): 테스트 머그컵",
        "(bookkeeping: the journal notes the product before the answer)",
        "# a conditional request sends If-Match",
        "('explain' lists them)",
        "another run of this script is using /tmp/x.om.journal",
        "1 product",
        "1  2026-11-28 23:15 UTC  register name=\"머그컵\" descripti…  registered #4 테스트 머그컵",
        "page 2 is past the end",
        "show 99999: 서버가 거절했습니다(404): product 99999: no such product",
        "patch 2: 서버가 거절했습니다(403): product 2: belongs to another vendor",
        "exported 0 products to out.csv",
        "pages 1/1",
        "import: 1 problem in bad.csv; nothing was sent (fix it, or --continue-on-error to skip that row):",
        "bad.csv:1:image: unknown column 'image': did you mean 'images'? The columns are id, name, description",
        "No such file or directory",
        "warning: the server did not send an ETag",
        "  ↳ GET: reads a resource and changes nothing",
        "[2/27] Enter sends · s skips · c runs to the end · q stops",
        "  bad.csv:4: check: name: 이름이 없습니다. 모든 상품에는 이름이 있어야 합니다",
        "1/1 · 1 registered · 21/s · 0:00 left",
        "  part name=\"images\"; filename=\"chelsea-cat.jpg\" (image/jpeg, 12732바이트)",
    ])
    func anEnglishSentenceIsFound(line: String) {
        #expect(EnglishOnScreen.isEnglish(line), "\(line)")
    }

    @Test(arguments: [
        "patch: price: 'abc'은(는) 숫자가 아닙니다",
        "GET /products?page=1 → 200 OK",
        "  #14 POST /api/products → 413 Payload Too Large · 7 ms · 55바이트",
        "  #13 DELETE /api/products/OHxhNmJj → 404 Not Found · 2 ms · 51바이트",
        "HTTP/1.1 412 Precondition Failed",
        "Content-Type: application/json; charset=utf-8",
        "ETag: \"4-1\"",
        "connection: close",
        "Retry-After: 3600",
        "  \"description\" : \"A sturdy mug for the kitchen\",",
        "{\"message\":\"product 2: belongs to another vendor\"}",
        "openmarket demo-shop@127.0.0.1:38859> register name=\"Blue mug\" description='is not the best'",
        "openmarket: 로컬 마켓: http://127.0.0.1:40295 (로그인: demo-shop)",
        "openmarket: 데이터 폴더: /tmp/h7home/data/openmarket/local",
        "stock: +N, -N, =N 가운데 하나가 아닙니다: '+abc'",
        "사용법: patch ID… [name=…] [description=…] [thumbnail=IMAGE_ID] [--if-match ETAG] [--yes]",
        "'undo'는 가장 최근 변경을, 'undo N'은 N번 변경을 되돌립니다",
        "redo 2: delete #5 테스트 머그컵 — 다시 할까요? [y/N]",
        "  ↳ identifier: 누가 요청하는지 알리는 판매자 id입니다. secret은 헤더가 아니라 본문에만 들어갑니다.",
        "  ↳ POST /api/products, multipart/form-data: params 파트(JSON 필드와 secret)와 사진마다 파트 하나.",
        "  ↳ GET: 안전하고 멱등적입니다(RFC 9110 §9.3.1).",
        "번호  상품명           가격  할인  판매가  재고  판매자",
        "   4  테스트 머그컵  ₩3,500     -  ₩3,500  품절  demo-shop",
        "#4 테스트 머그컵 상품을 삭제할까요? [y/N] y",
        "Enter는 보내기, s는 건너뛰기, c는 끝까지 실행, q는 멈추기",
        "이웃 가게(neighbour-shop)의 상품이라 고칠 수 없습니다",
        "#     Header:value        헤더",
        "  images@../../photos/chelsea-cat.jpg as item",
        "[2/27] Enter: 보내기 · s: 건너뛰기 · c: 끝까지 · q: 그만두기 c",
        "→ GET http://127.0.0.1:35219/healthChecker  #1",
        "  Accept-Language: ko, en;q=0.5",
        "",
    ])
    func aKoreanLineCommandOrProtocolLineIsNot(line: String) {
        #expect(!EnglishOnScreen.isEnglish(line), "\(line)")
    }

    @Test func productTextTheTestTypedIsNotEnglish() {
        let typed = EnglishOnScreen.words(ofTyped: ["Blue enamel mug", "A mug for the kitchen shelf"])
        #expect(typed.contains("blue") && typed.contains("kitchen"))
        #expect(!EnglishOnScreen.isEnglish("#7 Blue enamel mug ₩3,500 · 재고 5 · 등록 완료", typed: typed))
        #expect(EnglishOnScreen.isEnglish("#7 Blue enamel mug ₩3,500 · stock 5 · registered", typed: typed))
    }

    /// Escapes are removed, and each piece of a line between carriage returns is read: a
    /// progress line that the summary overwrites was on screen too.
    @Test func escapesAreRemovedAndEveryPieceOfALineIsRead() {
        let transcript =
            "\u{1B}[Kpages 1/1\u{1B}[K\r\n\u{1B}[32m#4 등록 완료\u{1B}[0m\r\n"
            + "\r\u{1B}[K1/1 · 1 registered · 21/s · 0:00 left\r\u{1B}[Kbad.csv: 등록 1, 실패 0\r\n"
        #expect(EnglishOnScreen.lines(in: transcript) == ["pages 1/1", "1/1 · 1 registered · 21/s · 0:00 left"])
        #expect(EnglishOnScreen.visibleText("\u{1B}]0;title\u{07}제목") == "제목")
    }
}
