import Foundation

/// The habit rules over a sequence of exchanges in the order they were sent (one student's, or
/// one script's): each finding names the exchange it is about. The same rules whoever saw the
/// exchanges: a script's lines before they run (no answers, no times: the rules that need them
/// say nothing), the shell's exchange log, the market's activity records.
public struct HabitLinter: Sendable {
    /// A product seen longer ago than this (seconds) may have changed since.
    public var staleAfter: TimeInterval
    /// How many reads of the same thing in a row, none conditional, make polling.
    public var pollingReads: Int

    public init(staleAfter: TimeInterval = 120, pollingReads: Int = 3) {
        self.staleAfter = staleAfter
        self.pollingReads = max(2, pollingReads)
    }

    /// Every finding, in the order of the exchanges they name (then of the rules).
    public func findings(in exchanges: [HabitExchange]) -> [HabitFinding] {
        var found: [(position: Int, finding: HabitFinding)] = []
        for (position, exchange) in exchanges.enumerated() {
            found += Self.alone(exchange).map { (position, $0) }
        }
        found += unconditionalWrites(exchanges) + retriedPosts(exchanges) + polling(exchanges)
        found += refusedAgain(exchanges)
        let order = HabitRule.allCases
        return found.sorted {
            ($0.position, order.firstIndex(of: $0.finding.rule)!) < ($1.position, order.firstIndex(of: $1.finding.rule)!)
        }.map(\.finding)
    }

    /// The rules that need no other exchange: a secret out of place, a read with a body, a part
    /// without a type.
    static func alone(_ exchange: HabitExchange) -> [HabitFinding] {
        var found: [HabitFinding] = []
        if !exchange.secretPlaces.isEmpty {
            found.append(HabitFinding(rule: .secretInRequest, exchange: exchange, places: exchange.secretPlaces.sorted()))
        }
        if ["GET", "HEAD"].contains(exchange.method), exchange.hasBody {
            found.append(HabitFinding(rule: .readWithBody, exchange: exchange))
        }
        if exchange.partTypes?.contains(where: { $0 == nil || $0?.isEmpty == true }) == true {
            found.append(HabitFinding(rule: .untypedPart, exchange: exchange))
        }
        return found
    }

    /// A PATCH or DELETE without `If-Match` of a product seen before, when it may have changed
    /// since: seen longer ago than `staleAfter`, or changed since by a request whose answer never
    /// came (or a line that does not show what it changed). A DELETE's own step 1 (the delete
    /// URI) counts as seeing it; a product deleted is not written again unseen.
    func unconditionalWrites(_ exchanges: [HabitExchange]) -> [(Int, HabitFinding)] {
        var seen: [String: HabitExchange] = [:]
        var changedUnseen: Set<String> = []
        var found: [(Int, HabitFinding)] = []
        for (position, exchange) in exchanges.enumerated() {
            if exchange.operation == .unseenChanges {
                changedUnseen.formUnion(seen.keys)
                continue
            }
            guard let product = exchange.product else { continue }
            let writes = [.edit, .delete, .legacyDelete].contains(exchange.operation)
            if writes, !exchange.ifMatch, let sight = seen[product],
                changedUnseen.contains(product) || isStale(sight, at: exchange)
            {
                found.append((position, HabitFinding(rule: .unconditionalWrite, exchange: exchange, earlier: sight)))
            }
            if exchange.operation.changesAProduct, exchange.answer.unknownOutcome {
                changedUnseen.insert(product)
            } else if Self.shows(exchange) {
                seen[product] = exchange
                changedUnseen.remove(product)
            }
            if [.delete, .legacyDelete].contains(exchange.operation), exchange.answer.succeeded {
                seen[product] = nil
            }
        }
        return found
    }

    /// Whether the exchange showed its product's current version: a read, a create or an edit
    /// that went through (a script's, taken to), or step 1 of a delete.
    static func shows(_ exchange: HabitExchange) -> Bool {
        guard [.show, .create, .edit, .deleteURI, .legacySecret].contains(exchange.operation) else { return false }
        if case .status(let code) = exchange.answer { return (200..<300).contains(code) || code == 304 }
        return exchange.answer == .planned
    }

