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
            "The catalog file (CSV, JSON Lines or a JSON array): relative to the folder the server reads (its "
                + "--folder), or absolute inside it. Or give rows instead."
        case .page: "The page, from 1."
        case .searchText: "The text to look for in the products' names and descriptions."
        case .explainTopic:
            "What to explain: a status code (412), a method (PATCH), a header (If-Match) or a term; "
                + "left out, the list of topics."
        case .changeNumber(let undo):
            "The change to \(undo ? "take back" : "make again"), by its number in `changes`; left out, the latest."
        case .photoPath:
            "A photo's path (JPEG, PNG or GIF): relative to the folder the server reads (its --folder), or absolute "
                + "inside it; no globs."
        case .writeDescription(let summary):
            (summary.hasSuffix(".") ? summary : summary + ".") + " " + ToolMessage.twoSteps.english
        case .changesAll: "Accepted for older callers and changes nothing: the list always holds every change kept."
        case .importFailed: "With rows_from: only the rows that report says failed."
        case .importRows(let most, let fields):
            "Instead of file: the catalog's rows themselves, at most \(most), each an object with the product's id "
                + "and the fields to set (\(fields.joined(separator: ", "))); applied as one import, one change to undo. "
                + "They are imported as a file of one row a line: a problem said of its line N is rows[N-1]."
        case .unknownProperty(let name, let tool, let known):
            "'\(name)' is not an argument of \(tool); it takes \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .wrongType(let name, let takes, let given): "\(name) takes \(takes.english), not \(given.english)"
        case .missing(let name, let tool, let takes): "\(tool) needs \(name): \(takes.english)"
        case .itemCount(let name, let least, let most, let given):
            "\(name) takes " + Self.bounds(least, most, english: true) + ", not \(given)"
        case .fileOrRows(let tool, let both): "\(tool) takes " + (both ? "file or rows, not both" : "file or rows")
        case .rowsNeedFolder: "rows cannot be taken here (the server has no scratch folder): give a file"
        case .rowNeedsID(let row): "rows[\(row)] needs id: the product's id"
        case .rowUnknownField(let name, let row, let known):
            "rows[\(row)]: '\(name)' is not a field rows take; they take \(known.joined(separator: ", "))"
        case .rowsNotWritten(let file): "the rows could not be written to \(file)"
        case .outOfBounds(let name, let above, let least, let most, let given):
            "\(name) takes a number "
                + [above.map { "greater than \($0)" }, least.map { "of at least \($0)" }, most.map { "of at most \($0)" }]
                .compactMap { $0 }.joined(separator: " and ") + ", not \(given)"
        case .rowsCommand(let tool, let count): "\(tool) rows (\(count) \(count == 1 ? "row" : "rows"))"
        case .productsCapped(let shown, let total):
            "only the first \(shown) of \(total) products are in this result; ask for fewer (a page, per_page, a search)"
        case .changesCapped(let shown, let total):
            "only the first \(shown) of \(total) product changes are in this result; `changes` lists them all"
        case .textCapped(let shown, let total):
            "the printed text is cut at \(shown) of its \(total) bytes; ask for less (a page, per_page, a search)"
        case .itemsCapped(let list, let shown, let total):
            "only the first \(shown) of \(total) items of \(list) are in this result"
        case .documentLeftOut(let bytes): "a document of \(bytes) bytes is left out of this result (the text has it, cut)"
        }
    }
}

extension ToolMessage {
    /// `1 to 12 items`, `at least 1 item`, `at most 1000 items`.
    static func bounds(_ least: Int?, _ most: Int?, english: Bool) -> String {
        switch (least, most, english) {
        case (let least?, let most?, true): "\(least) to \(most) items"
        case (let least?, nil, true): "at least \(least) item\(least == 1 ? "" : "s")"
        case (_, let most?, true): "at most \(most) item\(most == 1 ? "" : "s")"
        case (let least?, let most?, false): "\(least)~\(most)개 항목"
        case (let least?, nil, false): "\(least)개 이상의 항목"
        case (_, let most?, false): "\(most)개 이하의 항목"
        case (nil, nil, _): english ? "any number of items" : "항목 몇 개든"
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
        case .rows: "a list of rows (objects)"
        case .object: "an object"
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
