/// The Korean catalog of ``CatalogMessage``: 합니다체, asking in -세요 as the shell does, short; command words, flags, column
/// names and numbers as they are.
extension CatalogMessage {
    public var korean: String {
        switch self {
        case .planTitle(let file): "\(file): 가져오기 계획"
        case .andMore(let count): "… 외 \(count)개"
        case .pruneRefused(let file, let deleting, let yours):
            "\(file): --prune으로 삭제될 상품: "
                + (deleting == yours ? "내 상품 \(yours)개 전부" : "내 상품 \(yours)개 중 \(deleting)개")
                + " (파일에 있는 상품 \(yours - deleting)개). 아무것도 보내지 않았습니다. 그대로 진행하려면 --prune-all을 붙이세요"
        case .duplicatesRefused(let file, let count, let row, let yours, let more):
            "\(file): 이미 있는 상품명으로 새로 등록될 행: \(count)개 (\(row)행: 내 #\(yours)\(more ? ", …" : "")). "
                + "아무것도 보내지 않았습니다. 그래도 등록하려면 --allow-duplicates를 붙이고, "
                + "수정하려면 id를 적거나 --match id를 빼세요"
        case .planLabel(let label): label.korean
        case .matchedNote: "(id 없는 행을 이름으로 찾음. --match id로 끕니다)"
        case .matchedRow(let row, let name, let id): "\(row)행 \(name) → 내 상품 #\(id) (이름으로 찾음)"
        case .rowNamed(let row, let name): "\(row)행 \(name)"
        case .withNameYouHave(let count, let allowed):
            "\(count)개는 이미 있는 이름입니다 "
                + (allowed ? "(--allow-duplicates: 새 상품으로 등록)" : "(--allow-duplicates 없이는 거절)")
        case .youHave(let row, let name, let yours): "\(row)행 \(name): 이미 있음 \(yours)"
        case .rowLine(let row, let text): "\(row)행: \(text)"
        case .deleteNote: "(--prune: 파일에 없는 내 상품)"
        case .pruneShare(let all, let yours, let allowed):
            (all ? "내 상품 전부입니다: " : "내 상품 \(yours)개 중 절반이 넘습니다: ")
                + (allowed ? "--prune-all로 허용" : "--prune-all 없이는 거절")
        case .skippedNote: "(문제가 있는 행, --continue-on-error)"
        case .restartMade(let count, let again):
            "(--restart: 끝나지 않은 가져오기가 \(count)개 행을 만들었습니다. "
                + (again == 0 ? "다시 등록되는 것은 없습니다)" : "\(again)개 행은 이미 만든 것 옆에 새 상품으로 다시 등록됩니다:)")
        case .rowExists(let row, let id): "\(row)행: #\(id) 있음"
        case .doneBefore(let count): "(중단되기 전에 \(count)개 행을 마쳤습니다)"
        case .stockMoveUnknown(let count):
            "(\(count)개 행의 재고는 그대로 둡니다: 이 파일을 전에 가져올 때 재고를 바꾸다가 중단되었고, 그 뒤 상품이 다시 "
                + "바뀌어서 그 변경이 반영됐는지 알 수 없습니다. 확인하고, 틀린 재고는 `stock ID =N`으로 맞추세요. "
                + "이번 가져오기부터는 시트의 재고를 반영된 것으로 봅니다:)"
        case .stockMoveUnknownRow(let id, let stock, let sent): "#\(id) 재고 \(stock)개 (바꾸려던 재고 \(sent)개)"
        case .noRevision(let count):
            "(리비전 열이 없는 행 \(count)개는 어느 쪽이 바뀌었는지 알 수 없어서 지금 마켓 값과 비교합니다. "
                + "리비전 열은 export가 적습니다)"
        case .emptyRevision(let count):
            "(자기 리비전이 없는 행 \(count)개는 내보낸 뒤에 추가하거나 붙여 넣거나 복사한 행이라 어느 쪽이 바뀌었는지 알 수 없어서 "
                + "지금 마켓 값과 비교합니다)"
        case .keptNote(let rows): "(내보낸 뒤 마켓에서 바뀜. 위에서 센 행 \(rows)개의 마켓 값을 그대로 둡니다)"
        case .marketChanged(let id, let changes): "#\(id) 마켓에서 바뀜: \(changes)"
        case .conflictNote(let prefer, let rows):
            switch prefer {
            case nil: "(양쪽에서 바뀜. 위에서 센 행 \(rows)개. --prefer sheet|market이나 행의 작업 열로 고르기 전에는 보내지 않습니다)"
            case .sheet?: "(양쪽에서 바뀜. 위에서 센 행 \(rows)개. --prefer sheet: 시트 값을 보냅니다)"
            case .market?: "(양쪽에서 바뀜. 위에서 센 행 \(rows)개. --prefer market: 마켓 값을 그대로 둡니다)"
            }
        case .conflictRow(let id, let field, let sheet, let market, let base):
            "#\(id) \(field): 시트 '\(sheet)', 마켓 '\(market)' (예전 값 '\(base)')"
        case .stockMoves(let from, let to, let by): "재고 \(from) → \(to) (시트에서 바꾼 차이 \(by) 반영, 그사이 판매는 그대로)"
        case .stockBelowZero(let id, let by, let market):
            "#\(id) 재고: 시트의 차이 \(by), 마켓 재고 \(market). 0보다 작아집니다"
        case .actionCount(let action, let count): "\(action.koreanName) \(count)"
        case .deleteByRowNote: "(작업 열에 삭제 또는 delete를 적은 행)"
        case .replaceNote: "(삭제하고 다시 등록. undo 한 번으로 둘 다 되돌립니다)"
        case .renameNote: "(이름만 바꾼 것으로 보여서 등록하지 않고 보류)"
        case .probableRename(let row, let name, let id, let was):
            "\(row)행 \(name): 내 상품 #\(id) \(was) 이름을 바꾼 것으로 보입니다. "
                + "이름을 바꾸려면 id 열에 \(id) 값을 적고, 다른 상품으로 등록하려면 작업 열에 신규(new)를 적으세요"
        case .photosDiffer(let count, let rows):
            "이미 있는 상품의 행 \(count)개의 사진이 상품 사진과 다릅니다(\(rows)행). "
                + "사진은 등록한 뒤에 바꿀 수 없습니다. 그 사진으로 다시 등록하려면 행의 작업 열에 교체(replace)를 적으세요"
        case .photosUnknown(let count, let rows):
            "행 \(count)개의 사진을 마켓 사진과 비교할 수 없었습니다(\(rows)행: 사진 파일이 없거나 읽을 수 없거나, 마켓 사진을 읽지 못함). 보내지 않습니다"

        case .whichFile(let command): "\(command) 파일: 어느 파일인가요?"
        case .formatIs(let got): "--format은 csv, jsonl, json 가운데 하나입니다(입력: '\(got)')"
        case .matchIs(let got): "--match는 name 또는 id입니다(입력: '\(got)')"
        case .resumeOrRestart: "--resume은 지난 가져오기를 이어서 하고 --restart는 처음부터 다시 합니다. 하나만 고르세요"
        case .planOrDryRun: "--plan은 계획을 보여 주고 --dry-run은 요청까지 보여 줍니다. 하나만 고르세요"
        case .pruneAllNeedsPrune: "--prune-all은 --prune이 하는 일을 허용할 뿐입니다. --prune도 함께 주세요"
        case .writeIDsNeedsRun: "--write-ids는 만든 상품의 id를 적는데, --plan이나 --dry-run은 아무것도 만들지 않습니다"
        case .exportNeedsFormat(let file): "\(file): .csv, .jsonl, .json 파일 이름을 쓰거나 --format csv|jsonl|json을 주세요"

        case .readWithDelimiter(let file, let delimiter): "\(file): 칸 구분자 '\(delimiter)' 기준으로 읽었습니다"
        case .ignoringColumns(let file, let count, let names):
            "\(file): 상품 필드가 아닌 열 \(count)개는 무시합니다: \(names)"
        case .problemsInFile(let count, let file, true):
            "\(file)에 문제가 \(count)개 있어서 아무것도 보내지 않았습니다(고치거나, --continue-on-error로 그 행을 건너뛰세요):"
        case .problemsInFile(let count, let file, false):
            "\(file)에 문제가 \(count)개 있어서 아무것도 보내지 않았습니다"
                + "(고치세요. 파일을 읽다가 생긴 문제는 --continue-on-error로 건너뛸 수 있는 행이 아닙니다):"
        case .vendorIDUnknownMatchID(let file, let variable):
            "\(file): 판매자 id를 몰라서 id 없는 행을 내 상품과 비교하지 않습니다(--match id). "
                + "'login --vendor-id N' 또는 \(variable)=N으로 알려 주세요"
        case .notLoggedInNoCompare(let file): "\(file): 로그인하지 않아서 id 없는 행을 내 상품과 비교하지 않습니다"
        case .productsUnreadable(let file, let error):
            "\(file): 내 상품을 읽을 수 없어서(\(error)) id 없는 행을 새 상품으로 보여 줍니다. "
                + "실제로 가져올 때는 먼저 이름으로 내 상품과 맞춰 봅니다"
        case .noneOfTheIDsIsYours(let count, let notListed):
            "파일에 있는 id \(count)개 가운데 이 마켓의 내 상품은 하나도 없습니다"
                + (notListed > 0 ? "(\(notListed)개는 목록에서 뺐습니다)" : "")
                + ". 다른 마켓에서 가져온 파일이면 --new-ids를 붙여 새 상품으로 등록하세요"

        case .dryRunNothingSent: "시험 실행: 아무것도 보내지 않았습니다"
        case .nothingToChange(let file): "\(file): 바꿀 것이 없습니다"
        case .nothingSent(let file): "\(file): 보낸 것이 없습니다"
        case .importCancelled: "가져오기를 취소했습니다. 아무것도 보내지 않았습니다"
        case .pruneNeedsYes(let file, let count):
            "\(file): --prune으로 상품 \(count)개가 삭제됩니다. 터미널 없이 진행하려면 --yes를 붙이세요"
        case .actionDeletesNeedYes(let file, let count):
            "\(file): 작업 열의 삭제와 교체로 상품 \(count)개가 삭제됩니다. 터미널 없이 진행하려면 --yes를 붙이세요"
        case .confirmImport(let count): "변경 \(count)건을 진행할까요? 진행하려면 \(count), 취소하려면 다른 값을 입력하세요: "
        case .serverBusy(let status, let wait): "서버가 바쁩니다(\(status)). \(wait) 기다렸다가 다시 보냅니다"
        case .noRequests: "보낼 요청이 없습니다"

        case .importUnfinished(let file, let journal, let done):
            "\(file): 실행 기록(\(journal))을 보면 지난 가져오기가 끝나지 않았습니다(\(done)개 행 마침). "
                + "--resume으로 이어서 하거나 --restart로 처음부터 다시 하세요"
        case .nothingToResume(let file):
            "\(file): 이어서 할 것이 없습니다. 지난 가져오기는 끝났습니다(--resume 없이 다시 실행하세요)"
        case .registeredBefore(let file, let row, let id):
            "\(file):\(row): #\(id) 상품은 중단되기 전에 등록되었습니다. 다시 보내지 않습니다"
        case .madeRowsGone(let file, let count, let rows):
            "\(file): \(rows)행에서 중단된 가져오기가 등록한 상품 \(count)개가 그 뒤 마켓에서 없어졌습니다(되돌리거나 지움). "
                + "다시 등록합니다"
        case .rowChanged(let file, let row):
            "\(file):\(row): 이 행은 중단된 가져오기가 보낸 것과 다릅니다(행을 더하거나 빼거나 고쳤나요?). "
                + "--resume하려면 원래대로 되돌리고, 아니면 --restart로 처음부터 다시 하세요(이미 만든 상품은 남습니다)"
        case .journalNotWritten(let file, let why):
            (file.map { "\($0): " } ?? "") + "실행 기록(journal)을 쓸 수 없습니다" + (why.map { ": \($0)" } ?? "")
        case .wroteIDs(let file, let made, let matched):
            "\(file): id 열에 "
                + [made > 0 ? "새 id \(made)개" : nil, matched > 0 ? "이름으로 찾은 id \(matched)개" : nil]
                .compactMap { $0 }.joined(separator: "와 ") + "를 적었습니다"
        case .idsNotWritten(let file, let why): "\(file): id를 파일에 적을 수 없습니다: \(why)"
        case .reportNotWritten(let path, let why): "--report: 파일을 쓸 수 없습니다(\(path))" + (why.map { ": \($0)" } ?? "")

        case .tally(let status, let count): "\(status.korean) \(count)"
        case .importTook(let file, let tallies, let milliseconds, let rate):
            "\(file): \(tallies), "
                + (milliseconds < 1000 ? "\(milliseconds)밀리초" : String(format: "%.1f초", Double(milliseconds) / 1000))
                + (rate.map { ", 초당 \($0)건" } ?? "")
        case .importLeftNothing(let file, let tallies): "\(file): \(tallies). 더 보낼 것이 없습니다"
        case .andMoreInReport(let count): "… 외 \(count)개 (--report 파일.csv에 모든 행이 나옵니다)"
        case .interruptedOnce: "중단됨: 보내던 행은 마쳤습니다. 나머지는 같은 가져오기를 --resume으로 실행하세요"
        case .interruptedTwice:
            "두 번 중단됨: 보내던 행을 취소했습니다(만들어졌는지는 --resume이 확인합니다). "
                + "나머지는 같은 가져오기를 --resume으로 실행하세요"
        case .stoppedUnreachable:
            "멈춤: 마켓에 연결할 수 없어서 더 이상 행을 시작하지 않았습니다. "
                + "마켓이 돌아오면 같은 가져오기를 --resume으로 실행하세요"
        case .exported(let count, let file, let photos, let folder):
            "상품 \(count)개를 \(file)에 내보냈습니다" + (photos.map { ", 사진 \($0)개는 \(folder ?? "")에 저장했습니다" } ?? "")
        case .imagesFolderFailed(let folder, let why): "--images: 폴더를 만들 수 없습니다(\(folder)): \(why)"
        case .exportPhotosRemoved(let count, let folder):
            "export: \(folder)에 저장했던 사진 \(count)장을 지웠습니다. 같은 명령으로 다시 내보낼 수 있습니다"
        case .photosOverTotal(let saved, let limit, let stoppedAt):
            "--images: 사진 크기의 합계(\(saved))가 내보내기 한 번에 저장할 수 있는 한도(\(limit))를 넘습니다(#\(stoppedAt)에서 멈춤). "
                + "상품을 줄여서(--search) 내보내거나 --images 없이 내보내세요"
        case .timeLeft(let clock): "남은 시간 \(clock)"
        case .rowChecked: "확인"
        case .photosOf(let done, let total): "사진 저장: 상품 \(done)/\(total)"
        case .pagesRead(let done, let total): "목록 읽기: 페이지 \(done)/\(total)"
        case .tooManyPhotosListed(let id, let count, let limit):
            "#\(id): 마켓에 사진이 \(count)장 있어서 상품 하나의 최대치 \(limit)장을 넘습니다. "
                + "이 상품의 사진은 하나도 저장하지 않았습니다(--images 없이 내보내거나 마켓에 문의하세요)"
        case .notAnImage(let id, let photo, let what): "#\(id): \(photo)번째 사진은 이미지가 아닙니다(\(what))"
        case .thumbnailNotSet(let why): "등록했지만 대표 사진을 정하지 못했습니다: \(why)"
        case .checkingIDs: "파일의 id를 내 상품과 맞춰 보기"
        case .matchingByName: "행을 이름으로 내 상품과 맞추기"
        case .dryRegister(let row, let endpoint, let fields, let photos, let names):
            "\(row)행: \(endpoint) multipart: \(fields) + 사진 \(photos)장(\(names))"
        case .dryUpdate(let row, let endpoint, let changes):
            "\(row)행: GET \(endpoint) 다음 PATCH \(endpoint) (JSON, If-Match): \(changes)"
        case .dryPrune(let id, let name, let path):
            "prune: #\(id) \(name) 상품을 두 단계로 삭제(POST \(path)/archived 다음, 그 응답의 URI로 DELETE)"

        case .currencyDisagrees(let text, let currency, let given):
            "\(text)의 통화는 \(currency)인데, currency 열의 값은 \(given)입니다"
        case .severalOfYoursNamed(let count, let ids):
            "이 이름인 내 상품이 \(count)개 있습니다(\(ids)). 뜻하는 상품을 id 열에 적으세요"
        case .nameOfYoursNamedByRow(let id, let row):
            "내 상품 #\(id)의 이름인데, \(row)행이 id로 그 상품을 가리킵니다. 두 행 가운데 하나를 지우세요"
        case .nameOfYoursMadeBefore(let id, let row): "내 상품 #\(id)의 이름인데, 중단된 가져오기에서 \(row)행이 만든 상품입니다"
        case .requiredForNew(let rule): "새 상품에는 꼭 있어야 합니다(\(rule))"
        case .noProductOfYours(let id): "이 마켓에는 id가 \(id)인 내 상품이 없습니다"
        case .namesakeNotReplacement(let was, let namesake):
            "이 마켓에는 id가 \(was)인 내 상품이 없습니다. 내 상품 #\(namesake) 상품은 이름이 같지만 값이 다릅니다"
                + "(교체를 되돌렸나요?). 그 상품을 교체하려면 id 열에 \(namesake) 값을 넣으세요"
        case .wonHasNoMinorUnit(let text, let amount):
            "\(text)의 값은 \(amount)인데, 원에는 그보다 작은 단위가 없습니다. 원 단위로 쓰세요"
        case .photoIsWebAddress(let written):
            "\(written): 파일이 아니라 웹 주소입니다. 사진은 파일에서 읽습니다(export --images DIR로 파일 옆에 저장할 수 있습니다)"
        case .noFileMatches(let written): "\(written): 맞는 파일이 없습니다"
        case .needsPhotos: "새 상품에는 사진이 1장부터 5장까지 있어야 합니다(파일 기준 상대 경로, 사이에 ';')"
        case .actionNeedsProduct(let action):
            "작업 \(action.koreanName)(\(action.rawValue)): 내 상품이 있어야 합니다. id나 내 상품 이름을 적으세요"
        case .replacedProduct(let id): "#\(id) 삭제 후 교체"
        case .replaceNotRegistered(let id, let why): "교체하지 못해서 #\(id) 상품을 그대로 둡니다: \(why)"
        case .replacedNotDeleted(let id, let new, let why):
            "#\(new) 상품을 등록했지만 #\(id) 상품은 삭제하지 못했습니다(import --resume으로 삭제합니다): \(why)"
        case .alreadyDeleted(let what): "\(what): 내 상품에 없습니다. 이미 삭제되어 보내지 않습니다"
        case .alreadyReplaced(let was, let by): "#\(was) 상품은 이미 교체되어 보내지 않습니다(새 상품: #\(by))"
        case .preferIs(let got): "--prefer는 sheet 또는 market입니다(입력: '\(got)')"
        }
    }
}

extension CatalogMessage.RowStatus {
    public var korean: String {
        switch self {
        case .registered: "등록"
        case .updated: "수정"
        case .unchanged: "변경 없음"
        case .deleted: "삭제"
        case .failed: "실패"
        case .skipped: "건너뜀"
        case .notRun: "실행 안 함"
        case .doneBefore: "중단 전에 마침"
        }
    }
}

extension CatalogMessage.PlanLabel {
    public var korean: String {
        switch self {
        case .matched: "이름 일치"
        case .register: "등록"
        case .update: "수정"
        case .unchanged: "변경 없음"
        case .delete: "삭제"
        case .photos: "사진"
        case .skipped: "건너뜀"
        case .kept: "유지"
        case .conflicts: "충돌"
        case .ignored: "무시"
        case .replace: "교체"
        case .renamed: "이름 변경?"
        case .actions: "작업별"
        }
    }
}