    private func isStale(_ sight: HabitExchange, at exchange: HabitExchange) -> Bool {
        guard let then = sight.time, let now = exchange.time else { return false }
        return now.timeIntervalSince(then) > staleAfter
    }

    /// A POST sent again with the same body after one that got no answer (or a 5xx but 503):
    /// the first may have made it already.
    func retriedPosts(_ exchanges: [HabitExchange]) -> [(Int, HabitFinding)] {
        var unanswered: [String: HabitExchange] = [:]
        var found: [(Int, HabitFinding)] = []
        for (position, exchange) in exchanges.enumerated() where exchange.method == "POST" {
            guard let key = exchange.bodyKey else { continue }
            let target = exchange.target + "\u{0}" + key
            if let earlier = unanswered[target] {
                found.append((position, HabitFinding(rule: .retriedPost, exchange: exchange, earlier: earlier)))
            }
            unanswered[target] = exchange.answer.unknownOutcome ? exchange : nil
        }
        return found
    }

    /// `pollingReads` reads in a row of the same thing, none with `If-None-Match`, though an
    /// answer gave an ETag to send: once per run of them. A change of the product, or a
    /// conditional read, ends the run.
    func polling(_ exchanges: [HabitExchange]) -> [(Int, HabitFinding)] {
        var runs: [String: (count: Int, first: HabitExchange, tagged: Bool)] = [:]
        var found: [(Int, HabitFinding)] = []
        for (position, exchange) in exchanges.enumerated() {
            if exchange.operation.changesAProduct || exchange.operation == .unseenChanges {
                runs = runs.filter { $0.value.first.product != exchange.product && exchange.operation != .unseenChanges }
                continue
            }
            guard exchange.method == "GET" else { continue }
            guard !exchange.ifNoneMatch else {
                runs[exchange.target] = nil
                continue
            }
            var run = runs[exchange.target] ?? (0, exchange, false)
            run.count += 1
            if run.count == pollingReads, run.tagged {
                found.append((position, HabitFinding(rule: .pollingWithoutCondition, exchange: exchange, earlier: run.first)))
            }
            run.tagged = run.tagged || exchange.answerHadETag
            runs[exchange.target] = run
        }
        return found
    }

    /// The same request sent again after the market refused it: a 405's method to the same route
    /// (its `Allow` said which it takes), or anything else a 4xx refused, unchanged (the same
    /// method, target, headers and body). A 409, 412 or 429 is about the moment, not the
    /// request, and is left out; so is a body whose content is not known.
    func refusedAgain(_ exchanges: [HabitExchange]) -> [(Int, HabitFinding)] {
        var last: [String: HabitExchange] = [:]
        var found: [(Int, HabitFinding)] = []
        for (position, exchange) in exchanges.enumerated() where exchange.operation != .unseenChanges {
            let key = exchange.method + " " + exchange.target
            if let earlier = last[key], let status = earlier.answer.status, (400..<500).contains(status),
                ![409, 412, 429].contains(status)
            {
                if status == 405 {
                    found.append((position, HabitFinding(rule: .methodRefusedAgain, exchange: exchange, earlier: earlier)))
                } else if Self.same(earlier, exchange) {
                    found.append((position, HabitFinding(rule: .refusedRequestAgain, exchange: exchange, earlier: earlier)))
                }
            }
            last[key] = exchange
        }
        return found
    }

    /// The same request, as far as can be told: headers and body alike (a body whose content
    /// is not known is never the same).
    static func same(_ one: HabitExchange, _ other: HabitExchange) -> Bool {
        guard one.headerNames == other.headerNames, one.hasBody == other.hasBody else { return false }
        guard one.hasBody else { return true }
        return one.bodyKey != nil && one.bodyKey == other.bodyKey
    }
}
