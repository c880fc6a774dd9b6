import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// The transport of the agent's main session: reads pass; a write is sent only while a plan is
/// applied, and only when it is one of that plan's requests not yet sent (each once), a PATCH
/// with the `ETag` the plan read as `If-Match`. A product the plan read without an `ETag` (the
/// public market sends none) is read again just before its first write, and the write refused
/// when the product is no longer what the plan read. Anything else is refused without being sent.
final class PlanGate: HTTPTransport, Sendable {
    private let inner: any HTTPTransport
    /// The market's address, to read a product again.
    private let market: URL
    private let state = Mutex<Applying?>(nil)

    /// The plan being applied, and what the apply has done with it.
    struct Applying {
        var plan: Plan
        var sent: Set<Int> = []
        /// The products read again before their first write.
        var checked: Set<Int> = []
        /// The market's id of each product (and photo) the plan registers, by the plan's made-up id.
        var ids: [Int: Int] = [:]
        /// Why writes were refused, and the products a planned PATCH found changed (412).
        var refused: [PlanMessage] = []
        var changed: [Int] = []
        /// What each write the market accepted did, before → after (the plan's read → its answer).
        var written: [ProductChange] = []
    }

    init(wrapping inner: any HTTPTransport, market: URL) {
        self.inner = inner
        self.market = market
    }

    var taskExecutor: (any TaskExecutor)? { inner.taskExecutor }

    /// From now until `end()`, the writes of `plan` may be sent.
    func begin(_ plan: Plan) { state.withLock { $0 = Applying(plan: plan) } }

    /// What an apply did with its plan, said when it ends.
    struct Ended {
        /// Why writes were refused.
        var refused: [PlanMessage] = []
        /// The products a planned PATCH found changed (412).
        var changed: [Int] = []
        /// The planned writes never sent, as `notSent`.
        var notSent: [PlanMessage] = []
        /// What the writes the market accepted did, in order (a command that reports no change of
        /// its own, as `undo`, is known by these).
        var written: [ProductChange] = []
    }

    /// Ends the apply: what the gate refused, the products found changed, the writes not sent.
    func end() -> Ended {
        state.withLock { state in
            defer { state = nil }
            guard let applying = state else { return Ended() }
            let unsent = applying.plan.requests.indices.filter { !applying.sent.contains($0) }
            return Ended(
                refused: applying.refused, changed: applying.changed,
                notSent: unsent.map { .notSent(request: applying.plan.requests[$0].shortText) }, written: applying.written)
        }
    }

    nonisolated(nonsending) func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        guard PlanningTransport.isWrite(request.method) else { return try await inner.send(request, timeout: timeout) }
        let sending = PlannedRequest(request)
        let decision = state.withLock { state in Self.decide(sending, &state) }
        let planned: PlannedRequest
        switch decision {
        case .refuse(let refusal): throw TransportFailure.invalidRequest(reason: refusal.text)
        case .send(let found): planned = found
        }
        try await checkUnchanged(planned, timeout: timeout)
        var request = request
        if let etag = planned.ifMatch {
            request.headers = HeaderFields(request.headers.filter { !HeaderFields.sameName($0.name, "If-Match") })
            request.headers.add("If-Match", etag)
        }
        let response = try await inner.send(request, timeout: timeout)
        state.withLock { state in
            if response.status == 412, let id = sending.productID { state?.changed.append(id) }
            if (200..<300).contains(response.status), let change = Self.change(planned, response, state?.plan) {
                state?.written.append(change)
            }
            if let madeUp = planned.madeUpID, (200..<300).contains(response.status),
                let made = PlanningTransport.product(response.body)
            {
                state?.ids[madeUp] = made.id
                for (madeUpImage, image) in zip(planned.madeUpImageIDs, made.images ?? []) { state?.ids[madeUpImage] = image.id }
            }
        }
        return response
    }

    /// Reads the product `planned` writes again when the plan read it without an `ETag` (once an
    /// apply), and refuses the write when it is no longer what the plan read.
    private func checkUnchanged(_ planned: PlannedRequest, timeout: Duration) async throws {
        guard let id = planned.productID, planned.madeUpID == nil else { return }
        let read = state.withLock { state -> ProductRead? in
            guard let read = state?.plan.reads[id], read.etag == nil, read.product != nil,
                state?.checked.insert(id).inserted == true
            else { return nil }
            return read
        }
        guard let read else { return }
        let url = try Endpoints.product(id: id).url(relativeTo: market)
        let answer = try await inner.send(
            HTTPRequestData(
                method: .get, url: url, headers: ["Accept": "application/json"], maxResponseBytes: ResponseLimits.product),
            timeout: timeout)
        let now = answer.status == 200 ? PlanningTransport.product(answer.body) : nil
        guard now != read.product else { return }
        let refusal = PlanMessage.changedBeforeSending(request: planned.shortText, id: id)
        state.withLock { $0?.refused.append(refusal) }
        throw TransportFailure.invalidRequest(reason: refusal.text)
    }

    /// What an accepted write did to its product: the plan's read of it before, the market's
    /// answer after (nil for a write that is not a product's: a photo, a delete's first step).
    private static func change(_ planned: PlannedRequest, _ response: HTTPResponseData, _ plan: Plan?) -> ProductChange? {
        let before = planned.productID.flatMap { plan?.reads[$0]?.product }
        switch planned.route {
        case .create: return PlanningTransport.product(response.body).map { ProductChange(.created, before: nil, after: $0) }
        case .edit: return ProductChange(.edited, before: before, after: PlanningTransport.product(response.body))
        case .delete, .legacyDelete: return before.map { ProductChange(.deleted, before: $0, after: nil) }
        default: return nil
        }
    }

    /// What the gate does with a write.
    private enum Decision {
        /// Send it: it is this planned request.
        case send(PlannedRequest)
        case refuse(PlanMessage)
    }

    /// The planned request `sending` is (marked sent), or why it is refused.
    private static func decide(_ sending: PlannedRequest, _ state: inout Applying?) -> Decision {
        guard var applying = state else { return .refuse(.writeOutsideApply(request: sending.shortText)) }
        defer { state = applying }
        let key = sending.key()
        let found = applying.plan.requests.indices.first { index in
            !applying.sent.contains(index) && applying.plan.requests[index].key(translating: applying.ids) == key
        }
        guard let found else {
            let refusal = PlanMessage.writeNotPlanned(request: sending.shortText)
            applying.refused.append(refusal)
            return .refuse(refusal)
        }
        applying.sent.insert(found)
        return .send(applying.plan.requests[found])
    }
}
