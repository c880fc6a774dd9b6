import OpenMarketContract

/// The Korean catalog: every ``Message`` in Korean, written as a Korean seller or teacher would
/// say it (not word for word from the English). Sentences avoid particles right after a value
/// the shell fills in (`'list'라는`/`이라는` depends on how the value ends), so every value reads.
extension Message {
    public var korean: String {
        switch self {
        case .heading(let heading): heading.korean
        case .soldOut: "품절"
        case .stockAndVerb(let stock, let verb): "재고 \(stock) · \(verb.korean)"
        case .noProducts: "상품이 없습니다"
        case .noProductsOnPage(let page): "\(page)쪽에 상품이 없습니다"
        case .pageSummary(let page, let pages, let total, let next):
            "\(page)/\(pages)쪽, 상품 \(total)개" + (next.map { " — 다음 쪽은 'list \($0)'" } ?? "")
        case .pastTheEnd(let page, let total, let pages, let perPage):
            "\(page)쪽은 없습니다. 상품 \(total)개를 \(perPage)개씩 보면 \(pages)쪽까지입니다. 마지막 쪽은 'list \(pages)' 명령으로 보세요"
        case .severalDone(let done, let total, let verb): "\(total)개 중 \(done)개 \(verb.korean)"

        case .cannotReach(let server, let reason):
            "\(server)에 연결할 수 없습니다(\(reason)). 서버가 켜져 있나요? 'connect URL'로 다른 서버에 연결할 수 있습니다"
        case .tryAgainOrConnect(let problem): "\(problem) — 다시 해 보거나 'connect URL'로 다른 서버에 연결하세요"
        case .mayHaveBeenMade:
            "요청은 이미 나갔습니다. 마켓이 그래도 변경했을 수 있고, undo는 이 변경을 모릅니다. 다시 보내기 전에 확인하세요(show ID, list --mine). 그러지 않으면 두 번 처리될 수 있습니다"
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
                + Self.koreanGuesses(guesses) + " ('help'로 명령 목록을 볼 수 있습니다)"
        case .usage(let usage): "사용법: \(usage)"
        case .noSuchCommand(let name, let guesses):
            "없는 명령입니다: '\(name)'" + Self.koreanGuesses(guesses)
        case .setNoSuchSetting(let given, let settings):
            "설정 이름은 \(settings.joined(separator: ", ")) 중 하나여야 합니다" + (given.map { "(입력: '\($0)')" } ?? "")
        case .setValueNotOneOf(let setting, let given, let values):
            "\(setting) 값은 \(values.joined(separator: ", ")) 중 하나여야 합니다" + (given.map { "(입력: '\($0)')" } ?? "")

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
        case .stepClosing(let name, let requests, let checks, let skipped):
            "\(name): 요청 \(requests)개, " + (checks == 0 ? "확인 없음" : "확인 \(checks)개 통과")
                + (skipped == 0 ? "" : ", 건너뛴 줄 \(skipped)개")
        case .stepStopped(let name, let line, let sent, let skipped, let notReached):
            "\(name): \(line)번째 줄에서 멈췄습니다. 보냄 \(sent), 건너뜀 \(skipped), 남음 \(notReached)"
        case .stepNeedsTerminal(let file):
            "--step은 터미널 앞에서 답할 사람이 있어야 합니다. \(file) 파일을 멈추지 않고 끝까지 실행합니다"

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

        case .whoamiField(let field): field.korean
        case .vendorNotKnownYet: "(아직 모릅니다. 로그인하거나 처음 상품을 등록하면 알게 됩니다)"
        case .vendorNotLoggedIn: "로그인하지 않았습니다('login' 또는 'use 프로필')"
        case .healthAnswers(let server, let answer, let ms): "\(server) 응답: \(answer) (\(ms) ms)"
        case .notAnHTTPURL(let text): "http(s) URL이 아닙니다: '\(text)'"
        case .portOutOfRange(let text, let port): "'\(text)'의 포트 \(port)은(는) 없는 포트입니다. 포트는 1에서 65535 사이입니다"
        case .connectWhichURL: "어느 URL에 연결할까요?"
        case .connected(let url): "연결했습니다: \(url)"
        case .switchedNotAnswering(let url, let problem): "서버를 바꿨습니다: \(url). 아직 응답이 없습니다(\(problem)). 명령을 보낼 때 다시 시도합니다"
        case .switchedHealthFailed(let url, let problem): "서버를 바꿨습니다: \(url). 하지만 상태 확인에 실패했습니다: \(problem)"
        case .whichProfile(let names): "어느 프로필인가요? (\(names.joined(separator: ", ")))"
        case .profileNamesNoServer(let name):
            "'\(name)' 프로필에는 서버가 없습니다. secret은 그 서버로만 보내므로, 그 서버에 연결해서 "
                + "다시 저장하세요('login --save \(name)')"
        case .usingProfile(let name, let identifier, let server): "'\(name)' 프로필을 씁니다: \(server)의 \(identifier)…"
        case .loggedOut: "로그아웃했습니다"
        case .noScreenToClear: "clear: 여기에는 지울 화면이 없습니다(터미널이 아님)"
        case .exitStatusRange(let got): "종료 상태는 0부터 255까지의 정수여야 합니다(입력: '\(got)')"
        case .warning(let text): "경고: \(text)"

        case .stockSayHow: "어떻게 바꿀지 적으세요: +N은 더하기, -N은 빼기, =N은 정하기"
        case .notAStockChange(let text): "+N, -N, =N 가운데 하나가 아닙니다: '\(text)'"
        case .stockQuestion(let change, let count, let products): "상품 \(count)개의 재고를 \(change) 할까요? (\(products))"
        case .changedNothing: "아무것도 바꾸지 않았습니다"
        case .stockChangesNothing(let change): "재고를 \(change) 해도 바뀌는 것이 없어서 아무것도 보내지 않았습니다"
        case .stockKeptChanging(let seconds):
            "재고를 고치는 \(seconds)초 동안 상품이 계속 바뀌었습니다(누군가 함께 바꾸고 있습니다). "
                + "이 명령은 아무것도 바꾸지 않았으니 다시 해 보세요"
        case .stockRaced(let now, let target): "재고가 \(target)개가 아니라 \(now)개입니다. 누군가 같은 때에 바꿨습니다"
        case .stockOverflow: "재고가 셀 수 있는 범위를 넘습니다"
        case .cannotRemove(let inStock, let removing): "재고가 \(inStock)개뿐이라 \(removing)개를 뺄 수 없습니다"
        case .deleteNeedsYes(let id, let name): "#\(id) \(name) 삭제는 확인이 필요합니다: --yes를 붙이세요"
        case .deleteQuestion(let id, let name): "#\(id) \(name) 상품을 삭제할까요?"
        case .kept(let id): "#\(id) 상품을 그대로 두었습니다"
        case .deleted(let id, let name): "#\(id) \(name) 삭제 완료"
        case .deleteSeveralNeedsYes(let count): "상품 \(count)개 삭제는 확인이 필요합니다: --yes를 붙이세요"
        case .deleteAsksUnattended: "삭제하기 전에 묻는데, 스크립트는 터미널에서 --step으로 실행할 때만 멈춰서 묻습니다: --yes를 붙이세요"
        case .deleteSeveralQuestion(let count, let products): "상품 \(count)개를 삭제할까요? (\(products))"
        case .keptAll(let count): "\(count)개 모두 그대로 두었습니다"
        case .fieldRequired(let field, let rule): "\(field) 값이 필요합니다(\(rule))"
        case .registerCancelled: "등록을 취소했습니다. 아무것도 보내지 않았습니다"
        case .registerGaveUp(let attempts): "맞지 않는 답이 \(attempts)번 나와서 등록을 취소했습니다. 아무것도 보내지 않았습니다"
        case .noFileMatches(let text): "\(text): 맞는 파일이 없습니다"
        case .noSuchFile(let text): "\(text): 그런 파일이 없습니다"
        case .noExchangesYet: "아직 요청·응답이 없습니다. 세션이 보내는 요청마다 여기에 번호가 붙습니다"
        case .exchangesForgotten(let oldest, let capacity, let budget):
            "(#\(oldest) 앞의 요청·응답은 더 이상 남아 있지 않습니다. 기록은 마지막 \(capacity)개까지, "
                + "모두 합쳐 \(ByteCountText.format(budget))까지 남깁니다)"
        case .wroteHAR(let count, let path): "요청·응답 \(count)개를 \(path)에 썼습니다(HAR 1.2: 브라우저의 네트워크 패널에서 열 수 있습니다)"
        case .wroteNotebook(let count, let path): "요청·응답 \(count)개를 \(path)에 썼습니다(실습 노트)"

        case .unexpectedWord(let word): "필요 없는 말이 있습니다: '\(word)'"
        case .unknownOption(let option, let guesses): "모르는 옵션입니다: \(option)" + Self.koreanGuesses(guesses)
        case .programsOption(let option, let instead):
            "\(option) 옵션은 명령줄에서 명령을 실행할 때 프로그램에 주는 옵션이고, 명령의 옵션이 아닙니다. "
                + "프롬프트에서는 '\(instead)' 명령을 입력하세요"
        case .needsValue(let name): "\(name) 뒤에 값이 필요합니다"
        case .takesNoValue(let name, let given): "\(name)에는 값을 붙이지 않습니다('\(given)'). \(name)만 쓰거나 빼세요"
        case .unknownField(let key, let known, let guesses):
            "모르는 필드입니다: '\(key)'"
                + (guesses.isEmpty ? (known.isEmpty ? "" : " (필드: \(known))") : Self.koreanGuesses(guesses))
        case .givenTwice(let key): "두 번 적었습니다: \(key)"
        case .whichProduct: "어느 상품인가요? id를 적으세요"
        case .productIDTooLarge(let shown):
            "상품 id는 9,007,199,254,740,991까지입니다(마켓의 JSON이 담을 수 있는 가장 큰 수). 이 값은 id가 될 수 없습니다: \(shown)"
        case .nameWantsDollar(let name):
            "상품 id가 아닙니다: '\(name)' — "
                + (name == "last" ? "마지막 명령의 상품이라면" : "이름을 붙인 상품('as \(name)')이라면") + " 이렇게 쓰세요: $\(name)"
        case .notAProductID(let shown): "상품 id가 아닙니다: '\(shown)' (12 같은 정수여야 합니다)"
        case .productIDStartsAtOne(let shown): "상품 id는 1부터입니다. 이 값은 id가 될 수 없습니다: \(shown)"
        case .productIDNotASCII(let shown, let ascii):
            "'\(shown)'은(는) 마켓이 읽지 못하는 숫자(전각 등)입니다. id는 \(ascii)처럼 ASCII 숫자로 입력하세요"
        case .fieldWantsEquals(let field): "'\(field)'은(는) 상품 id가 아니라 항목 이름입니다. \(field)=값 처럼 쓰세요"
        case .numberOutOfRange(let name, let low, let high, let got): "\(name) 값은 \(low)부터 \(high)까지입니다(입력: '\(got)')"
        case .rawUnknownOption(let method, let option, let known):
            "\(method): 모르는 옵션입니다: \(option) (받는 옵션: \(known.joined(separator: ", ")))"
        case .rawPathFirst(let method, let got): "\(method) 뒤에는 먼저 경로를 씁니다. 예: \(method) /api/products/3 (입력: '\(got)')"
        case .notARequestItem(let word): "요청 항목이 아닙니다: '\(word)'. " + Message.requestItemGuide.korean
        case .headerLineBreak(let name): "헤더 \(name): 헤더 이름과 값에는 줄바꿈을 넣을 수 없습니다: 값을 한 줄로 적으세요"
        case .requestItemGuide:
            "항목: name=value (JSON 문자열) · price:=3500 (따옴표 없는 JSON 값) · Header:value · search_value==mug (쿼리) · "
                + "images@photo.jpg (파일, 본문이 multipart가 됨) · secret=@secret (세션의 secret, 직접 입력하지 않음)"
        case .rawNeedsPath(let method): "\(method) 뒤에 경로가 필요합니다. 예: \(method) /api/products"
        case .rawNoBody(let method, let item):
            "\(method) 요청에는 본문이 없는데, 이 항목은 본문에 들어갑니다: '\(item)' (쿼리는 name==value로 씁니다)"
        case .offlineNothingSent: "(--offline: 아무것도 보내지 않았습니다)"
        case .answerIs(let request, let status, let reason): "\(request): 응답 \(status) \(reason)"
        case .rawNotLoggedIn(let method):
            "\(method): 로그인하지 않아서 보낼 identifier가 없습니다. 먼저 'login'을 하거나 --no-auth를 붙이세요"
        case .rawOtherServer(let server):
            "직접 보내는 요청은 이 세션의 마켓(\(server))으로 갑니다. /api/products처럼 경로만 쓰거나, 먼저 'connect URL'을 하세요"

        case .testRan(let requests, let seconds): "(요청 \(requests)개, \(seconds)초)"
        case .testSummary(let passed, let failed, let seconds): "test: 통과 \(passed), 실패 \(failed) (\(seconds)초)"
        case .testTimeLimit(let seconds): "제한 시간 \(seconds)초가 지나 멈췄습니다 (--time-limit SECONDS로 파일마다 더 줍니다)"
        case .testInterrupted: "끝나기 전에 멈춰서 끝까지 채점하지 못했습니다"
        case .testSummaryInterrupted(let passed, let failed, let notGraded, let seconds):
            "test: 중단됨: 통과 \(passed), 실패 \(failed), 채점 안 함 \(notGraded) (\(seconds)초)"
        case .testNotGraded: "채점하지 않음: 스크립트가 실행되기 전에 채점을 멈췄습니다"

        case .patchNothingToChange(let example): "바꿀 것이 없어서 아무것도 보내지 않았습니다(필드를 적으세요: \(example))"
        case .cannotBeRead(let id): "#\(id): 읽을 수 없습니다(그래도 보내 봅니다)"
        case .patchQuestion(let change, let count, let products): "patch: 상품 \(count)개를 바꿀까요: \(change) (\(products))"
        case .mixedCurrencies(let parts): "이 상품들은 통화가 다릅니다(\(parts)). 같은 금액이라도 상품마다 다른 가격이 됩니다"
        case .etagMoved(let id, let etag):
            "#\(id) 상품이 주어진 ETag(\(etag))와 맞지 않습니다. 그 ETag를 읽은 뒤에 바뀌었거나 이 상품의 ETag가 "
                + "아닙니다. 아무것도 바꾸지 않았습니다. ETag를 다시 읽고('GET /api/products/\(id)' 뒤 "
                + "${response.headers.etag}) 다시 해 보세요"
        case .whichProfileToRemove: "어느 프로필인가요? profiles remove 이름"
        case .profilesUsage(let typed): "'\(typed)': profiles는 목록을 보여 주고, profiles remove 이름은 하나를 지웁니다"
        case .removedProfile(let name, let folder): "'\(name)' 프로필을 지웠습니다(\(folder))"
        case .profileUnreadable(let name): "(읽을 수 없음: 'use \(name)' 명령으로 이유를 봅니다)"
        case .noSavedProfiles: "저장한 프로필이 없습니다('login --save 이름'으로 저장합니다)"
        case .profileColumn(let column): column.korean
        case .searchForWhat: "무엇을 찾을까요? search 낱말"

        case .asTakes: "--as 뒤에는 curl, httpie, raw 가운데 하나를 씁니다"
        case .notAnExchangeNumber(let word): "요청·응답 번호가 아닙니다: '\(word)' ('exchanges'로 목록을 봅니다)"
        case .wireOrAs: "--wire는 요청·응답을 보여 주고 --as는 명령으로 씁니다. 하나만 고르세요"
        case .cannotWriteAs(let number, let form, let reason): "\(number)번 요청·응답은 \(form) 명령으로 쓸 수 없습니다: \(reason)"
        case .noExchangeSendFirst: "아직 요청·응답이 없습니다. 먼저 요청을 보내세요(예: 'list')"
        case .exchangeForgotten(let number, let capacity, let budget, let oldest):
            "\(number)번 요청·응답은 더 이상 남아 있지 않습니다(기록은 마지막 \(capacity)개까지, "
                + "모두 합쳐 \(ByteCountText.format(budget))까지 남깁니다"
                + (oldest.map { ". 가장 오래된 것은 #\($0))" } ?? ")")
        case .exchangeNotYet(let number, let last): "\(number)번 요청·응답은 아직 없습니다. 마지막은 #\(last)입니다"
        case .noChangeLog: "이 세션은 변경 기록을 남기지 않습니다"
        case .changesNeedLogin: "로그인하지 않았습니다. 변경 기록은 서버와 판매자마다 따로 남으니, 로그인하면 볼 수 있습니다"
        case .noChangesKept: "이 서버와 판매자의 변경 기록이 없습니다"
        case .changeColumn(let column): column.korean
        case .changeCount(let count, let tally): "변경 \(count)건 (\(tally))"
        case .changeTally(let count, let kind): "\(kind.korean) \(count)"
        case .undone(let partly): partly ? "일부 되돌림" : "되돌림"
        case .earlierNotShown(let count): "(이전 \(count)건은 보이지 않음)"
        case .notAChangeNumber(let word, let command): "변경 번호가 아닙니다: '\(word)' ('\(command) N' 명령의 N은 'changes' 목록에 있는 번호입니다)"

        case .notLoggedInTo(let server, let profiles):
            "\(server)에 로그인하지 않았습니다. 'login'으로 로그인하세요"
                + (profiles.isEmpty ? "" : ". 저장한 프로필은 'use 이름'으로 씁니다(\(profiles.joined(separator: ", ")))")
        case .editHeader(let id):
            "# #\(id) 상품을 고칩니다. 아래 값을 고친 뒤 저장하고 나가세요. 바뀐 것만 보냅니다.\n"
                + "# #으로 시작하는 줄은 읽지 않습니다. 바뀐 것이 없거나 빈 파일이면 아무것도 보내지 않습니다.\n"
                + "# 제어 문자가 든 값은 셸에서처럼 $'…'로 씁니다(줄바꿈은 \\n)."

        case .sendUnclashedFields(let count, let fields):
            "아무도 바꾸지 않은 필드\(count == 1 ? "" : " \(count)개")(\(fields))를 지금 버전에 보낼까요?"

        case .askIdentifier: "identifier(판매자 식별자): "
        case .giveIdentifier: "identifier를 적으세요: login IDENTIFIER"
        case .notAnIdentifier(let typed):
            "판매자 identifier로 보이지 않습니다: '\(typed)' (0c1b5a9e-2f3d-4e5f-8a9b-0c1d2e3f4a5b 같은 36자 UUID)"
        case .vendorNumber(let id): "판매자 #\(id)"
        case .loggedInAs(let who, let verdict): "로그인했습니다: \(who). \(verdict)"
        case .savedAsProfile(let name): "'\(name)' 프로필로 저장했습니다(권한 0600)"
        case .loginRefused(let message):
            "서버가 이 identifier와 secret을 거절했습니다(401 \(message)). 둘 다 확인하고 다시 로그인하세요. 아무것도 저장하지 않았습니다"
        case .loginThrottled(let message):
            "틀린 secret이 이어져서 서버가 이 identifier의 로그인을 잠시 막고 있습니다(429 \(message)). 기다렸다가 다시 로그인하세요"
        case .cannotVerifyLogin(let answered):
            "이 서버는 무언가를 바꾸지 않고는 로그인을 확인할 수 없습니다(응답: \(answered ?? "예상하지 못한 것")). "
                + "secret은 처음 무언가를 바꿀 때 확인됩니다"
        case .checkedWithServer: "서버에서 확인했습니다"
        case .vendorIDUnknown(let environment):
            "내 판매자 id를 아직 모릅니다(list --mine, import, export에 필요합니다). "
                + "'login --vendor-id N'이나 \(environment)=N으로 알려 주거나, 상품을 하나 등록하세요"
        case .profileExists(let name, let what): "'\(name)' 프로필이 이미 있습니다\(what). 먼저 'profiles remove \(name)' 명령으로 지우세요"
        case .overwriteProfile(let name, let what): "'\(name)' 프로필이 이미 있습니다\(what). 덮어쓸까요?"
        case .keptProfile(let name): "'\(name)' 프로필을 그대로 두었습니다. 아무것도 바꾸지 않았습니다"
        case .noServer: "서버 없음"
        case .askSecret(let short): "\(short)…의 secret: "
        case .noSecretGiven: "secret을 입력하지 않았습니다. 스크립트에서는 OPENMARKET_SECRET을 설정하세요"

        case .nothingToReverseNoLog(let undo): "이 세션은 변경 기록을 남기지 않아서 \(undo ? "되돌릴" : "다시 할") 것이 없습니다"
        case .reverseNeedsLogin: "로그인하지 않았습니다. 변경 기록은 서버와 판매자마다 따로 남으니 먼저 로그인하세요('login' 또는 'use 이름')"
        case .reverseDryRun(let undo, let number, let label): "\(undo ? "undo" : "redo") \(number) (\(label)) — 보낼 요청:"
        case .dryRunNothingSent: "(--dry-run: 아무것도 보내지 않았습니다)"
        case .reverseCancelled(let undo): "\(undo ? "되돌리기" : "다시 하기")를 취소했습니다. 아무것도 보내지 않았습니다"
        case .nothingKept(let undo): "\(undo ? "되돌릴" : "다시 할") 것이 없습니다. 이 서버에서 이 판매자로 한 변경이 남아 있지 않습니다"
        case .everythingUndone: "되돌릴 것이 없습니다. 이 서버와 판매자의 변경은 모두 되돌렸습니다('redo'로 마지막 것을 다시 합니다)"
        case .nothingUndone: "다시 할 것이 없습니다. 되돌린 변경이 없습니다('changes'로 목록을 봅니다)"
        case .noSuchChange(let number): "이 서버와 판매자의 기록에 \(number)번 변경이 없습니다('changes'로 목록을 봅니다)"
        case .partOfBatch(let undo, let number, let unit, let count, let label):
            "\(number)번 변경은 \(unit)번 변경(\(label))에 묶인 변경 \(count)건 가운데 하나라 따로 \(undo ? "되돌리지" : "다시 하지") 않습니다. "
                + "'\(undo ? "undo" : "redo") \(unit)' 명령으로 모두 \(undo ? "되돌립니다" : "다시 합니다")"
        case .partOfBatchAlready(let undo, let number, let unit, let count, let label):
            "\(number)번 변경은 \(unit)번 변경(\(label))에 묶인 변경 \(count)건 가운데 하나이고, "
                + (undo ? "이미 되돌렸습니다. 'redo \(unit)' 명령으로 모두 다시 합니다" : "되돌리지 않았으므로 다시 할 것이 없습니다")
        case .undoneAlready(let number): "\(number)번 변경은 이미 되돌렸습니다('redo \(number)' 명령으로 다시 합니다)"
        case .notUndone(let number): "\(number)번 변경은 되돌리지 않았으니 다시 할 것이 없습니다"
        case .reverseDeletesNeedYes(let undo, let number, let deletes):
            "\(undo ? "undo" : "redo") \(number) 명령은 상품 \(deletes)개를 삭제하므로 확인이 필요합니다: --yes를 붙이세요"
        case .typeCountToReverse(let undo, let count):
            "변경 \(count)건을 \(undo ? "되돌리려면" : "다시 하려면") 그 수(\(count))를 입력하세요(다른 것은 취소): "
        case .reverseOneQuestion(let undo, let number, let plan):
            "\(undo ? "undo" : "redo") \(number): \(plan) — \(undo ? "되돌릴까요" : "다시 할까요")?"
        case .backAs(let name, let new, let old): "\(name) 상품이 돌아왔습니다. 새 번호는 #\(new)입니다(전에는 #\(old))"
        case .reversed(let undo, let number, let what): "\(number)번 변경을 \(undo ? "되돌렸습니다" : "다시 했습니다"): \(what)"
        case .reversedSome(let undo, let number, let label, let done, let total):
            "\(number)번 변경을 \(undo ? "되돌렸습니다" : "다시 했습니다") (\(label)): \(total)건 중 \(done)건"

        case .stockCount(let stock): "재고 \(stock)"
        case .photoOf(let index, let total): "사진 \(total)장 중 \(index)번째"
        case .photosDrawnForFirst(let drawn, let total): "사진은 \(total)장 중 처음 \(drawn)장만 그렸습니다"
        case .photosOutOfTime(let missing, let seconds):
            "사진 \(missing)장은 그리지 못했습니다: 한 명령의 사진은 모두 합쳐 \(seconds)초까지 받습니다. 그 카드는 사진 없이 보입니다"
        case .photosAreOff: "사진 그리기가 꺼져 있습니다('set photos auto'로 켭니다)"
        case .openedInBrowser: "브라우저에서 열었습니다"
        case .noStorefront(let server):
            "\(server)에는 상점 페이지가 없습니다(GET /products/ID가 웹 페이지가 아닙니다). "
                + "함께 들어 있는 로컬 마켓에는 있습니다: --server 없이 셸을 시작하세요"

        case .vendorIDNeeded(let what, let environment, let otherwise):
            "\(what): 이 마켓에서 내 판매자 id가 필요한데 아직 모릅니다(아무것도 보내지 않았습니다). "
                + "'login --vendor-id N'으로 한 번 알려 주거나(프로필에 저장) \(environment)=N을 설정하세요"
                + (otherwise.map { ". 아니면 \($0) 옵션을 쓰세요" } ?? "")
        case .notAVendorID(let source, let got): "\(source) 값은 이 마켓에서 내 판매자 id, 곧 15 같은 정수여야 합니다(입력: '\(got)')"
        case .theVendorID: "판매자 id"
        case .askVendorID: "이 마켓에서 내 판매자 id는? "
        case .askVendorIDAgain(let problem): "\(problem). 다시 입력하거나, 없이 계속하려면 Enter를 누르세요"
        case .goingOnWithoutVendorID(let problem): "\(problem). 판매자 id 없이 계속합니다"
        case .usingSavedProfile(let name, let identifier): "이 서버에 저장한 '\(name)' 프로필을 씁니다(\(identifier)…)"
        case .loggedOutOtherServer(let previous): "로그아웃했습니다. 그 로그인은 \(previous)의 것이었습니다 — 이 서버에서는 'login' 또는 'use 프로필'을 하세요"
        case .loggedInAgain(let vendor, let server): "이 세션이 \(server)에서 쓰던 로그인(\(vendor))으로 다시 로그인했습니다"
        case .editorDidNotStart(let editor, let reason): "편집기를 시작하지 못했습니다('\(editor)': \(reason))"
        case .editorLost(let editor): "편집기 '\(editor)'의 상태를 더는 알 수 없습니다"
        case .editorNotFound(let editor): "편집기를 찾을 수 없습니다('\(editor)'). 쓰는 편집기를 VISUAL이나 EDITOR에 정하세요(EDITOR=nano)"
        case .editorExited(let editor, let status): "편집기가 실패로 끝났습니다('\(editor)', 종료 상태 \(status))"
        case .editorSignalled(let editor, let signal): "편집기가 시그널을 받고 멈췄습니다('\(editor)', 시그널 \(signal))"
        case .editorFailedNothingSent(let why): "\(why). 그래서 아무것도 보내지 않았습니다"
        case .editNeedsTerminal(let id):
            "편집기를 열려면 터미널이 필요합니다. 대신 'patch \(id) field=value …' 명령으로 바꾸세요(patch \(id) price=3000)"
        case .editNeedsTerminalUnattended:
            "편집기를 열려면 터미널이 필요한데, 스크립트는 터미널에서 --step으로 실행할 때만 씁니다. 대신 'patch ID field=value …' 명령으로 바꾸세요"
        case .editStillUnreadable(let problem):
            "문서에 아직 문제가 있는데(\(problem)) 고치지 않은 채 저장해서 아무것도 보내지 않았습니다"
        case .editTemporaryFile(let folder): "\(folder)에 임시 파일을 만들 수 없습니다. TMPDIR을 확인하세요"
        case .editCannotWrite(let path, let reason): "\(path)에 쓸 수 없습니다: \(reason)"
        case .editorLeftNoFile(let path): "편집기가 끝난 뒤 \(path)에 파일이 없어서 아무것도 보내지 않았습니다"
        case .editNotUTF8: "저장한 파일이 UTF-8 텍스트가 아닙니다. UTF-8 형식으로 저장하세요(아무것도 보내지 않았습니다)"
        case .editConflict(let id, let path): "#\(id) 상품을 연 뒤에 다른 사람이 바꿨습니다(412). 편집한 파일은 남겨 두었습니다: \(path)"
        case .editClash(let field, let yours, let theirs): "\(field): 입력한 값은 '\(yours)', 서버의 지금 값은 '\(theirs)'"
        case .editAllClashed(let id, let path):
            "바꾼 필드를 다른 사람도 모두 바꿔서 아무것도 보내지 않았습니다. 다시 하려면 'edit \(id)' 명령을 쓰세요"
                + "(편집한 내용은 \(path)에 있습니다)"
        case .editNothingSent(let path): "아무것도 보내지 않았습니다. 편집한 내용은 \(path)에 있습니다"
        case .editSent(let fields, let left, let path):
            left.map { "\(fields) 필드를 보냈습니다. \($0) 필드는 다른 사람이 바꾼 대로 두었습니다(편집한 내용은 \(path)에 있습니다)" }
                ?? "\(fields) 필드를 보냈습니다. 다른 필드는 바뀐 것이 없었습니다"
        case .editChangedAgain(let id, let path):
            "답하는 사이에 #\(id) 상품이 또 바뀌어서(412) 아무것도 보내지 않았습니다. 편집한 내용은 \(path)에 있습니다"
        case .noCommand: "명령이 없습니다"
        case .itemProblem(let item, let problem): "\(item): \(problem)"
        case .paramsIsWholePart(let item):
            "\(item): 파일을 붙이면 params 항목이 params 파트 전체가 됩니다. 다른 필드를 그 안에 넣거나, "
                + "params를 빼고 필드마다 name=value로 적으세요"
        case .secretIsInsideParams(let item): "\(item): secret은 파트 전체가 아니라 params 안의 필드입니다. secret=@secret으로 적으세요"
        case .sessionHasNoSecret(let item): "\(item): 이 세션에는 secret이 없습니다. 먼저 'login'부터 하세요"
        case .notJSONAfterColonEquals(let item): "\(item): := 뒤의 값은 JSON이어야 합니다(숫자, true, null, \"text\", [..], {..})"
        case .itemNotUTF8(let item, let path): "\(item): \(path)의 내용이 UTF-8 텍스트가 아니라서 읽을 수 없습니다"
        case .asNamesOneProduct: "as NAME은 상품 하나에만 이름을 붙입니다. id를 하나만 적으세요"
        case .lastTakesACount(let got): "--last에는 볼 요청·응답의 수를 1 이상으로 적으세요(입력: \(got))"
        case .takesAFileToWrite(let flag): "\(flag) 뒤에 쓸 파일을 적으세요"
        case .lowStockTakes(let got): "--low-stock에는 0 이상의 정수를 적으세요(입력: '\(got)')"
        case .currencyTakes(let got): "--currency에는 KRW나 USD를 적으세요(입력: '\(got)')"
        case .csvNotWritten(let reason): "상품을 CSV로 쓰지 못했습니다: \(reason)"
        case .jsonNotWritten(let reason): "상품을 JSON으로 쓰지 못했습니다" + (reason.map { ": \($0)" } ?? "")
        case .sortTakes(let keys, let got): "--sort에는 \(keys) 가운데 하나를 적으세요. 앞에 -를 붙이면 큰 것부터입니다(입력: '\(got)')"
        case .notYours(let id, let name, let owner, let consequence):
            "#\(id) \(name) 상품은 내 상품이 아닙니다(판매자: \(owner)). \(consequence)"
        case .severalNotYours(let products, _): "\(products): 내 상품이 아닙니다. 아무것도 삭제하지 않았습니다"
        case .nothingDeleted: "아무것도 삭제하지 않았습니다"
        case .editorNotOpened: "편집기를 열지 않았습니다"
        case .editLeftUnchanged(let id): "edit \(id): 파일을 바꾸지 않았거나 비웠으므로 아무것도 보내지 않았습니다"
        case .unterminatedQuote(let quote): "\(quote)…\(quote) 따옴표가 닫히지 않았습니다. 닫거나, \\로 이스케이프하세요"
        case .danglingEscape: "줄이 \\ 하나로 끝납니다. 이스케이프할 문자를 뒤에 적으세요"
        case .nulCharacter: "줄에 NUL 문자(\\0)가 있습니다. 어떤 텍스트 필드에도 넣을 수 없으니 지우세요"
        case .invalidBytes(let escapes): "$'…' 안의 바이트가 UTF-8 텍스트가 아닙니다(\(escapes)). 문자를 그대로 적거나 \\uHHHH로 적으세요"
        case .unclosedReference: "'${'를 '}'로 닫지 않았습니다"
        case .emptyReference: "'${}' 안에 변수 이름이 없습니다"
        case .unknownListField(let field, let known): "--fields에 없는 필드입니다: '\(field)' (필드: \(known))"
        case .stockAtMost(let count): "재고 ≤ \(count)"
        case .sortedBy(let key): "\(key) 순으로 정렬"
        case .wonHasNoMinorUnit(let field, let amount, let sent):
            "원에는 소수 단위가 없습니다. \(field) \(amount): " + (sent ? "보낸 그대로 저장되었습니다" : "보낸 그대로 저장됩니다")
        case .undoWithoutPhotos(let problem): "\(problem). 사진이 없어서 'undo'로는 이 상품을 되살릴 수 없습니다"
        case .oneStdinPart(let tool): "\(tool): 표준 입력에서는 파트를 하나만 읽을 수 있습니다"
        case .bodyWasCut(let total, let kept): "본문은 \(total)바이트였는데 기록에는 앞의 \(kept)바이트만 남아 있습니다"
        case .bodyIsBinary(let bytes): "본문이 \(bytes)바이트의 바이너리 데이터라서 명령줄에 담을 수 없습니다"
        case .partFromNoFile(let number, let name): "\(number)번째 파트\(name.map { "(\($0))" } ?? "")는 디스크의 파일에서 읽은 것이 아닙니다"
        case .conditionalIfMatch(let tag):
            "조건부 요청입니다(If-Match: \(tag)). 그 뒤에 상품이 바뀌었으면 412 Precondition Failed로 답합니다. "
                + "새 ETag는 상품을 다시 읽어서(show) 받으세요"
        case .conditionalIfNoneMatch(let tag): "조건부 요청입니다(If-None-Match: \(tag)). 상품이 그대로인 동안에는 304 Not Modified로 답합니다"
        case .shrunkPhoto(let path, let from, let to):
            "셸은 보내기 전에 사진을 \(from)바이트에서 \(to)바이트로 줄였습니다(\(path)). 이 명령은 디스크의 파일을 "
                + "그대로 보내므로 마켓이 거절할 수 있습니다(300 KiB 초과)"
        case .requestHasNoHost: "요청에 호스트가 없습니다"
        case .httpsNotRaw: "https 요청은 TLS 때문에 raw로 보낼 수 없습니다. --as curl을 쓰세요"
        case .rawExportHeading(let number): "요청·응답 #\(number)의 요청을 나간 그대로 적었습니다. bash가 보내고 응답을 출력합니다"
        case .secretStaysMasked(let home, let server):
            "secret은 여기서 ••••••로 남습니다. $OPENMARKET_SECRET은 이 서버(\(server))의 것이 아니라 "
                + "\(home ?? "(이 세션에는 서버 없음)")의 것입니다. 이 서버의 secret으로 바꿔 넣으세요"
        case .transportCannotConnect(let reason): "연결할 수 없습니다: \(reason)"
        case .transportTimedOut: "제때 응답이 오지 않았습니다"
        case .transportConnectionLost(let reason): "연결이 끊겼습니다: \(reason)"
        case .transportNotHTTP(let reason): "HTTP 응답이 아닙니다: \(reason)"
        case .transportNotSent(let reason): "보내지 않았습니다: \(reason)"
        case .waitingForAnswer: "(응답을 기다리는 중)"
        case .bodyCut(let total, let kept): "… (모두 \(total)바이트, 기록에는 앞의 \(kept)바이트만 남깁니다)"
        case .bytesOf(let count, let type): "‹\(type ?? "바이너리 데이터") \(count)바이트›"
        case .photoNotDrawn(let label, let why): "\(label): 사진을 그리지 못했습니다: \(why)"
        case .photoTooSlow(let address, let seconds): "\(address)의 이미지가 \(seconds)초 안에 오지 않아서 읽기를 멈췄습니다"
        case .photoCannotBeDrawn(let style): "\(style) 방식으로는 그릴 수 없습니다"
        case .notModifiedToPlainRequest: "조건 없는 요청에 서버가 304 Not Modified로 답했습니다"
        case .documentLine(let line, let problem): "\(line)번째 줄: \(problem)"
        case .eitherOf(let values): values.joined(separator: " 또는 ")
        case .documentNoImages: "이 상품에는 사진이 없습니다"
        case .documentImageIDs(let ids): "이 상품의 사진 id 가운데 하나: \(ids)"
        case .documentDescriptionBelow: "아래 모든 줄이 설명입니다. 줄마다 앞에 빈칸 두 개를 둡니다"
        case .documentDescriptionIndented: "description 줄은 앞에 빈칸 두 개를 두고 씁니다. description은 마지막 필드입니다"
        case .documentGivenTwice(let field): "\(field) 필드가 두 번 있습니다. 하나만 남기세요"
        case .documentExpectedField(let known): "'field: value' 모양의 줄(필드: \(known))이나 #으로 시작하는 주석이어야 합니다"
        case .clearTakesNothing: "clear 뒤에는 아무것도 적지 않습니다"
        case .exitTakesAStatus: "exit 뒤에는 종료 상태 하나만 적을 수 있습니다: exit N (0부터 255까지)"
        case .searchTakesOneText: "search에는 TEXT 하나와 쪽 번호만 적습니다. 함께 찾을 낱말은 따옴표로 묶으세요(search 'milk bottle')"
        case .secretNeverTyped:
            "secret은 명령줄에 적지 않습니다(기록과 'ps'에 남기 때문입니다). 'login IDENTIFIER'를 입력하고 물어볼 때 적거나, "
                + "OPENMARKET_SECRET을 설정하세요. 방금 입력한 줄은 남기지 않았습니다"
        }
    }
}

