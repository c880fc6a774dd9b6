import Foundation
import HTTPHabits
import OpenMarketContract

/// The English catalogue of ``ClassBoardText``.
extension ClassBoardText {
    public var english: String {
        switch self {
        case .title: "Class board"
        case .live: "Live"
        case .student: "Student"
        case .requests: "Requests"
        case .methods: "Methods"
        case .statuses: "2xx / 4xx / 5xx"
        case .lastError: "Last error"
        case .products: "Products"
        case .steps: "Steps done"
        case .habits: "HTTP habits"
        case .students(let count): count == 1 ? "1 student" : "\(count) students"
        case .noStudents: "No students yet: add the class with openmarket-server class add ROSTER.csv."
        case .noRequestsYet: "No request yet"
        case .meaning(let status): Self.englishMeaning(status)
        case .shortMeaning(let status): Self.englishShortMeaning(status)
        case .habit(let rule): Self.englishHabit(rule)
        case .stepsToDo: "Still to do:"
        case .assignmentUnreadable:
            "The assignment kept for this board can no longer be read, so no steps are shown: fix its file, then choose it again with openmarket-server class board --data DIR --assignment FILE."
        case .needsToken: "This board is the teacher's."
        case .needsTokenHint:
            "Open it with the address that openmarket-server class board prints on the market's machine."
        case .boardAddress: "The class board (the teacher's address: do not show it to the class):"
        case .boardAddressNote:
            "On another machine, put the market's address in place of the host: --public-url gives it."
        }
    }

    private static func englishMeaning(_ status: Int) -> String {
        switch status {
        case 400: "The request broke a rule of the API; the answer's message says which."
        case 401: "No identifier was sent, or the secret was wrong."
        case 403: "The product belongs to another vendor."
        case 404: "No such product, or no such address."
        case 405: "This address does not take that method; the Allow header lists the ones it takes."
        case 408: "The request came too slowly and the market stopped waiting."
        case 412: "If-Match named an old ETag: the product changed first. Read it again with GET."
        case 413: "The body or a photo is too large."
        case 429: "Too many wrong secrets: the market waits a little before checking again."
        case 431: "The headers are too large."
        case 500...599: "The market failed, not the request."
        default: "Status \(status)."
        }
    }

    private static func englishShortMeaning(_ status: Int) -> String {
        switch status {
        case 400: "Breaks an API rule"
        case 401: "No or wrong secret"
        case 403: "Not your product"
        case 404: "No such product"
        case 405: "Method not allowed"
        case 408: "Request too slow"
        case 412: "If-Match: old ETag"
        case 413: "Too large"
        case 429: "Too many wrong secrets"
        case 431: "Headers too large"
        case 500...599: "The market failed"
        default: "Status \(status)"
        }
    }

    private static func englishHabit(_ rule: HabitRule) -> String {
        switch rule {
        case .unconditionalWrite: "no If-Match"
        case .retriedPost: "POST retried"
        case .secretInRequest: "secret shown"
        case .readWithBody: "GET with body"
        case .untypedPart: "untyped part"
        case .pollingWithoutCondition: "polling"
        case .methodRefusedAgain: "405 again"
        case .refusedRequestAgain: "refused again"
        }
    }
}
