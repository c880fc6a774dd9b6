import CatalogFiles
import Foundation
import OpenMarketContract
import SellerShell
import SystemPackage

/// What one checked row of a catalog asks for.
enum RowAction: Sendable {
    /// A new product: the typed `register` the row becomes (image paths already resolved).
    case register(Register)
    /// An existing product of this vendor: the row's fields, typed (compared with the live
    /// product before anything is sent).
    case update(id: Int, changes: ProductChanges)
    /// The row's action is `delete`: your product `id` is deleted.
    case remove(id: Int)
    /// The row's action is `replace`: your product `id` is deleted and the row registered.
    case replace(id: Int, Register)
    /// The row's action is `ignore`.
    case ignore
    /// The product the row's action names is gone already (a sheet imported again after its
    /// delete or replace): nothing is sent; `id` is the product the row stands for now, if any.
    case gone(id: Int?, note: String)
}

/// Checks every row of a catalog before anything is sent: each field by the contract's rules,
/// each photo (it exists, is an image by its bytes, fits or can be shrunk), the photo count, and
/// whether a row's id is one of this vendor's products on this market. Every problem is kept,
/// at its row and column.
struct RowCheck {
    /// The file as problems name it.
    let file: String
    /// Relative image paths are read from here (the catalog's folder).
    let folder: String
    /// The folder's real path (links resolved), looked up once for every photo.
    private let realFolder: FilePath
    let resize: Bool
    /// Every row is new (`--new-ids`): the id column is ignored.
    let newIDs: Bool
    /// This vendor's live products by id (empty when no row names an id).
    let mine: [Int: Product]
    /// Rows a resumed import already made: row number → id (they are updates now).
    let made: [Int: Int]
    /// Rows without an id are matched to your products by name (not with `--match id`).
    let matchByName: Bool
    /// Your products by name (trimmed), in id order: what a row without an id is matched to.
    let yoursByName: [String: [Int]]
    /// Ids the file names in its id column, by the row that names them.
    let rowOfID: [Int: Int]
    /// Rows matched to one of your products by name: row number → id.
    private(set) var matched: [Int: Int] = [:]
    /// New rows whose thumbnail is not their first photo: row number → the photo's index.
    private(set) var thumbnails: [Int: Int] = [:]
    /// New rows whose name you already have: row number → your products of that name.
    private(set) var sameNameAsYours: [Int: [Int]] = [:]
    /// Each distinct photo is inspected once, however many rows name it.
    private var inspected: [String: String?] = [:]
    /// What the import's context lets be read (an untrusted script: only its own folder).
    let access: AccessPolicy
    /// Photos may be outside the catalog's folder (`--photos-anywhere`).
    let photosAnywhere: Bool
    /// The ids products gone have now, registered again by an undo (the change log's, read
    /// when a replace row first asks); nil: none is known.
    var cameBack: ComeBack?

    init(
        file: String, folder: String, resize: Bool, newIDs: Bool, mine: [Int: Product], made: [Int: Int],
        matchByName: Bool = false, rowOfID: [Int: Int] = [:], access: AccessPolicy = .unrestricted,
        photosAnywhere: Bool = false
    ) {
        self.file = file
        self.folder = folder
        realFolder = AccessPolicy.realPath(folder) ?? FilePath(folder).lexicallyNormalized()
        self.access = access
        self.photosAnywhere = photosAnywhere
        self.resize = resize
        self.newIDs = newIDs
        self.mine = mine
        self.made = made
        self.matchByName = matchByName && !newIDs
        self.rowOfID = rowOfID
        var byName: [String: [Int]] = [:]
        for product in mine.values.sorted(by: { $0.id < $1.id }) {
            byName[Self.nameKey(product.name), default: []].append(product.id)
        }
        yoursByName = byName
    }

    /// A name as rows and products are compared: spaces around it are a spreadsheet's (Swift
    /// compares strings by canonical equivalence, so NFC and NFD Hangul are the same name).
    static func nameKey(_ name: String) -> String { name.trimmingCharacters(in: .whitespaces) }

