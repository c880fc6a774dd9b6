import Foundation
import HTTPHabits
import OpenMarketContract

/// The Korean catalogue of ``ClassBoardText``, in the words a Korean teacher writes on the board.
extension ClassBoardText {
    public var korean: String {
        switch self {
        case .title: "수업 현황판"
        case .live: "실시간"
        case .student: "학생"
        case .requests: "요청"
        case .methods: "메서드"
        case .statuses: "2xx / 4xx / 5xx"
        case .lastError: "마지막 오류"
        case .products: "상품"
        case .steps: "완료한 단계"
        case .habits: "HTTP 습관"
        case .students(let count): "학생 \(count)명"
        case .noStudents: "아직 학생이 없습니다. openmarket-server class add ROSTER.csv 명령으로 반을 추가하세요."
        case .noRequestsYet: "아직 요청이 없습니다"
        case .meaning(let status): Self.koreanMeaning(status)
        case .shortMeaning(let status): Self.koreanShortMeaning(status)
        case .habit(let rule): Self.koreanHabit(rule)
        case .stepsToDo: "남은 단계:"
        case .assignmentUnreadable:
            "이 현황판에 보관된 과제 파일을 읽을 수 없어 단계를 보여 주지 않습니다. 파일을 고친 뒤 openmarket-server class board --data 폴더 --assignment 파일 명령으로 다시 지정하세요."
        case .needsToken: "교사용 현황판입니다."
        case .needsTokenHint: "마켓을 실행하는 컴퓨터에서 openmarket-server class board 명령이 알려 주는 주소로 여세요."
        case .boardAddress: "수업 현황판 주소입니다(교사용이니 학생들에게 보여 주지 마세요):"
        case .boardAddressNote: "다른 컴퓨터에서 열 때는 호스트 자리에 마켓의 주소를 넣으세요. --public-url 옵션으로 줄 수 있습니다."
        }
    }

    private static func koreanMeaning(_ status: Int) -> String {
        switch status {
        case 400: "API 규칙에 맞지 않는 요청입니다. 어떤 규칙인지는 응답 메시지에 나옵니다."
        case 401: "identifier를 보내지 않았거나 secret이 틀렸습니다."
        case 403: "다른 판매자의 상품입니다."
        case 404: "없는 상품이거나 없는 주소입니다."
        case 405: "이 주소에서는 쓸 수 없는 메서드입니다. 쓸 수 있는 메서드는 Allow 헤더에 나옵니다."
        case 408: "요청이 너무 느리게 와서 마켓이 기다리기를 멈췄습니다."
        case 412: "If-Match의 ETag가 예전 것입니다. 상품이 먼저 바뀌었으니 GET으로 다시 읽으세요."
        case 413: "본문이나 사진이 너무 큽니다."
        case 429: "틀린 secret이 너무 많습니다. 마켓이 잠시 뒤에 다시 확인합니다."
        case 431: "헤더가 너무 큽니다."
        case 500...599: "요청이 아니라 마켓에서 난 오류입니다."
        default: "상태 코드 \(status)입니다."
        }
    }

    private static func koreanShortMeaning(_ status: Int) -> String {
        switch status {
        case 400: "API 규칙 위반"
        case 401: "secret 없음·틀림"
        case 403: "다른 판매자 상품"
        case 404: "없는 상품·주소"
        case 405: "안 받는 메서드"
        case 408: "요청이 너무 느림"
        case 412: "예전 ETag(If-Match)"
        case 413: "너무 큼"
        case 429: "틀린 secret 과다"
        case 431: "헤더가 너무 큼"
        case 500...599: "마켓 오류"
        default: "상태 코드 \(status)"
        }
    }

    private static func koreanHabit(_ rule: HabitRule) -> String {
        switch rule {
        case .unconditionalWrite: "If-Match 없음"
        case .retriedPost: "POST 재전송"
        case .secretInRequest: "secret 노출"
        case .readWithBody: "본문 있는 GET"
        case .untypedPart: "타입 없는 파트"
        case .pollingWithoutCondition: "조건 없는 폴링"
        case .methodRefusedAgain: "405 반복"
        case .refusedRequestAgain: "거절 후 반복"
        }
    }
}