extension Message.Heading {
    public var korean: String {
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
    public var korean: String {
        switch self {
        case .registered: "등록 완료"
        case .updated: "수정 완료"
        case .changed: "변경 완료"
        case .deleted: "삭제 완료"
        }
    }
}

extension Message.WhoamiField {
    public var korean: String {
        switch self {
        case .server: "서버"
        case .identifier: "identifier"
        case .vendor: "판매자"
        case .profile: "프로필"
        }
    }
}

extension Message.ProfileColumn {
    public var korean: String {
        switch self {
        case .name: "이름"
        case .server: "서버"
        case .identifier: "identifier"
        case .vendor: "판매자"
        }
    }
}

extension Message.ChangeColumn {
    public var korean: String {
        switch self {
        case .time: "시각"
        case .command: "명령"
        case .whatChanged: "바뀐 것"
        }
    }
}

extension Message.ChangeTally {
    public var korean: String {
        switch self {
        case .registered: "등록"
        case .edited: "수정"
        case .stock: "재고"
        case .deleted: "삭제"
        }
    }
}

extension Message {
    /// ` — 혹시 'list' 또는 'lint' 말인가요?` after an unknown name; nothing without guesses.
    static func koreanGuesses(_ guesses: [String]) -> String {
        guesses.isEmpty ? "" : " — 혹시 \(guesses.map { "'\($0)'" }.joined(separator: " 또는 ")) 말인가요?"
    }
}