    /// The row's action, or its problems (never both).
    mutating func check(_ row: CatalogRow) -> (RowAction?, [CatalogProblem]) {
        switch row.command {
        case .ignore?: return (.ignore, [])
        case .delete?: return removal(row)
        case .replace?, .new?, .update?, .merge?, nil: break
        }
        var given = RowFields.given(in: row)
        let moneyProblems = readMoney(row, &given)
        guard moneyProblems.isEmpty else {
            // The row's other problems too (before, a currency sign that disagreed hid them), from
            // a copy of the check: a row that cannot be sent claims no product nor name.
            var others = self
            let columns = Set(moneyProblems.compactMap(\.column))
            return (nil, moneyProblems + others.check(row, given: given).1.filter { !columns.contains($0.column ?? "") })
        }
        return check(row, given: given)
    }

    /// The row's action or its problems, its money cells read (``readMoney``).
    private mutating func check(
        _ row: CatalogRow, given: [(field: ProductField, text: String)]
    ) -> (RowAction?, [CatalogProblem]) {
        let fields = RowFields(given)
        if let made = made[row.number] {
            return row.command == .replace ? resumedReplace(row, made: made) : checkUpdate(row, id: made, fields: fields)
        }
        switch row.command {
        case .new?: return checkNew(row, fields: fields)
        case .replace?: return checkReplace(row, fields: fields)
        case .update?: return checkSheetWins(row, fields: fields)
        default: break
        }
        if !newIDs, let idText = row[.id]?.trimmingCharacters(in: .whitespaces), !idText.isEmpty {
            // CatalogCheck has already named an id that is not a number.
            guard let id = Int(idText) else { return (nil, []) }
            return checkUpdate(row, id: id, fields: fields)
        }
        let yours = fields.changes.name.map { yoursByName[Self.nameKey($0)] ?? [] } ?? []
        if matchByName, !yours.isEmpty { return match(row, to: yours, fields: fields) }
        let checked = checkNew(row, fields: fields)
        if !yours.isEmpty, checked.0 != nil { sameNameAsYours[row.number] = yours }
        if checked.0 == nil, let renamed = renamed(row, name: fields.changes.name) { return (nil, [renamed]) }
        return checked
    }

    /// A row without an id that cannot be registered (an exported row has no photo paths) whose
    /// revision names one of your products no other row names: the id cell was emptied, so the
    /// problem is the rename's, with its fix.
    private func renamed(_ row: CatalogRow, name: String?) -> CatalogProblem? {
        guard let id = row.revision?.id, let product = mine[id], rowOfID[id] == nil, row.command == nil else { return nil }
        let message = CatalogMessage.probableRename(
            row: row.number, name: TextLayout.visible(name ?? "", limit: 40), id: id,
            was: TextLayout.visible(product.name, limit: 40))
        return problem(row, CatalogColumn.id.rawValue, message.text)
    }

    /// `₩3,500`, `3,500원` and `$12.50` as a spreadsheet formats money: the number is the
    /// amount, the sign its currency (which fills an empty currency cell, and must agree with
    /// a given one). Read as every command reads them (`ParsedFields.readingMoney`); a
    /// disagreement is said as a sheet's problem, in its column.
    private func readMoney(_ row: CatalogRow, _ fields: inout [(field: ProductField, text: String)]) -> [CatalogProblem] {
        let (read, disagreements) = ParsedFields.readingMoney(fields)
        fields = read
        return disagreements.compactMap { violation in
            guard case .currencySignDisagrees(let text, let currency, let given) = violation.rule,
                let field = ProductField(rawValue: violation.subject)
            else { return nil }
            return problem(
                row, column(for: field),
                CatalogMessage.currencyDisagrees(
                    text: TextLayout.visible(text, limit: 30), currency: currency, given: TextLayout.visible(given, limit: 10)
                ).text)
        }
    }

    /// A row without an id whose name is one of your products': an update of it, unless the
    /// name is on several of yours or the product is named by another row's id.
    private mutating func match(
        _ row: CatalogRow, to yours: [Int], fields: RowFields
    ) -> (RowAction?, [CatalogProblem]) {
        let column = CatalogColumn.name.rawValue
        guard yours.count == 1, let id = yours.first else {
            let ids = yours.map { "#\($0)" }.joined(separator: ", ")
            return (
                nil,
                [
                    problem(
                        row, column,
                        CatalogMessage.severalOfYoursNamed(count: yours.count, ids: ids).text)
                ]
            )
        }
        if let other = rowOfID[id] {
            return (
                nil, [problem(row, column, CatalogMessage.nameOfYoursNamedByRow(id: id, row: other).text)]
            )
        }
        if let other = made.first(where: { $0.value == id })?.key {
            return (nil, [problem(row, column, CatalogMessage.nameOfYoursMadeBefore(id: id, row: other).text)])
        }
        let checked = checkUpdate(row, id: id, fields: fields)
        if checked.0 != nil { matched[row.number] = id }
        return checked
    }

