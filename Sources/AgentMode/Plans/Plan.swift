import Foundation
import MCP
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// A write tool's first call: the plan and its one-time token (empty when the plan sends no
/// write: nothing to apply, no token kept), or the command's failure.
public enum PlanAnswer: Sendable {
    case planned(Plan, token: String)
    case failed(CommandReport, printed: String)
}

/// A write tool's second call.
public enum ApplyAnswer: Sendable {
    case applied(CommandReport, printed: String, plan: Plan)
    /// An unknown, expired or used token, other arguments than planned, a stale plan: nothing sent.
    case refused(AgentFailure)
    case failed(CommandReport, printed: String)
}

/// What a write would do, found by running it with nothing sent: the requests, and each
/// product before → after.
public struct Plan: Sendable {
    public var tool: String
    /// The command line, secret masked (`patch 3 price=9000 --yes`).
    public var command: String
    /// The writes it would send, in order.
    public var requests: [PlannedRequest]
    /// Before → after per product.
    public var products: [PlannedProduct]
    /// Products the plan deletes.
    public var deletes: Int
    /// The plan for a person or a model to read, in `Language.current`.
    public var lines: [String]
    /// The same, structured: `{tool, command, requests, products, deletes}`.
    public var json: Value
    /// Each product the plan read, by id: its `ETag` and what it was.
    var reads: [Int: ProductRead]

    /// Whether it sends nothing (nothing to apply).
    public var isEmpty: Bool { requests.isEmpty }

    init(
        tool: String, command: String, recorded: PlanningTransport.Recorded, changes: [ProductChange], minutes: Int,
        reversal: PlanMessage? = nil
    ) {
        self.tool = tool
        self.command = command
        reads = recorded.reads
        requests = recorded.writes.map { write in
            var request = write.request
            if request.method == HTTPMethod.patch.rawValue, let id = request.productID {
                request.ifMatch = recorded.reads[id]?.etag
            }
            return request
        }
        products = PlannedProduct.products(changes: changes, writes: recorded.writes, reads: recorded.reads)
        deletes = requests.filter { $0.method == HTTPMethod.delete.rawValue }.count
        lines = PlanText.lines(
            command: command, tool: tool, requests: requests, products: products, deletes: deletes, minutes: minutes)
        json = PlanText.json(tool: tool, command: command, requests: requests, products: products, deletes: deletes)
        if let reversal, case .object(var fields) = json {
            lines.insert(reversal.text, at: 1)
            fields["reverses"] = .string(reversal.text)
            json = .object(fields)
        }
    }

    /// Why this plan, made again now, is not `earlier`'s: nil when it is the same (the same
    /// products read, each the same and at the same version, the same requests). The product
    /// itself is compared as well as its `ETag`: the public market sends none.
    func staleness(since earlier: Plan) -> PlanMessage? {
        let ids = Set(reads.keys).union(earlier.reads.keys).sorted()
        let changed = ids.filter { reads[$0] != earlier.reads[$0] }
        if !changed.isEmpty {
            return .stale(
                tool: tool,
                products: changed.map { id in
                    let then = earlier.reads[id]?.product
                    let now = reads[id]?.product
                    let changes = then.flatMap { then in now.map { FieldChange.between(then, $0) } } ?? []
                    return PlanMessage.productChanged(
                        name: PlannedProduct.shownName(id: id, now?.name ?? then?.name),
                        changes: changes.map(\.text).joined(separator: ", ")
                    ).text
                })
        }
        let keys = requests.map { $0.key() }.sorted()
        let earlierKeys = earlier.requests.map { $0.key() }.sorted()
        return keys == earlierKeys ? nil : .otherRequests(tool: tool)
    }
}

/// One product a plan changes.
public struct PlannedProduct: Sendable {
    public enum Kind: String, Sendable {
        case registered, edited, deleted
    }

    /// Nil for a product the plan registers (the market gives its id when applied).
    public var id: Int?
    public var name: String
    public var kind: Kind
    public var before: Product?
    public var after: Product?
    /// Field by field, before → after (an edit's; empty for a register or a delete).
    public var changes: [FieldChange]

    /// `#3 Mug`, the name made visible and cut short.
    static func shownName(id: Int?, _ name: String?) -> String {
        let shown = TextLayout.truncate(TextLayout.visible(name ?? "", limit: 100), to: 30)
        guard let id else { return "\"\(shown)\"" }
        return shown.isEmpty ? "#\(id)" : "#\(id) \(shown)"
    }

    /// The products of the commands' changes, then those of writes no change named (`undo`'s),
    /// from the products read and the model's answers.
    static func products(
        changes: [ProductChange], writes: [(request: PlannedRequest, answer: Product?)], reads: [Int: ProductRead]
    ) -> [PlannedProduct] {
        var products = changes.map(PlannedProduct.init(change:))
        var named = Set(changes.map(\.productID))
        for write in writes {
            guard let id = write.request.madeUpID ?? write.request.productID, !named.contains(id) else { continue }
            let before = reads[id]?.product
            switch write.request.route {
            case .create:
                products.append(PlannedProduct(kind: .registered, before: nil, after: write.answer))
            case .edit:
                products.append(PlannedProduct(kind: .edited, before: before, after: write.answer))
            case .delete, .legacyDelete:
                products.append(PlannedProduct(kind: .deleted, before: before, after: nil))
            default: continue
            }
            named.insert(id)
        }
        return products
    }

    init(change: ProductChange) {
        let kind: Kind =
            switch change.kind {
            case .created: .registered
            case .deleted: .deleted
            case .edited, .stock: .edited
            }
        self.init(kind: kind, before: change.before, after: change.after)
    }

    init(kind: Kind, before: Product?, after: Product?) {
        self.kind = kind
        self.before = before
        self.after = after
        id = kind == .registered ? nil : (before?.id ?? after?.id)
        name = (after ?? before)?.name ?? ""
        changes = before.flatMap { before in after.map { FieldChange.between(before, $0) } } ?? []
    }

    /// `#3 Mug: price ₩8,000 → ₩9,000`.
    var line: PlanMessage {
        let shown = Self.shownName(id: id, name)
        switch kind {
        case .registered: return .registered(name: shown)
        case .deleted: return .deleted(name: shown)
        case .edited:
            guard !changes.isEmpty else { return .written(name: shown) }
            return .edited(name: shown, changes: changes.map(\.text).joined(separator: ", "))
        }
    }
}
