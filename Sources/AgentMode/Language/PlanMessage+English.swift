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
        case .undoes(let number, let summary): "It takes back change \(number): \(summary)"
        case .redoes(let number, let summary): "It makes change \(number) again: \(summary)"
        case .ifMatch(let etag): "If-Match: \(etag)"
        case .multipart(let parts): "multipart: " + parts.joined(separator: ", ")
        case .filePart(let name, let file, let contentType, let bytes, let sha256):
            "\(name) \(file.map { $0 + " " } ?? "")(\(contentType), \(bytes) B, sha256 \(sha256)…)"
        case .omitted(let count): "\(count) more left out (the token applies them all)"
        case .unknownToken(let tool):
            "No plan has this token (it was used already, or never given): call \(tool) without a token to plan again."
        case .expiredToken(let tool, let minutes):
            "This plan is older than \(minutes) minute\(minutes == 1 ? "" : "s"): call \(tool) without a token to plan again."
        case .otherArguments(let tool, let planned):
            "Nothing was sent: this token is for another plan (\(planned)). The token still works: call \(tool) again "
                + "with that plan's arguments and the token, or without a token to plan these."
        case .stale(let tool, let products):
            "Nothing was sent: the market changed since the plan (\(products.joined(separator: "; "))). Call \(tool) "
                + "without a token to plan again."
        case .productChanged(let name, let changes):
            changes.isEmpty ? "product \(name) changed since the plan" : "product \(name) changed since the plan: \(changes)"
        case .otherRequests(let tool):
            "Nothing was sent: planned now, it would send other requests than the plan. Call \(tool) without a token to "
                + "plan again."
        case .cancelled: "Nothing was sent: the call was cancelled."
        case .noScratchFolder(let path): "Nothing was planned: the plan's scratch folder \(path) could not be made."
        case .photoBytesMissing(let part):
            "Nothing was planned: the bytes of the photo part \(part) were not found, so the plan could not name them."
        case .writeOutsideApply(let request):
            "agent mode sends a change only when applying a plan: \(request) was not sent"
        case .writeNotPlanned(let request): "\(request) is not in the plan being applied: it was not sent"
        case .changedDuringApply(let id):
            "product #\(id) changed between the plan and its apply (412): plan again"
        case .changedBeforeSending(let request, let id):
            "product #\(id) changed since the plan (read again just before writing it): \(request) was not sent; plan again"
        case .notSent(let request): "\(request) in the plan was not sent"
        }
    }
}