    /// `delete`: the product the row names; one gone already (the sheet imported again after
    /// its delete: no product of yours has its id, or without one its name) is a note, not a problem.
    private func removal(_ row: CatalogRow) -> (RowAction?, [CatalogProblem]) {
        let (id, problems) = target(of: row, for: .delete)
        if let id { return (.remove(id: id), []) }
        let named = row[.name].map { yoursByName[Self.nameKey($0)] ?? [] } ?? []
        if let cell = idCell(row) {
            guard let gone = Int(cell), mine[gone] == nil else { return (nil, problems) }
            return (.gone(id: nil, note: CatalogMessage.alreadyDeleted("#\(gone)").text), [])
        }
        guard named.isEmpty, let name = row[.name] else { return (nil, problems) }
        return (.gone(id: nil, note: CatalogMessage.alreadyDeleted(TextLayout.visible(name, limit: 40)).text), [])
    }

    /// A `replace` row an interrupted import registered (`made`): the product it replaces is
    /// deleted if it is still there; else the row is done.
    private func resumedReplace(_ row: CatalogRow, made: Int) -> (RowAction?, [CatalogProblem]) {
        var old = idCell(row).flatMap { Int($0) }
        if old == nil, let name = row[.name] {
            let others = (yoursByName[Self.nameKey(name)] ?? []).filter { $0 != made }
            old = others.count == 1 ? others[0] : nil
        }
        if let old, old != made, mine[old] != nil { return (.remove(id: old), []) }
        return (.gone(id: made, note: CatalogMessage.alreadyReplaced(was: old ?? made, by: made).text), [])
    }

    /// A `replace` row whose product is gone while exactly one of yours has the row's name (the
    /// sheet imported again after its replace), or whose id `--write-ids` wrote over the one its
    /// revision names, now gone: that one is the replacement, nothing is sent. Unless the change
    /// log says that one is the old product itself, registered again by an undo of the replace
    /// (``cameBack``): then the row is not done (named in the id column it is replaced again;
    /// found by its name it is refused, saying so, in ``checkReplace``).
    private func replaced(_ row: CatalogRow) -> RowAction? {
        if let cell = idCell(row), let id = Int(cell), mine[id] != nil, let was = row.revision?.id, was != id,
            mine[was] == nil, cameBack?.now(was) != id
        {
            return .gone(id: id, note: CatalogMessage.alreadyReplaced(was: was, by: id).text)
        }
        guard let cell = idCell(row), let was = Int(cell), mine[was] == nil, let name = row[.name],
            let yours = yoursByName[Self.nameKey(name)], yours.count == 1, cameBack?.now(was) != yours[0]
        else { return nil }
        return .gone(id: yours[0], note: CatalogMessage.alreadyReplaced(was: was, by: yours[0]).text)
    }

    /// The row's id cell, trimmed, when the import reads ids and it is not empty.
    private func idCell(_ row: CatalogRow) -> String? {
        guard !newIDs, let text = row[.id]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }

    /// The product a row whose action needs one (delete, replace, update) names: by its id,
    /// or by its name when it is the name of exactly one of yours.
    private func target(of row: CatalogRow, for action: RowCommand) -> (Int?, [CatalogProblem]) {
        if let idText = idCell(row) {
            guard let id = Int(idText) else { return (nil, []) }
            guard mine[id] != nil else {
                let unknown = CatalogProblem(
                    file: file, row: row.number, column: CatalogColumn.id.rawValue, CatalogMessage.noProductOfYours(id).text,
                    kind: .unknownID)
                return (nil, [unknown])
            }
            return (id, [])
        }
        let yours = row[.name].map { yoursByName[Self.nameKey($0)] ?? [] } ?? []
        guard yours.count == 1, let id = yours.first else {
            let column = CatalogColumn.name.rawValue
            let message =
                yours.isEmpty
                ? CatalogMessage.actionNeedsProduct(action).text
                : CatalogMessage.severalOfYoursNamed(count: yours.count, ids: yours.map { "#\($0)" }.joined(separator: ", ")).text
            return (nil, [problem(row, column, message)])
        }
        return (id, [])
    }

