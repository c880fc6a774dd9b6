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

    // MARK: What agent mode keeps from the market

    /// A write outside applying a plan.
    case writeOutsideApply(request: String)
    /// A write that is not one of the plan's requests.
    case writeNotPlanned(request: String)
    /// A planned PATCH answered 412: the product changed between the plan and its apply.
    case changedDuringApply(id: Int)
}
