import OpenMarketContract

/// What agent mode's plans say: a plan as a person or a model reads it, why a token is refused,
/// and why agent mode kept a request from the market. Each language is one exhaustive `switch`
/// (`PlanMessage+English.swift`, `PlanMessage+Korean.swift`).
public enum PlanMessage: Spoken, Equatable {
    // MARK: A plan

    /// The first line: the command planned.
    case heading(command: String)
    /// Before the requests.
    case requestsHeading(count: Int)
    /// Before the products.
    case productsHeading
    /// `#3 Mug: price ₩8,000 → ₩9,000`.
    case edited(name: String, changes: String)
    /// A product the plan registers (its id is given by the market when applied).
    case registered(name: String)
    /// A product the plan deletes.
    case deleted(name: String)
    /// A product the plan writes whose change is not known field by field.
    case written(name: String)
    /// The requests or products a long plan's lines leave out (its JSON has them all).
    case andMore(count: Int)
    /// How many products the plan deletes.
    case deletes(count: Int)
    /// A plan that sends no write.
    case nothingToApply
    /// How to apply the plan: the same tool and arguments, and the token.
    case howToApply(tool: String, minutes: Int)
    /// An `undo` plan: the change it takes back, by its number in the change log and summary.
    case undoes(number: Int, summary: String)
    /// A `redo` plan: the change it makes again.
    case redoes(number: Int, summary: String)
    /// A request's `If-Match` in a plan's line.
    case ifMatch(etag: String)
    /// A multipart body's parts in a plan's line.
    case multipart(parts: [String])
    /// One file part of a multipart body: its name, file name, type, size and digest's start.
    case filePart(name: String, file: String?, contentType: String, bytes: Int, sha256: String)
    /// The JSON of a plan's JSON: how many requests or products it leaves out.
    case omitted(count: Int)

    // MARK: A token refused

    /// No plan has this token.
    case unknownToken(tool: String)
    /// The plan's token is too old.
    case expiredToken(tool: String, minutes: Int)
    /// The token was given with other arguments than its plan's.
    case otherArguments(tool: String, planned: String)
    /// The market changed since the plan: each product that changed, then what to do.
    case stale(tool: String, products: [String])
    /// One product that changed since the plan: `#3 Mug`, what changed (may be empty).
    case productChanged(name: String, changes: String)
    /// The plan now would send other requests (an import's rows, say).
    case otherRequests(tool: String)
    /// The call was cancelled (the client gave up) before anything was sent.
    case cancelled
    /// The plan's scratch folder could not be made.
    case noScratchFolder(path: String)
    /// A photo whose bytes were not found in the request: the plan cannot name them.
    case photoBytesMissing(part: String)

    // MARK: What agent mode keeps from the market

    /// A write outside applying a plan.
    case writeOutsideApply(request: String)
    /// A write that is not one of the plan's requests.
    case writeNotPlanned(request: String)
    /// A planned PATCH answered 412: the product changed between the plan and its apply.
    case changedDuringApply(id: Int)
    /// A product read again just before its write (no `ETag`) was no longer what the plan read.
    case changedBeforeSending(request: String, id: Int)
    /// A planned write the apply never sent.
    case notSent(request: String)
}
