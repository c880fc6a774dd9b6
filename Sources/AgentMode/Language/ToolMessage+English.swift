import OpenMarketContract

/// The English catalogue of ``ToolMessage``.
extension ToolMessage {
    public var english: String {
        switch self {
        case .twoSteps:
            "A change in two steps: called without a token it sends nothing and answers the plan (the requests it "
                + "would send, each product before → after) with a one-time token; called again with the same "
                + "arguments and that token, it makes exactly that change, if the products are still as planned."
        case .token: "The one-time token the first call answered with; leave it out to get the plan."
        case .productID: "The product's id."
        case .productIDs: "The products' ids (an id given twice counts once)."
        case .stockChange: "+N adds N to the stock, -N takes N away, =N sets it to N."
        case .catalogFile:
            "The catalog file (CSV, JSON Lines or a JSON array), its path relative to the folder the server runs in."
        case .page: "The page, from 1."
        case .searchText: "The text to look for in the products' names."
        case .explainTopic:
            "What to explain: a status code (412), a method (PATCH), a header (If-Match) or a term; "
                + "left out, the list of topics."
        case .changeNumber(let undo):
            "The change to \(undo ? "take back" : "make again"), by its number in `changes`; left out, the latest."
        case .photoPath: "A photo's path (JPEG, PNG or GIF), relative to the folder the server runs in."
        case .unknownProperty(let name, let tool, let known):
            "'\(name)' is not an argument of \(tool); it takes \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .wrongType(let name, let takes, let given): "\(name) takes \(takes.english), not \(given.english)"
        case .missing(let name, let tool, let takes): "\(tool) needs \(name): \(takes.english)"
        case .productsCapped(let shown, let total):
            "only the first \(shown) of \(total) products are in this result; ask for fewer (a page, per_page, a search)"
        case .changesCapped(let shown, let total):
            "only the first \(shown) of \(total) product changes are in this result; `changes` lists them all"
        case .textCapped(let shown, let total):
            "the printed text is cut at \(shown) of its \(total) bytes; ask for less (a page, per_page, a search)"
        }
    }
}

extension ToolMessage.Takes {
    var english: String {
        switch self {
        case .boolean: "true or false"
        case .wholeNumber: "a whole number"
        case .number: "a number"
        case .text: "text"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        case .productIDs: "a list of product ids"
        case .paths: "a list of file paths"
        }
    }
}

extension ToolMessage.Given {
    var english: String {
        switch self {
        case .null: "null"
        case .boolean: "true or false"
        case .number: "a number"
        case .text: "text"
        case .list: "a list"
        case .object: "an object"
        case .fraction: "a number with a fraction or beyond 2^53"
        }
    }
}
