import OpenMarketContract

/// The English catalogue of ``PlanMessage``.
extension PlanMessage {
    public var english: String {
        switch self {
        case .heading(let command): "Plan for: \(command)"
        case .requestsHeading(let count): "It would send \(count) request\(count == 1 ? "" : "s"):"
        case .productsHeading: "What it would change:"
        case .edited(let name, let changes): "\(name): \(changes)"
        case .registered(let name): "register \(name) (a new product)"
        case .deleted(let name): "delete \(name)"
        case .written(let name): "\(name): changed"
        case .andMore(let count): "… and \(count) more (all of them in the plan's JSON)"
        case .deletes(let count): "It deletes \(count) product\(count == 1 ? "" : "s")."
        case .nothingToApply: "It would send no change: there is nothing to apply, and no token."
        case .howToApply(let tool, let minutes):
            "Nothing was sent. To apply exactly this plan, call \(tool) again with the same arguments and this token "
                + "(good once, for \(minutes) minute\(minutes == 1 ? "" : "s"))."
        case .unknownToken(let tool):
            "No plan has this token (it was used already, or never given): call \(tool) without a token to plan again."
        case .expiredToken(let tool, let minutes):
            "This plan is older than \(minutes) minute\(minutes == 1 ? "" : "s"): call \(tool) without a token to plan again."
        case .otherArguments(let tool, let planned):
            "This token is for another plan (\(planned)): call \(tool) with that plan's arguments, or without a token to "
                + "plan these."
        case .stale(let tool, let products):
            "Nothing was sent: the market changed since the plan (\(products.joined(separator: "; "))). Call \(tool) "
                + "without a token to plan again."
        case .productChanged(let name, let changes):
            changes.isEmpty ? "product \(name) changed since the plan" : "product \(name) changed since the plan: \(changes)"
        case .otherRequests(let tool):
            "Nothing was sent: planned now, it would send other requests than the plan. Call \(tool) without a token to "
                + "plan again."
        case .writeOutsideApply(let request):
            "agent mode sends a change only when applying a plan: \(request) was not sent"
        case .writeNotPlanned(let request): "\(request) is not in the plan being applied: it was not sent"
        case .changedDuringApply(let id):
            "product #\(id) changed between the plan and its apply (412): plan again"
        }
    }
}