    /// `replace`: the row registered in place of the product it names, which is then deleted.
    private mutating func checkReplace(_ row: CatalogRow, fields: RowFields) -> (RowAction?, [CatalogProblem]) {
        if let done = replaced(row) { return (done, []) }
        // Its product gone, and back under another id by an undo of its replace: named, with
        // what to do (not "no product of yours", and no hint of --new-ids, which would register
        // the row beside it).
        if let cell = idCell(row), let was = Int(cell), mine[was] == nil, let now = cameBack?.now(was), mine[now] != nil {
            let message = CatalogMessage.namesakeNotReplacement(was: was, namesake: now).text
            return (nil, [problem(row, CatalogColumn.id.rawValue, message)])
        }
        let (id, problems) = target(of: row, for: .replace)
        let (action, found) = checkNew(row, fields: fields)
        guard let id, case .register(let register)? = action else { return (nil, problems + found) }
        return (.replace(id: id, register), problems)
    }

    /// `update`: the row's cells win over the product it names (by id or name); a row that
    /// names none of yours is a problem, never a new product.
    private mutating func checkSheetWins(_ row: CatalogRow, fields: RowFields) -> (RowAction?, [CatalogProblem]) {
        let (id, problems) = target(of: row, for: .update)
        guard let id else { return (nil, problems) }
        return checkUpdate(row, id: id, fields: fields)
    }

    /// A new product: the fields it needs, each by its rule and then the product they make
    /// together, its photos; the `register` it becomes, holding the row's typed fields.
    private mutating func checkNew(_ row: CatalogRow, fields: RowFields) -> (RowAction?, [CatalogProblem]) {
        var problems: [CatalogProblem] = []
        for field in [ProductField.description, .price, .currency] where fields.text(of: field) == nil {
            problems.append(problem(row, column(for: field), CatalogMessage.requiredForNew(rule: "\(field.rule)").text))
        }
        let changes = fields.changes
        let violations = fields.unreadable + (changes.draft?.violations ?? changes.violations())
        problems += violations.map { problem(row, column(named: $0.subject), $0.rule.text) }
        problems += wonFractions(row, fields, currency: changes.currency)
        let (paths, imageProblems) = images(of: row)
        problems += imageProblems
        guard problems.isEmpty else { return (nil, problems) }
        let register = Register(fields: fields.parsed, images: paths.map { Word($0, wasQuoted: true) }, resize: resize)
        // The thumbnail an export recorded (one of the row's photos, as written): chosen after
        // the create. Written paths count only without globs (a glob's matches are not written).
        if let thumbnail = row[.thumbnail]?.trimmingCharacters(in: .whitespaces), row.imagePaths.count == paths.count,
            let index = row.imagePaths.firstIndex(of: thumbnail), index > 0
        {
            thumbnails[row.number] = index
        }
        return (.register(register), [])
    }

    /// An update of your product `id`: each given field by its rule, then the product as it
    /// would be after the change (a new price below the live discount is caught here, not by
    /// the server).
    private func checkUpdate(_ row: CatalogRow, id: Int, fields: RowFields) -> (RowAction?, [CatalogProblem]) {
        guard let live = mine[id] else {
            let unknown = CatalogProblem(
                file: file, row: row.number, column: CatalogColumn.id.rawValue, CatalogMessage.noProductOfYours(id).text,
                kind: .unknownID)
            return (nil, [unknown])
        }
        let changes = fields.changes
        let violations = fields.unreadable + changes.violations(mergedWith: live)
        let problems =
            violations.map { problem(row, column(named: $0.subject), $0.rule.text) }
            + wonFractions(row, fields, currency: changes.currency ?? live.currency)
        return problems.isEmpty ? (.update(id: id, changes: changes), []) : (nil, problems)
    }

