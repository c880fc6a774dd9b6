import Foundation
import MarketImages
import OpenMarketAPI
import OpenMarketContract

extension SellerShell {
    func health(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 0)
        let started = ContinuousClock.now
        let response = try await client.send(Endpoints.health())
        let elapsed = ContinuousClock.now - started
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        emit(json: response.body, text: "\(client.baseURL.absoluteString) answers \(response.value) (\(String(format: "%.0f", ms)) ms)")
    }

    func list(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: ["--per-page", "--search", "--mine", "--all"], maxPositional: 1)
        var page = 1
        if let word = arguments.positional.first {
            guard let number = Int(word.text), number >= 1 else { throw CommandFailure.usage("page must be a whole number from 1 (got '\(word.text)')") }
            page = number
        }
        var perPage = 20
        if let text = arguments.value("--per-page") {
            guard let number = Int(text), (1...1000).contains(number) else {
                throw CommandFailure.usage("--per-page must be 1 to 1000 (got '\(text)')")
            }
            perPage = number
        } else if arguments.has("--per-page") {
            throw CommandFailure.usage("--per-page needs a number")
        }
        let search = arguments.value("--search")
        let mine = arguments.has("--mine")
        if mine, vendorID == nil, vendorName == nil {
            throw CommandFailure.failed("--mine needs to know your vendor: it is learned from your first register or patch (or log in with a profile that names it)")
        }
        func isMine(_ p: Product) -> Bool {
            if let vendorID, p.vendorID == vendorID { return true }
            if let vendorName, p.vendorName == vendorName { return true }
            return false
        }

        if arguments.has("--all") || mine {
            var products = try await client.allProducts(perPage: arguments.has("--per-page") ? perPage : 100, search: search).products
            if mine { products = products.filter(isMine) }
            remember(products)
            if outputJSON {
                console.write(String(decoding: try MarketJSON.encoder.encode(products), as: UTF8.self))
            } else {
                console.write(products.isEmpty ? "no products" : ProductRendering.table(products))
                console.note("\(products.count) product\(products.count == 1 ? "" : "s")")
            }
            return
        }
        let response = try await client.send(Endpoints.listProducts(page: page, perPage: perPage, search: search))
        let result = response.value
        remember(result.products)
        emit(json: response.body, text: result.products.isEmpty ? "no products on page \(page)" : ProductRendering.table(result.products))
        if !outputJSON {
            var summary = "page \(result.pageNo) of \(max(result.lastPage, 1)), \(result.totalCount) product\(result.totalCount == 1 ? "" : "s")"
            if result.hasNext { summary += " — 'list \(result.pageNo + 1)' for more" }
            console.note(summary)
        }
    }

    func show(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 1)
        let id = try productID(arguments)
        let response = try await client.product(id: id)
        remember([response.value])
        returned(.read, response.value, response.body)
        emit(json: response.body, text: ProductRendering.detail(response.value))
    }

    func register(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(
            flags: ["--no-resize"], fields: ["name", "description", "price", "currency", "discount", "stock", "image"], maxPositional: 0)
        var values: [String: String] = [:]
        var imagePatterns: [Word] = []
        for (key, value) in arguments.fields {
            if key == "image" { imagePatterns.append(value) } else if values[key] != nil {
                throw CommandFailure.usage("\(key) is given twice")
            } else {
                values[key] = value.text
            }
        }
        // Missing fields are asked for one by one when a person is there; a script must say them.
        let required: [(String, String)] = [
            ("name", "3 to 100 characters"), ("description", "10 to 1000 characters"), ("price", "a number greater than 0"),
            ("currency", "KRW or USD"),
        ]
        for (field, rule) in required where values[field] == nil {
            guard console.isInteractive, let answer = console.ask("\(field) (\(rule)): ") else {
                throw CommandFailure.usage("\(field)= is required (\(rule))")
            }
            values[field] = answer
        }
        if imagePatterns.isEmpty {
            guard console.isInteractive, let answer = console.ask("image (path to a JPEG, PNG or GIF; globs work): "), !answer.isEmpty else {
                throw CommandFailure.usage("image= is required (1 to 5 JPEG, PNG or GIF files)")
            }
            imagePatterns = [Word(answer)]
        }

        var problems: [RuleViolation] = []
        let draft = FieldParsing.draft(values, problems: &problems)
        let images = try prepareImages(imagePatterns, resize: !arguments.has("--no-resize"), problems: &problems)
        if let draft { problems += draft.violations }
        if let count = UploadRules.checkCount(images.count), problems.allSatisfy({ !$0.subject.hasPrefix("image") }) {
            problems.append(count)
        }
        if !problems.isEmpty { throw MarketError.invalidInput(problems) }
        guard let draft else { throw MarketError.invalidInput(problems) }

        let response = try await client.send(
            Endpoints.createProduct(draft, images: images, credentials: try requireLogin()))
        let product = response.value
        remember([product])
        learnVendor(from: product)
        returned(.created, product, response.body)
        pendingWords = [Word("register")]
            + ["name", "description", "price", "currency", "discount", "stock"].compactMap { key in values[key].map { Word("\(key)=\($0)", wasQuoted: true) } }
            + imagePatterns.map { Word("image=\($0.text)", wasQuoted: $0.wasQuoted) }
            + (arguments.has("--no-resize") ? [Word("--no-resize")] : [])
        emit(json: response.body, text: ProductRendering.detail(product))
        if !outputJSON { console.note("registered #\(product.id) \(product.name)") }
    }

    func patch(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(
            flags: [], fields: ["name", "description", "price", "currency", "discount", "stock", "thumbnail"], maxPositional: 1)
        let id = try productID(arguments)
        var problems: [RuleViolation] = []
        var values: [String: String] = [:]
        for (key, value) in arguments.fields {
            if values[key] != nil { throw CommandFailure.usage("\(key) is given twice") }
            values[key] = value.text
        }
        let changes = FieldParsing.changes(values, problems: &problems)
        if !problems.isEmpty { throw MarketError.invalidInput(problems) }
        let response = try await client.edit(id: id, changes)
        remember([response.value])
        learnVendor(from: response.value)
        returned(.changed, response.value, response.body)
        emit(json: response.body, text: ProductRendering.detail(response.value))
    }

    /// Read, compute, write: the API has no atomic increment. With the bundled server's ETag the
    /// write is conditional and retried when someone else changed the product in between;
    /// without one (the public server) the product is read again afterwards to spot that.
    func stock(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: [], maxPositional: 2)
        let id = try productID(arguments)
        guard arguments.positional.count == 2 else { throw CommandFailure.usage("say how: +N to add, -N to remove, =N to set") }
        let change = arguments.positional[1].text
        guard let sign = change.first, "+-=".contains(sign), let amount = Int(change.dropFirst()), amount >= 0 else {
            throw CommandFailure.usage("'\(change)' is not +N, -N or =N")
        }
        // Retried on 412 with exponential backoff and full jitter, within a time budget rather
        // than a fixed count: two sellers adjusting one product in a loop collide again and again
        // when they retry in lockstep, and five immediate retries gave up in seconds.
        let deadline = ContinuousClock.now + Self.stockRetryBudget
        var pause = Duration.milliseconds(5)
        while true {
            let current = try await client.product(id: id)
            let before = current.value.stock
            let (target, overflow): (Int, Bool) =
                switch sign {
                case "+": before.addingReportingOverflow(amount)
                case "-": before.subtractingReportingOverflow(amount)
                default: (amount, false)
                }
            if overflow { throw CommandFailure.failed("stock would overflow") }
            if target < 0 {
                throw CommandFailure.failed("only \(before) in stock; cannot remove \(amount)")
            }
            do {
                let edited = try await client.edit(id: id, ProductChanges(stock: target), ifMatch: current.etag)
                learnVendor(from: edited.value)
                if current.etag == nil {
                    let check = try await client.product(id: id).value
                    if check.stock != target {
                        console.note("warning: stock is now \(check.stock), not \(target): someone else changed it at the same time")
                    }
                }
                returned(.changed, edited.value, edited.body)
                emit(json: edited.body, text: "#\(id) \(edited.value.name): stock \(before) → \(edited.value.stock)")
                return
            } catch MarketError.preconditionFailed {
                let wait = Duration.nanoseconds(Int64.random(in: 0...Self.nanoseconds(pause)))
                guard ContinuousClock.now + wait < deadline else {
                    throw CommandFailure.failed(
                        "the product kept changing for \(Self.stockRetryBudget.components.seconds) s while adjusting its stock (someone else is changing it); nothing was changed by this command, try again")
                }
                try await Task.sleep(for: wait)
                pause = min(pause * 2, Self.stockRetryMaxPause)
            }
        }
    }

    /// How long `stock` keeps retrying a write that lost a race, and its longest pause.
    static let stockRetryBudget: Duration = .seconds(10)
    static let stockRetryMaxPause: Duration = .milliseconds(500)

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }

    func delete(_ arguments: Arguments) async throws {
        try arguments.rejectUnknown(flags: ["--yes"], maxPositional: 1)
        let id = try productID(arguments)
        let credentials = try requireLogin()
        if !arguments.has("--yes") {
            let product = try await client.product(id: id).value
            guard console.isInteractive else {
                throw CommandFailure.usage("deleting #\(id) \(product.name) needs confirmation: add --yes")
            }
            let answer = console.ask("delete #\(id) \(product.name)? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else {
                console.note("kept #\(id)")
                return
            }
        }
        let uri = try await client.send(Endpoints.deleteURI(id: id, credentials: credentials)).value
        let response = try await client.send(Endpoints.delete(uri: uri, credentials: credentials))
        index.forget(id)
        returned(.deleted, response.value, response.body)
        emit(json: response.body, text: "deleted #\(id) \(response.value.name)")
    }

    func returned(_ effect: ProductResult.Effect, _ product: Product, _ document: Data) {
        pendingResult = ProductResult(effect: effect, id: product.id, document: document, product: product)
    }

    func requireLogin() throws -> VendorCredentials {
        guard let credentials = client.credentials, !credentials.identifier.isEmpty, !credentials.secret.isEmpty else {
            throw MarketError.missingCredentials
        }
        return credentials
    }

    /// Expands `~` and globs, loads every file, and shrinks an oversized JPEG or PNG to fit
    /// (unless `resize` is false), telling the seller what it did. Problems are collected, not
    /// thrown, so every one is listed before anything is sent.
    func prepareImages(_ patterns: [Word], resize: Bool, problems: inout [RuleViolation]) throws -> [UploadImage] {
        var paths: [String] = []
        for pattern in patterns {
            var expanded = PathExpansion.expandTilde(pattern.text)
            if let pathBase, !expanded.hasPrefix("/") { expanded = (pathBase as NSString).appendingPathComponent(expanded) }
            if !pattern.wasQuoted, PathExpansion.hasGlob(expanded) {
                let matches = PathExpansion.glob(expanded)
                if matches.isEmpty { problems.append(RuleViolation("image \(pattern.text)", "no file matches")) }
                paths += matches
            } else {
                paths.append(expanded)
            }
        }
        var images: [UploadImage] = []
        for (index, path) in paths.enumerated() {
            let label = "image \(index + 1) (\((path as NSString).lastPathComponent))"
            do throws(ImageProblem) {
                images.append(try UploadImage.load(path: path))
            } catch {
                guard case .tooLarge(_, let format) = error.kind, resize, format != .gif else {
                    var rule = error.rule
                    if case .tooLarge(_, let format) = error.kind {
                        rule += format == .gif ? " (GIFs are not shrunk: pick a smaller file)" : " (leave out --no-resize to shrink it)"
                    }
                    problems.append(RuleViolation(label, rule))
                    continue
                }
                do {
                    let data = try Data(contentsOf: URL(fileURLWithPath: path))
                    let fitted = try MarketImages.fit(data, underBytes: UploadRules.maxImageBytes)
                    let name = (path as NSString).lastPathComponent
                    images.append(try UploadImage(filename: name, data: fitted.image.data))
                    console.note("\(name): \(fitted)")
                } catch {
                    problems.append(RuleViolation(label, "over 300 KiB and could not be shrunk: \(error)"))
                }
            }
        }
        return images
    }
}

