import OpenMarketContract

/// The Korean catalogue of ``ReversalMessage``: 합니다체, as the shell's own catalogue; field
/// names, commands, requests and numbers as they are, and no particle right after a value the
/// shell fills in.
extension ReversalMessage {
    public var korean: String {
        switch self {
        case .setFields(let name, let changes): "\(name): \(changes)"
        case .stockBack(let name, let now, let amount, let before, let after):
            "\(name): 재고 \(now) → \(now + amount) (\(Self.signed(amount)), \(before) → \(after) 변경을 거꾸로)"
        case .stockAgain(let name, let now, let amount):
            "\(name): 재고 \(now) → \(now + amount) (\(Self.signed(amount)), 같은 양을 한 번 더)"
        case .delete(let name): "상품 삭제: \(name)"
        case .registerAgain(let name): "상품 다시 등록: \(name) (새 id로)"
        case .patchRequest(let id, let json, let etag): "PATCH /api/products/\(id) \(json)" + Self.ifMatch(etag)
        case .patchAfterRead(let id, let json):
            "GET /api/products/\(id) 다음 PATCH /api/products/\(id) \(json), If-Match: 그때 읽은 ETag"
                + " (앞 단계가 이 상품을 먼저 바꿈)"
        case .stockRequest(let id, let stock, let etag):
            "GET /api/products/\(id) 다음 PATCH /api/products/\(id) {\"stock\":\(stock)}" + Self.ifMatch(etag)
                + " (그때 읽은 재고로 계산)"
        case .stockAfterRead(let id, let stock):
            "GET /api/products/\(id) 다음 PATCH /api/products/\(id) {\"stock\":\(stock)}, If-Match: 그때 읽은 ETag"
                + " (그때 읽은 재고로 계산. 앞 단계가 이 상품을 먼저 바꿈)"
        case .deleteRequest(let id): "POST /api/products/\(id)/archived 다음, 응답으로 받은 URI에 DELETE"
        case .registerRequest(let json, let photos, let bytes, let thumbnail):
            "POST /api/products (multipart: params \(json), 사진 \(photos)장, \(bytes))"
                + (thumbnail ? " 다음 PATCH로 thumbnail_id 지정" : "")
        case .alreadyGone(let id): "#\(id) 상품은 이미 없습니다"
        case .goneBy(let ids, let by):
            "\(ids.map { "#\($0)" }.joined(separator: ", ")) 상품은 이미 없습니다. \(by)번 변경이 삭제했습니다"
        case .deletedForGood(let id, let by, let why):
            "#\(id) 상품은 \(by)번 변경으로 삭제되었고, 그 변경을 되돌려도 되살릴 수 없습니다: \(why)"
        case .noLongerExists(let id, let undo):
            "#\(id) 상품이 더는 없습니다(그사이 삭제되었을 수 있습니다). \(undo ? "되돌릴" : "다시 할") 것이 없습니다"
        case .deletedSince(let ids, let by, let undo):
            "\(ids.map { "#\($0)" }.joined(separator: ", ")) 상품은 그 뒤 \(by)번 변경으로 삭제되었습니다. 먼저 'undo \(by)' 명령으로 되살린 다음 이 변경을 \(undo ? "되돌리세요" : "다시 하세요")"
        case .notReversible(let number): "\(number)번 변경은 변경 기록으로 되돌릴 수 있는 변경이 아닙니다"
        case .changedSince(let name, let number, let by, let differences):
            "\(name): \(number)번 변경 뒤에 " + (by.map { "\($0)번 변경으로 " } ?? "") + "바뀌었습니다("
                + differences.map { "\($0.field.label(in: .ko)) 지금 값 \($0.now), 기록된 값 \($0.then)" }.joined(separator: ", ")
                + ")"
        case .changeLog(let message): message.korean
        case .changedWhileRead(let id, let undo):
            "이 \(Self.command(undo)) 명령이 읽는 사이에 #\(id) 상품이 바뀌었습니다(412). 아무것도 보내지 않았습니다. "
                + "'\(Self.command(undo))' 명령을 다시 실행하세요"
        case .cannotBeRead(let id): "#\(id) 상품을 읽을 수 없습니다"
        case .cannotReverse(let undo, let number, let label, let blockers, let more):
            "\(number)번 변경을 \(undo ? "되돌릴" : "다시 할") 수 없습니다(\(label)): " + blockers.map(\.korean).joined(separator: ". ")
                + (more > 0 ? ". 그 밖에 \(more)건이 더 있습니다" : "") + ". 아무것도 보내지 않았습니다"
        case .conflicts(let undo, let number, let conflicts, let more, let agent):
            conflicts.map(\.korean).joined(separator: ". ") + (more > 0 ? ". 그 밖에 \(more)건이 더 있습니다" : "")
                + ". 아무것도 보내지 않았습니다(그래도 \(undo ? "되돌리려면" : "다시 하려면") "
                + (agent
                    ? "\(Self.command(undo)) 도구를 number: \(number), force: true 인수로 다시 부르세요)"
                    : "'\(Self.command(undo)) \(number) --force' 명령을 쓰세요)")
        case .dryRunNote(let conflict): "참고: \(conflict.korean) (--force 없이는 거절됩니다)"
        case .damagedLog(let path, let count, let line, let undo):
            "참고: 변경 기록 파일에 손상된 줄이 \(count)개 있어 건너뛰었습니다(\(path), \(line)번째 줄\(count > 1 ? ", …" : "")). "
                + "그 줄에 있던 변경은 \(undo ? "되돌릴" : "다시 할") 수 없습니다"
        case .batchPlan(let undo, let number, let label): "\(Self.command(undo)) \(number) (\(label)):"
        case .andMore(let count): "… 그 밖에 \(count)건"
        case .changeFailed(let number, let why): "\(number)번 변경: \(why)"
        case .logDoesNotKnow(let problem, let undo):
            "\(problem). 이 \(undo ? "되돌리기" : "다시 하기")는 변경 기록에 남지 않았습니다"
        case .stateColumn: "상태"
        }
    }

    /// ` If-Match: "…"` when the read gave a version.
    private static func ifMatch(_ etag: String?) -> String { etag.map { ", If-Match: \($0)" } ?? "" }
}
