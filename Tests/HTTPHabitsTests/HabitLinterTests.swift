import Foundation
import HTTPHabits
import MarketTestSupport
import OpenMarketContract
import Testing

/// Each rule both ways over neutral descriptions: the planted habit is found, and the same
/// exchanges done well are not.
@Suite struct HabitLinterTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    var number = 0

    /// An exchange numbered in order, `seconds` after the start.
    mutating func exchange(
        _ method: String, _ operation: HabitExchange.Operation, product: String? = "7", target: String? = nil,
        status: Int? = 200, at seconds: TimeInterval = 0, headers: Set<String> = [], body: String? = nil,
        parts: [String?]? = nil, secret: Set<HabitExchange.Place> = [], etag: Bool = false
    ) -> HabitExchange {
        number += 1
        return HabitExchange(
            source: .exchange(number), time: Self.start.addingTimeInterval(seconds), method: method, operation: operation,
            target: target ?? "/api/products/\(product ?? "")", product: product,
            answer: status.map { .status($0) } ?? .none, headerNames: headers, hasBody: body != nil || parts != nil,
            partTypes: parts, secretPlaces: secret, bodyKey: body, answerHadETag: etag)
    }

    func rules(_ exchanges: [HabitExchange]) -> [HabitRule] { HabitLinter().findings(in: exchanges).map(\.rule) }

    @Test mutating func aPatchWithoutIfMatchLongAfterTheReadIsMarkedAndRightAfterItIsNot() {
        let read = exchange("GET", .show, status: 200, etag: true)
        let late = exchange("PATCH", .edit, status: 202, at: 600, body: "a")
        #expect(rules([read, late]) == [.unconditionalWrite])
        let soon = exchange("PATCH", .edit, status: 202, at: 5, body: "a")
        #expect(rules([read, soon]).isEmpty)
        let checked = exchange("PATCH", .edit, status: 202, at: 600, headers: ["If-Match"], body: "a")
        #expect(rules([read, checked]).isEmpty)
        // Never read: nothing to have changed since.
        #expect(rules([late]).isEmpty)
    }

    @Test mutating func aDeleteAfterAChangeThatGotNoAnswerIsMarked() {
        let read = exchange("GET", .show, status: 200, etag: true)
        let lost = exchange("PATCH", .edit, status: nil, at: 1, body: "a")
        let delete = exchange("DELETE", .delete, status: 200, at: 2)
        let finding = HabitLinter().findings(in: [read, lost, delete])
        #expect(finding.map(\.rule) == [.unconditionalWrite])
        #expect(finding.first?.exchange == delete && finding.first?.earlier == read)
        let answered = exchange("PATCH", .edit, status: 202, at: 1, body: "a")
        #expect(rules([read, answered, delete]).isEmpty)
    }

    @Test mutating func aScriptLineThatChangesProductsUnseenMakesTheNextUnconditionalWriteAHabit() {
        let read = exchange("GET", .show, status: nil)
        let planned = [read, exchange("POST", .unseenChanges, product: nil, target: "undo")].map {
            var copy = $0
            copy.answer = .planned
            copy.time = nil
            return copy
        }
        var write = exchange("PATCH", .edit, body: "a")
        write.answer = .planned
        write.time = nil
        #expect(rules(planned + [write]) == [.unconditionalWrite])
        #expect(rules([planned[0], write]).isEmpty)
    }

    @Test mutating func aPostSentAgainAfterNoAnswerIsMarkedAndAfterAnAnswerIsNot() {
        let lost = exchange("POST", .create, product: nil, target: "/api/products", status: nil, body: "mug")
        let again = exchange("POST", .create, product: nil, target: "/api/products", status: 201, at: 3, body: "mug")
        #expect(rules([lost, again]) == [.retriedPost])
        let made = exchange("POST", .create, product: nil, target: "/api/products", status: 201, body: "mug")
        #expect(rules([made, again]).isEmpty)
        let unavailable = exchange("POST", .create, product: nil, target: "/api/products", status: 503, body: "mug")
        #expect(rules([unavailable, again]).isEmpty)
        let failed = exchange("POST", .create, product: nil, target: "/api/products", status: 502, body: "mug")
        #expect(rules([failed, again]) == [.retriedPost])
    }

    @Test mutating func aSecretInTheQueryOrAHeaderIsMarkedWithItsPlaces() {
        let leaky = exchange("GET", .list, product: nil, target: "/api/products", secret: [.header, .query])
        let finding = HabitLinter().findings(in: [leaky])
        #expect(finding.map(\.rule) == [.secretInRequest])
        #expect(finding.first?.places == [.query, .header])
        #expect(HabitMessage.finding(finding[0]).text(in: .en).hasPrefix("the secret in the query and a header, "))
        #expect(rules([exchange("GET", .list, product: nil, target: "/api/products")]).isEmpty)
    }

    @Test mutating func aGetWithABodyIsMarkedAndAPatchWithOneIsNot() {
        #expect(rules([exchange("GET", .list, product: nil, target: "/api/products", body: "{}")]) == [.readWithBody])
        #expect(rules([exchange("PATCH", .edit, body: "{}")]).isEmpty)
    }

    @Test mutating func aPartWithoutAContentTypeIsMarked() {
        let untyped = exchange(
            "POST", .create, product: nil, target: "/api/products", status: 201, parts: ["application/json", nil])
        #expect(rules([untyped]) == [.untypedPart])
        let typed = exchange(
            "POST", .create, product: nil, target: "/api/products", status: 201, parts: ["application/json", "image/jpeg"])
        #expect(rules([typed]).isEmpty)
    }

    @Test mutating func theThirdUnconditionalReadOfTheSameProductIsPollingOnce() {
        let reads = (0..<5).map { exchange("GET", .show, status: 200, at: Double($0), etag: true) }
        let found = HabitLinter().findings(in: reads)
        #expect(found.map(\.rule) == [.pollingWithoutCondition])
        #expect(found.first?.exchange == reads[2] && found.first?.earlier == reads[0])
        let conditional = exchange("GET", .show, status: 304, headers: ["If-None-Match"], etag: true)
        #expect(rules([reads[0], reads[1], conditional, reads[3], reads[4]]).isEmpty)
        // No ETag to send: nothing to make the read conditional with.
        let health = (0..<4).map { _ in exchange("GET", .health, product: nil, target: "/healthChecker") }
        #expect(rules(health).isEmpty)
    }

    @Test mutating func theMethodA405RefusedSentAgainIsMarked() {
        let refused = exchange("PUT", .other, status: 405, body: "a")
        let again = exchange("PUT", .other, status: 405, body: "b")
        #expect(rules([refused, again]) == [.methodRefusedAgain])
        #expect(rules([refused, exchange("OPTIONS", .other, status: 204)]).isEmpty)
    }

    @Test mutating func theSameRequestAfterA403IsMarkedAndAChangedOneIsNot() {
        let refused = exchange("PATCH", .edit, status: 403, body: "price=1")
        let same = exchange("PATCH", .edit, status: 403, body: "price=1")
        let found = HabitLinter().findings(in: [refused, same])
        #expect(found.map(\.rule) == [.refusedRequestAgain])
        #expect(found.first?.topic == "403")
        #expect(rules([refused, exchange("PATCH", .edit, status: 202, body: "price=2")]).isEmpty)
        // A 412 is about the moment: sending again (after a read) is what to do.
        let stale = exchange("PATCH", .edit, status: 412, headers: ["If-Match"], body: "price=1")
        #expect(rules([stale, exchange("PATCH", .edit, status: 202, headers: ["If-Match"], body: "price=1")]).isEmpty)
    }

    @Test func everyRuleHasAnExplainTopicAndEveryMessageReadsInBothLanguages() {
        var builder = HabitLinterTests()
        let exchange = builder.exchange("GET", .show, status: 403, secret: [.path])
        for rule in HabitRule.allCases {
            let finding = HabitFinding(rule: rule, exchange: exchange, earlier: exchange, places: [.path, .query])
            #expect(!finding.topic.isEmpty)
            let line = HabitMessage.reported(location: "#1", finding: finding)
            #expect(line.text(in: .en).hasPrefix("#1: \(rule.rawValue): "))
            #expect(line.text(in: .en).hasSuffix("(explain \(finding.topic))"))
            #expect(line.text(in: .ko).hasSuffix("(explain \(finding.topic))"))
            #expect(KoreanStyle.problems(HabitMessage.finding(finding)).isEmpty)
        }
        for message: HabitMessage in [
            .clean(count: 3), .summary(count: 2, exchanges: 9), .clean(count: 3, leftOut: 4),
            .summary(count: 2, exchanges: 9, leftOut: 4), .source(.line(4)), .source(.record(2)), .noRequests,
        ] {
            #expect(KoreanStyle.problems(message).isEmpty)
        }
    }

    @Test func theMarketsRecordsDescribeTheirRoutes() {
        #expect(HabitExchange.Operation(method: "PATCH", template: "/api/products/{id}") == .edit)
        #expect(HabitExchange.Operation(method: "POST", template: "/api/products/{id}/archived") == .deleteURI)
        #expect(HabitExchange.Operation(method: "DELETE", template: "/api/products/{id}/{secret}") == .legacyDelete)
        #expect(HabitExchange.Operation(method: "GET", template: "/{other}") == .other)
        let record = HabitExchange.marketRecord(
            sequence: 4, time: Self.start, method: "POST", route: "/api/products", productID: nil, status: 201,
            ifMatch: false, ifNoneMatch: false, hadBody: true, partsTyped: false, secretMisplaced: true, bodyDigest: "ab")
        #expect(HabitLinter().findings(in: [record]).map(\.rule) == [.secretInRequest, .untypedPart])
    }
}