/// Turns `key=value` text into typed fields, naming each field that does not parse.
enum FieldParsing {
    static func decimal(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Decimal? {
        let cleaned = text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }),
            let value = Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX"))
        else {
            problems.append(RuleViolation(field, "'\(text)' is not a number"))
            return nil
        }
        // Decimal rounds past 38 significant digits without a word: refuse rather than send another number.
        if let problem = ProductRules.checkNumberText(cleaned, field) {
            problems.append(problem)
            return nil
        }
        return value
    }

    static func integer(_ text: String, _ field: String, _ problems: inout [RuleViolation]) -> Int? {
        guard let value = Int(text.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")) else {
            problems.append(RuleViolation(field, "'\(text)' is not a whole number"))
            return nil
        }
        return value
    }

    static func currency(_ text: String) -> Currency { Currency(rawValue: text.uppercased()) }

    static func draft(_ values: [String: String], problems: inout [RuleViolation]) -> ProductDraft? {
        let price = values["price"].flatMap { decimal($0, "price", &problems) }
        let discount = values["discount"].map { decimal($0, "discount", &problems) } ?? 0
        let stock = values["stock"].map { integer($0, "stock", &problems) } ?? 0
        guard let name = values["name"], let description = values["description"], let price, let currency = values["currency"],
            let discount, let stock
        else { return nil }
        return ProductDraft(
            name: name, description: description, price: price, currency: self.currency(currency), discountedPrice: discount,
            stock: stock)
    }

    static func changes(_ values: [String: String], problems: inout [RuleViolation]) -> ProductChanges {
        var changes = ProductChanges()
        changes.name = values["name"]
        changes.description = values["description"]
        changes.price = values["price"].flatMap { decimal($0, "price", &problems) }
        changes.currency = values["currency"].map(currency)
        changes.discountedPrice = values["discount"].flatMap { decimal($0, "discount", &problems) }
        changes.stock = values["stock"].flatMap { integer($0, "stock", &problems) }
        changes.thumbnailID = values["thumbnail"].flatMap { integer($0, "thumbnail", &problems) }
        return changes
    }
}

/// `~` and shell-style globs for image paths, through glob(3) so the rules are the shell's own.
enum PathExpansion {
    static func expandTilde(_ path: String) -> String { (path as NSString).expandingTildeInPath }

    static func hasGlob(_ path: String) -> Bool { path.contains { "*?[".contains($0) } }

    /// Matches in sorted order, so `sku12-*.jpg` uploads in a predictable order.
    static func glob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard Glibc.glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }.sorted()
    }
}