    /// A won amount the row gives with a fraction (`3.500` read as ₩3.5, a spreadsheet's
    /// thousands separator): the contract would take it, so it is caught here, before the plan.
    private func wonFractions(_ row: CatalogRow, _ fields: RowFields, currency: Currency?) -> [CatalogProblem] {
        guard currency == .krw else { return [] }
        let amounts: [(ProductField, Decimal?)] = [(.price, fields.changes.price), (.discount, fields.changes.discountedPrice)]
        return amounts.compactMap { field, amount in
            guard let amount, let text = fields.text(of: field), TextLayout.hasFraction(amount) else { return nil }
            return problem(
                row, column(for: field),
                CatalogMessage.wonHasNoMinorUnit(
                    text: TextLayout.visible(text, limit: 30), amount: TextLayout.money(amount, .krw)
                ).text)
        }
    }

    // MARK: Photos

    /// The row's photos as absolute paths (globs expanded, in order), and what is wrong with them.
    private mutating func images(of row: CatalogRow) -> ([String], [CatalogProblem]) {
        let column = CatalogColumn.images.rawValue
        var paths: [String] = []
        // Each path as the cell wrote it (a glob's matches by their own path), for problems.
        var shown: [String: String] = [:]
        var problems: [CatalogProblem] = []
        for written in row.imagePaths {
            if Self.isWebAddress(written) {
                problems.append(
                    problem(row, column, CatalogMessage.photoIsWebAddress(TextLayout.visible(written, limit: 60)).text))
                continue
            }
            var path = PathExpansion.expandTilde(written)
            if !path.hasPrefix("/") { path = (folder as NSString).appendingPathComponent(path) }
            if let refused = refusal(of: path, written: written, lexically: true) {
                problems.append(problem(row, column, refused))
                continue
            }
            var matches = [path]
            if PathExpansion.hasGlob(path) {
                do { matches = try PathExpansion.glob(path) } catch {
                    problems.append(problem(row, column, "\(error)"))
                    continue
                }
                if matches.isEmpty { problems.append(problem(row, column, CatalogMessage.noFileMatches(written).text)) }
            }
            for match in matches {
                if let refused = refusal(of: match, written: written, lexically: false) {
                    problems.append(problem(row, column, refused))
                } else {
                    if matches.count == 1 { shown[match] = written }
                    paths.append(match)
                }
            }
        }
        if !problems.isEmpty, paths.isEmpty { return (paths, problems) }
        if paths.isEmpty, problems.isEmpty {
            problems.append(problem(row, column, CatalogMessage.needsPhotos.text))
        } else if let count = UploadRules.checkCount(paths.count) {
            problems.append(problem(row, column, count.rule.text))
        }
        for path in paths {
            if let found = inspect(path) {
                let name = shown[path] ?? (path as NSString).lastPathComponent
                problems.append(problem(row, column, "\(TextLayout.visible(name, limit: 80)): \(found)"))
            }
        }
        return (paths, problems)
    }

    /// Why a photo may not be read: outside the catalog's folder (by its words when
    /// `lexically`, a pattern not yet expanded; else its real path, links resolved) unless
    /// `--photos-anywhere`, or outside what the context lets be read.
    private func refusal(of path: String, written: String, lexically: Bool) -> String? {
        if !photosAnywhere {
            let home = realFolder
            let words = FilePath(path).lexicallyNormalized()
            let real = lexically ? words : AccessPolicy.realPath(path) ?? words
            let inside = words.starts(with: FilePath(folder).lexicallyNormalized()) || words.starts(with: home)
            if !inside || !real.starts(with: home) {
                return AccessMessage.photoOutsideCatalog(TextLayout.visible(written, limit: 80)).text
            }
        }
        guard !lexically else { return nil }
        do { _ = try access.readable(path) } catch { return error.description }
        return nil
    }

    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// What is wrong with one photo, looked at once however many rows name it.
    private mutating func inspect(_ path: String) -> String? {
        if let known = inspected[path] { return known }
        let found = PhotoCheck.problem(path, resize: resize)?.text
        inspected[path] = found
        return found
    }

    // MARK: Problems

    private func problem(_ row: CatalogRow, _ column: String?, _ message: String) -> CatalogProblem {
        CatalogProblem(file: file, row: row.number, column: column, message)
    }

    private func column(for field: ProductField) -> String { CatalogColumn(field).rawValue }

    /// The column a rule's subject names (`discounted_price` is the `discount` column).
    private func column(named subject: String) -> String? {
        if subject == ProductField.discount.wireName { return CatalogColumn.discount.rawValue }
        return CatalogColumn(header: subject)?.rawValue ?? subject
    }
}
