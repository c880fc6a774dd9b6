import Foundation
import HTTPHabits
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// What a script's lines will send, as the HTTP habit rules see it, before it runs (`lint`):
/// each line split into words once, its references filled, parsed into its typed command
/// through the registry as the script check does, and the command described by what it sends
/// (a raw request by its method, path and items; `register` a multipart create; `delete` its
/// two steps; `stock` a read and a conditional PATCH; `undo`, `redo`, `import` and `source`
/// as changes the script does not see). A product is named by what the script calls it: an
/// earlier line's result (`$mug`, filled with a number of its own so that the typed command
/// carries it), or a literal id.
struct ScriptPlan {
    private var names: CheckedNames
    /// The number a reference's root was given, and the name it stands for.
    private var numbers: [String: Int] = [:]
    private var products: [Int: String] = [:]
    /// The product of the newest step 1 of a delete (its answer is the DELETE's path).
    private var lastDeleteURI: String?
    private(set) var exchanges: [HabitExchange] = []
    let secrets: [String]

    init(names: CheckedNames, secrets: [String]) {
        self.names = names
        self.secrets = secrets
    }

    /// The number `$root` stands for while planning (one per name).
    mutating func number(for root: String) -> Int {
        if let known = numbers[root] { return known }
        let number = 900_001 + numbers.count
        numbers[root] = number
        products[number] = "$" + root
        return number
    }

    /// The value a reference is filled with: a known text, a product's id as its own number (a
    /// field by its type's stand-in), a path for a value the run alone knows in a raw request's
    /// path place, else a number of its own.
    mutating func value(of reference: String, pathPlace: Bool) throws(ExpansionError) -> String {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch names[parts[0]] {
        case .text(let text)?: return text
        case .product?:
            let fields = parts.dropFirst().filter { Int($0) == nil }
            guard fields.isEmpty || fields == ["id"] else { return try names.value(reference, .low) }
            return String(number(for: parts[0]))
        case .unknown?, nil:
            let number = number(for: reference)
            return pathPlace ? "/api/products/\(number)" : String(number)
        }
    }

    /// The product a number in a path or an id stands for: the name it was given for, or the
    /// literal id.
    func product(_ id: Int?) -> String? { id.map { products[$0] ?? String($0) } }

    /// After a line: what its names hold (`set`, `as NAME`, `last`), as the check learns them.
    mutating func learn(from invocation: Invocation?, holes: Bool) {
        guard let invocation else { return }
        if let set = invocation.command as? SetVariable, case .variable(let name, let value) = set.action {
            names[name] = holes ? .unknown : .text(value)
            numbers[name] = nil
        }
        if let bound = invocation.bindAs {
            names[bound] = .product
            numbers[bound] = nil
        }
        if invocation.spec.returnsProduct {
            names["last"] = .product
            numbers["last"] = nil
        }
    }

    /// The exchange a line will send, as the rules see it.
    func planned(
        _ method: String, _ path: String, line: Int, product: String? = nil, headers: Set<String> = ["identifier"],
        body: Bool = false, parts: [String?]? = nil, secretPlaces: Set<HabitExchange.Place> = []
    ) -> HabitExchange {
        let match = MarketRoute.recognise(method: method, path: path)
        let operation = match.flatMap { HabitExchange.Operation(rawValue: $0.route.rawValue) } ?? .other
        return HabitExchange(
            source: .line(line), method: method, operation: operation, target: path,
            product: product ?? self.product(match?.id), answer: .planned, headerNames: headers, hasBody: body,
            partTypes: parts, secretPlaces: secretPlaces, answerHadETag: operation == .show)
    }

    /// Adds what `invocation` (line `line`) will send.
    mutating func add(_ invocation: Invocation, line: Int) {
        let command = invocation.command
        let bound = invocation.bindAs.map { "$" + $0 }
        if let raw = command as? any PlannedRawRequest {
            var exchange = raw.planned(in: self, line: line)
            if exchange.operation == .create { exchange.product = bound }
            if exchange.operation == .deleteURI { lastDeleteURI = exchange.product }
            // A delete URI is opaque: the path a DELETE was given is the newest step 1's answer.
            if exchange.operation == .delete { exchange.product = lastDeleteURI }
            exchanges.append(exchange)
        } else {
            exchanges += shellCommand(command, line: line, bound: bound)
        }
    }

    /// What a shell command sends, by its type.
    func shellCommand(_ command: any ShellCommand, line: Int, bound: String?) -> [HabitExchange] {
        let products = "/api/products"
        switch command {
        case is Register:
            return [planned("POST", products, line: line, product: bound, body: true, parts: ["application/json", "image"])]
        case let patch as Patch:
            let headers: Set<String> = patch.ifMatch == nil ? ["identifier"] : ["identifier", "if-match"]
            return patch.ids.map { planned("PATCH", "\(products)/\($0)", line: line, headers: headers, body: true) }
        case let delete as Delete:
            return delete.ids.flatMap { id in
                [
                    planned("POST", "\(products)/\(id)/archived", line: line, body: true),
                    planned("DELETE", "\(products)/token", line: line, product: product(id)),
                ]
            }
        case let stock as Stock:
            return stock.ids.flatMap { id in
                [
                    planned("GET", "\(products)/\(id)", line: line),
                    planned("PATCH", "\(products)/\(id)", line: line, headers: ["identifier", "if-match"], body: true),
                ]
            }
        case let show as Show: return [planned("GET", "\(products)/\(show.id)", line: line)]
        case is ListProducts, is Search: return [planned("GET", products, line: line)]
        case is Import, is Source, is UndoRedo<UndoWay>, is UndoRedo<RedoWay>:
            var unseen = planned("POST", "", line: line, headers: [])
            unseen.operation = .unseenChanges
            return [unseen]
        default: return []
        }
    }
}

