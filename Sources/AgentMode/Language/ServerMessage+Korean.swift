import OpenMarketContract

/// The Korean catalogue of ``ServerMessage``: 합니다체; tools, options and commands as they are.
extension ServerMessage {
    public var korean: String {
        switch self {
        case .instructions:
            "이 서버는 Open Market 서버에 있는 판매자 한 사람의 가게를 openmarket 셸의 명령 그대로 다룹니다. "
                + "읽기(\(AgentToolCatalog.reads.joined(separator: ", ")))는 바로 답합니다. "
                + "변경(\(AgentToolCatalog.writes.joined(separator: ", ")))은 호출 두 번입니다: 첫 호출은 아무것도 보내지 않고 계획(보낼 요청, 상품마다 "
                + "전 → 후)과 한 번 쓰는 토큰을 답합니다. 같은 호출을 그 토큰과 함께 다시 하면 상품이 그사이 바뀌지 "
                + "않은 한 정확히 그 변경을 합니다. 적용하기 전에 계획을 사람에게 보여 주세요. 삭제는 사람에게 확인을 "
                + "물을 수 있습니다. undo는 사람의 변경이든 당신의 변경이든 되돌립니다. 판매자의 secret은 보이지 않고 "
                + "어떤 도구도 받지 않습니다."
        case .noFolder(let tool):
            "\(tool): openmarket mcp는 파일을 읽지 않습니다. 사람이 --folder DIR로 시작해야 DIR의 파일을 읽습니다"
        case .token(let token): "토큰: \(token)"
        case .unknownTool(let name): "'\(name)'이라는 도구가 없습니다(tools/list가 목록을 줍니다)"
        case .deleteQuestion(let count):
            "어시스턴트가 아래 상품 \(count)개를 삭제하려 합니다. 삭제할까요? (셸의 undo로 되돌릴 수 있습니다)"
        case .confirmTitle: "삭제"
        case .confirmDescription: "이 계획의 상품을 삭제하려면 체크하세요."
        case .notConfirmed(let why): why.korean
        case .deleteAllowanceUsed(let allowed, let deleted, let asked):
            "삭제하지 않았고 아무것도 보내지 않았습니다: 사람의 확인 없이 이 세션은 상품을 \(allowed)개까지만 삭제합니다"
                + "(삭제함 \(deleted)개, 이 계획 \(asked)개). 사람에게 묻는 클라이언트(MCP elicitation)에서 사람이 "
                + "확인하거나, openmarket 셸에서 삭제하거나, --max-deletes N으로 서버를 다시 시작하세요."
        case .serving(let server, let vendor, let folder, let scratch):
            "openmarket mcp: \(server)" + (vendor.map { "(\($0))" } ?? "")
                + "를 표준 입출력으로 제공합니다. "
                + (folder.map { "파일은 \($0) 아래에서 읽고" } ?? "파일은 읽지 않고(읽게 하려면 --folder DIR로 시작하세요)")
                + " \(scratch)에 씁니다"
        case .notLoggedIn(let server):
            "openmarket mcp: \(server)에 로그인하지 않았습니다: 도구는 읽기만 합니다. 변경하려면 "
                + "OPENMARKET_IDENTIFIER와 OPENMARKET_SECRET, 또는 --profile NAME이 필요합니다"
        case .secretsMasked(let count):
            "openmarket mcp: 클라이언트에 보내는 메시지에서 secret \(count)개를 가렸습니다. secret이 여기까지 오면 "
                + "안 됩니다: 버그로 알려 주세요"
        case .stopped: "openmarket mcp: 클라이언트가 연결을 닫아 멈췄습니다"
        case .shellEnded: "openmarket mcp: 이 서버를 시작한 프로그램이 끝나서 멈췄습니다"
        case .unknownOption(let word): "mcp: 모르는 옵션 '\(word)': \(Self.usage)"
        case .needsValue(let option): "mcp: \(option)에는 값이 필요합니다: \(Self.usage)"
        case .maxDeletesRange(let given):
            "mcp: --max-deletes는 \(AgentLimits.deletesRange.lowerBound)부터 "
                + "\(AgentLimits.deletesRange.upperBound)까지의 정수를 받습니다('\(given)')"
        case .planMinutesRange(let given):
            "mcp: --plan-minutes는 \(AgentLimits.planMinutesRange.lowerBound)부터 "
                + "\(AgentLimits.planMinutesRange.upperBound)까지의 정수를 받습니다('\(given)')"
        case .folderMissing(let path): "mcp: --folder가 가리키는 폴더가 없습니다: \(path)"
        case .folderTooWide(let path, let why):
            "mcp: --folder \(path)로는 어시스턴트가 "
                + {
                    switch why {
                    case .root: "디스크 전체를"
                    case .home: "홈 폴더의 모든 파일을"
                    case .settings(let held): "셸의 저장된 로그인과 상태(\(held))를"
                    case .hidden(let held): "프로그램이 키와 설정을 두는 홈의 숨김 폴더(\(held))를"
                    case .system(let held): "시스템 파일(\(held))을"
                    }
                }() + " 읽게 됩니다. 쓸 사진과 시트가 있는 폴더를 지정하세요"
        case .unexpectedWord(let word): "mcp: 예상하지 못한 '\(word)': \(Self.usage)"
        case .excludedOptions:
            "mcp는 표준 입출력으로 도구를 제공합니다: -c, --record, --json, 스크립트 옵션, --report-*는 함께 쓸 수 없습니다"
        case .cannotMakeScratchFolder(let reason): "mcp: 임시 폴더를 만들 수 없습니다: \(reason)"
        }
    }
}

extension ServerMessage.NotConfirmed {
    var korean: String {
        switch self {
        case .declined: "삭제하지 않았고 아무것도 보내지 않았습니다: 사람이 거절했습니다. 마음이 바뀌면 토큰은 아직 쓸 수 있습니다."
        case .cancelled: "삭제하지 않았고 아무것도 보내지 않았습니다: 사람이 질문을 닫았습니다. 토큰은 아직 쓸 수 있습니다."
        case .callCancelled: "삭제하지 않았고 아무것도 보내지 않았습니다: 사람이 답하기 전에 호출이 취소되었습니다. 토큰은 아직 쓸 수 있습니다."
        case .clientClosed: "삭제하지 않았고 아무것도 보내지 않았습니다: 사람이 답하기 전에 클라이언트가 닫혔습니다."
        case .cannotAsk(let reason):
            "삭제하지 않았고 아무것도 보내지 않았습니다: 사람에게 물을 수 없었습니다(\(reason)). openmarket 셸에서 "
                + "삭제할 수 있습니다."
        }
    }
}