/// A raw request, whatever its method: what it will send.
protocol PlannedRawRequest {
    func planned(in plan: ScriptPlan, line: Int) -> HabitExchange
}

extension RawRequest: PlannedRawRequest {
    func planned(in plan: ScriptPlan, line: Int) -> HabitExchange {
        let headers = items.filter { $0.kind == .header }
        let queries = items.filter { $0.kind == .query }
        let files = items.filter { $0.kind == .file }
        var places: Set<HabitExchange.Place> = []
        let secretLike = { (item: RequestItem) in
            Self.secretLike(name: item.key, value: item.value, secrets: plan.secrets)
        }
        if headers.contains(where: secretLike) { places.insert(.header) }
        if queries.contains(where: secretLike) { places.insert(.query) }
        if Self.pathQuery(path).contains(where: { Self.secretLike(name: $0.name, value: $0.value, secrets: plan.secrets) }) {
            places.insert(.query)
        }
        if SecretMasking.contains(path, secrets: plan.secrets) { places.insert(.path) }
        var names = Set(headers.map { $0.key.lowercased() })
        if !noAuth { names.insert("identifier") }
        let query = queries.map(\.text).joined(separator: "&")
        var exchange = plan.planned(
            Method.method.rawValue, path, line: line, headers: names,
            body: items.contains { ![.header, .query].contains($0.kind) },
            parts: files.isEmpty ? nil : ["application/json"] + files.map { _ in "image" }, secretPlaces: places)
        exchange.target = path + (query.isEmpty ? "" : "?" + query)
        exchange.bodyKey = items.filter { ![.header, .query].contains($0.kind) }.map(\.text).joined(separator: "\u{1}")
        return exchange
    }

    /// Whether a header or query parameter carries a secret: by its name, or its value is one.
    static func secretLike(name: String, value: String, secrets: [String]) -> Bool {
        let name = name.lowercased()
        return name.contains("secret") || name.contains("password") || SecretMasking.contains(value, secrets: secrets)
    }

    /// The parameters written into the path's own query (`/api/products?page_no=1&secret=…`),
    /// their names percent-decoded.
    static func pathQuery(_ path: String) -> [(name: String, value: String)] {
        guard let mark = path.unicodeScalars.firstIndex(of: "?") else { return [] }
        let query = String(path.unicodeScalars[path.unicodeScalars.index(after: mark)...])
        return query.split(separator: "&").map { parameter in
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            return (name.removingPercentEncoding ?? name, pair.count > 1 ? String(pair[1]) : "")
        }
    }
}

extension ScriptRuntime {
    /// What `lines` will send, as the habit rules see it: every line parsed as the script check
    /// parses it (a line that does not parse sends nothing, except a read given a body, which
    /// the parser refuses and the rules mark). Lines after an `exit` never run.
    func plannedExchanges(_ lines: [ScriptLine], on server: URL, secrets: [String]) -> [HabitExchange] {
        var plan = ScriptPlan(names: CheckedNames(names.variables), secrets: secrets)
        for line in lines where line.problem == nil {
            let text = Self.trimmed(line.text)
            guard !text.isEmpty, let templates = try? WordSplitter.words(text) else { continue }
            let method = templates.first?.literal?.text.uppercased() ?? ""
            let words = fill(templates, plan: &plan, on: server, raw: HTTPMethod(rawValue: method) != nil)
            guard let words else { continue }
            switch invocation(words, text: text, line: line, location: nil) {
            case .success(let invocation):
                plan.add(invocation, line: line.number)
                plan.learn(from: invocation, holes: templates.contains { $0.literal == nil })
                if invocation.spec.name == Exit.spec.name { return plan.exchanges }
            case .failure:
                if let read = Self.readWithBody(words, method: method, line: line.number, plan: plan) {
                    plan.add(read)
                }
            }
        }
        return plan.exchanges
    }

    /// The words with each reference filled for planning (`ScriptPlan.value`).
    private func fill(_ templates: [WordTemplate], plan: inout ScriptPlan, on server: URL, raw: Bool) -> [Word]? {
        var words: [Word] = []
        for (index, template) in templates.enumerated() {
            let filled = try? Expander.fill([template]) { reference throws(ExpansionError) in
                guard !reference.hasPrefix("env.") else { return (try? resolve(reference, on: server)) ?? "" }
                return try plan.value(of: reference, pathPlace: raw && index == 1 && template.pieces.count == 1)
            }
            guard let filled else { return nil }
            words += filled
        }
        return words
    }

    /// A GET or HEAD given body items, which its parser refuses: what it would have sent.
    private static func readWithBody(_ words: [Word], method: String, line: Int, plan: ScriptPlan) -> HabitExchange? {
        guard ["GET", "HEAD"].contains(method), words.count > 1 else { return nil }
        let items = words.dropFirst(2).compactMap(RequestItem.init)
        guard items.contains(where: { ![.header, .query].contains($0.kind) }) else { return nil }
        return plan.planned(method, words[1].text, line: line, body: true)
    }
}

extension ScriptPlan {
    /// Adds an exchange planned outside a parsed line.
    mutating func add(_ exchange: HabitExchange) { exchanges.append(exchange) }
}
