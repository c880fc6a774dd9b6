import Foundation
import OpenMarketAPI
import OpenMarketContract

/// Takes logged changes back (`undo`) or makes them again (`redo`): each change of a unit is
/// read against the market first (has the product changed since? are its photos still kept?),
/// then, when nothing stops it, sent, and the log told.
///
/// Per kind, undo does: fields changed → send back only those fields, with `If-Match`; stock
/// adjusted → the inverse amount on the stock as it is now (a sale meanwhile stays); a product
/// registered → delete it; a product deleted → register it again with its fields and saved
/// photos, under a new id the log maps the old one to. Redo does the same the other way.
struct Reversal {
    typealias Direction = ChangeDirection

    enum Action {
        case setFields(id: Int, fields: [ProductField], target: Product)
        case adjustStock(id: Int, by: Int)
        case delete(id: Int)
        case create(Product, photos: [SavedPhoto])

        /// The product it sends to, as the run's steps name it (none for a register).
        var id: Int? {
            switch self {
            case .setFields(let id, _, _), .adjustStock(let id, _), .delete(let id): id
            case .create: nil
            }
        }
    }

    /// One change, read against the market: what would be done, and what stops it.
    struct Step {
        var change: ChangeHistory.Change
        var action: Action
        var current: MarketResponse<Product>?
        /// The product changed since the change (or its last undo): `--force` goes ahead anyway.
        var conflict: ReversalMessage?
        /// Why it cannot be done at all (the product is gone; its photos were not kept).
        var blocker: ReversalMessage?
        /// One line of the plan: what it does to which product.
        var plan: ReversalMessage
        /// What it would send (`--dry-run`).
        var request: ReversalMessage
        /// A step before it in the run sends to the same product (an import's row: its stock
        /// move and its fields), so the version read for the plan is not the product's when it
        /// is sent: it is read again first, not sent to fail with 412.
        private(set) var readFirst = false

        var deletes: Bool { if case .delete = action { true } else { false } }

        /// Marks each step a step before it sends to the same product, and says so in what it
        /// would send.
        static func inOrder(_ steps: [Step]) -> [Step] {
            var seen: Set<Int> = []
            return steps.map { step in
                guard let id = step.action.id, !seen.insert(id).inserted else { return step }
                var step = step
                step.readFirst = true
                switch step.request {
                case .patchRequest(let id, let json, _): step.request = .patchAfterRead(id: id, json: json)
                case .stockRequest(let id, let stock, _): step.request = .stockAfterRead(id: id, stock: stock)
                default: break
                }
                return step
            }
        }
    }

    var direction: Direction
    var history: ChangeHistory
    var log: ChangeLog

    /// The changes of `unit` this direction applies to, in the order it takes them (an undo
    /// from the newest back).
    func changes(of unit: ChangeHistory.Unit) -> [ChangeHistory.Change] {
        let open = unit.changes.filter { $0.undone == (direction == .redo) }
        return direction == .undo ? open.reversed() : open
    }

    // MARK: Reading first

    func prepare(_ change: ChangeHistory.Change, in context: CommandContext) async throws -> Step {
        let entry = change.entry
        switch (entry.kind, direction) {
        case (.edited?, _):
            guard let before = entry.before, let after = entry.after else { return broken(change) }
            return try await settingFields(change, before: before, after: after, in: context)
        case (.stock?, _):
            guard let before = entry.before, let after = entry.after else { return broken(change) }
            return try await adjustingStock(change, before: before, after: after, in: context)
        case (.created?, .undo), (.deleted?, .redo):
            guard let made = entry.kind == .created ? entry.after : entry.before else { return broken(change) }
            return try await deleting(change, made, in: context)
        case (.deleted?, .undo), (.created?, .redo):
            guard let product = entry.kind == .deleted ? entry.before : entry.after else { return broken(change) }
            return try registering(change, product)
        default:
            return broken(change)
        }
    }

    /// Fields changed: only those fields go back (or again), conditional on the version read.
    private func settingFields(
        _ change: ChangeHistory.Change, before: Product, after: Product, in context: CommandContext
    ) async throws -> Step {
        let fields = ProductField.between(before, after)
        let target = direction == .undo ? before : after
        let expected = change.state ?? (direction == .undo ? after : before)
        let id = history.currentID(after.id)
        return try await reading(id, for: change, .setFields(id: id, fields: fields, target: target), in: context) {
            step, current in
            let changes = ProductField.changes(fields, to: target, on: current.value)
            step.plan = .setFields(
                name: ProductLabel.of(current.value), changes: ProductField.describe(fields, from: current.value, to: target))
            step.request = .patchRequest(id: id, json: RequestPreview.json(changes), etag: current.etag)
            step.conflict = Self.conflict(
                current.value, expected: expected, in: fields, number: unitNumber(change),
                by: laterUnit(after: change, in: fields, current: current.value))
        }
    }

    /// Stock adjusted: the inverse amount (or the same again) on the stock as it is now.
    private func adjustingStock(
        _ change: ChangeHistory.Change, before: Product, after: Product, in context: CommandContext
    ) async throws -> Step {
        let amount = (after.stock - before.stock) * (direction == .undo ? -1 : 1)
        let id = history.currentID(after.id)
        let undo = direction == .undo
        return try await reading(id, for: change, .adjustStock(id: id, by: amount), in: context) { step, current in
            let (now, name) = (current.value.stock, ProductLabel.of(current.value))
            step.plan =
                undo
                ? .stockBack(name: name, now: now, amount: amount, before: before.stock, after: after.stock)
                : .stockAgain(name: name, now: now, amount: amount)
            step.request = .stockRequest(id: id, stock: now + amount, etag: current.etag)
        }
    }

    /// A product made (undo) or deleted again (redo): delete it.
    private func deleting(_ change: ChangeHistory.Change, _ made: Product, in context: CommandContext) async throws -> Step {
        let id = history.currentID(made.id)
        return try await reading(id, for: change, .delete(id: id), deleting: true, in: context) { step, current in
            step.plan = .delete(name: ProductLabel.of(current.value))
            step.request = .deleteRequest(id: id)
            // A delete takes every field: any change since is the seller's to keep or let go.
            let expected = change.state ?? made
            step.conflict = Self.conflict(
                current.value, expected: expected, in: ProductField.changeable, number: unitNumber(change),
                by: laterUnit(after: change, in: ProductField.changeable, current: current.value))
        }
    }

    /// A product deleted (undo) or made again (redo): register it with its fields and saved
    /// photos; without photos it cannot be (the market takes no product without one).
    private func registering(_ change: ChangeHistory.Change, _ product: Product) throws -> Step {
        let photos = try savedPhotos(of: change)
        let bytes = photos.reduce(0) { $0 + $1.data.count }
        var step = Step(
            change: change, action: .create(product, photos: photos), plan: .registerAgain(name: ProductLabel.of(product)),
            request: .registerRequest(
                json: RequestPreview.json(Self.draft(product)), photos: photos.count, bytes: ByteCountText.format(bytes),
                thumbnail: (ProductField.thumbnailIndex(product) ?? 0) > 0))
        if photos.isEmpty { step.blocker = .changeLog(.cannotRegisterAgain(id: product.id, why: noPhotos(change))) }
        return step
    }

    /// The photos the log keeps for the product `change` deleted (undo) or registered (redo).
    private func savedPhotos(of change: ChangeHistory.Change) throws(CommandFailure) -> [SavedPhoto] {
        try change.photos.flatMap { entry throws(CommandFailure) in try log.photos(of: entry) } ?? []
    }

    /// Why the log has no photos to register `change`'s product again with.
    private func noPhotos(_ change: ChangeHistory.Change) -> String {
        guard change.photos != nil else { return change.entry.photoProblem ?? ChangeLogMessage.photosNotSaved.text }
        let days = Int(ChangeLog.seconds(log.limits.photoAge) / 86_400)
        return ChangeLogMessage.photosNoLongerKept(days: days, bytes: ByteCountText.format(log.limits.photoBytes)).text
    }

    /// A step on the product as it is now: read first (`describe` fills the plan from it), or
    /// blocked when the market says it is gone.
    private func reading(
        _ id: Int, for change: ChangeHistory.Change, _ action: Action, deleting: Bool = false, in context: CommandContext,
        describe: (inout Step, MarketResponse<Product>) -> Void
    ) async throws -> Step {
        var step = Step(change: change, action: action, plan: .cannotBeRead(id: id), request: .cannotBeRead(id: id))
        guard let current = try await read(id, in: context) else {
            step.blocker = gone(id, deleting: deleting)
            return step
        }
        step.current = current
        describe(&step, current)
        return step
    }

    /// The product read now; nil when the market says it is gone (404).
    private func read(_ id: Int, in context: CommandContext) async throws -> MarketResponse<Product>? {
        let result: Result<MarketResponse<Product>, MarketError>
        do {
            result = .success(try await context.client.product(id: id))
        } catch {
            result = .failure(error)
        }
        if case .failure(.serverRefused(let status, _)) = result, status == 404 { return nil }
        return try result.get()
    }

    /// Why a step cannot be done when its product is gone: the change that deleted it, when the
    /// log has it (undoing that one first brings the product back, when the log keeps its
    /// photos), else gone.
    private func gone(_ id: Int, deleting: Bool) -> ReversalMessage {
        let deletion = history.deletion(of: id)
        if deleting { return deletion.map { .goneBy(ids: [id], by: $0.unit.number) } ?? .alreadyGone(id: id) }
        guard let (change, unit) = deletion else { return .noLongerExists(id: id, undo: direction == .undo) }
        if (try? savedPhotos(of: change))?.isEmpty ?? false {
            return .deletedForGood(id: id, by: unit.number, why: noPhotos(change))
        }
        return .deletedSince(ids: [id], by: unit.number, undo: direction == .undo)
    }

    private func broken(_ change: ChangeHistory.Change) -> Step {
        let why = ReversalMessage.notReversible(number: change.entry.number)
        return Step(change: change, action: .delete(id: 0), blocker: why, plan: why, request: why)
    }

    /// Which of `fields` (those the change set) differ between the product now and as the change
    /// left it, or nil: a field someone else changed since, that the change never set, is theirs
    /// and stays as it is. `number`: the unit `changes` lists the change under.
    static func conflict(
        _ current: Product, expected: Product, in fields: [ProductField], number: Int, by: Int? = nil
    ) -> ReversalMessage? {
        let moved = ProductField.between(expected, current).filter(fields.contains)
        guard !moved.isEmpty else { return nil }
        let differences = moved.map {
            ReversalMessage.Difference(field: $0, now: $0.shown(current), then: $0.shown(expected))
        }
        return .changedSince(name: ProductLabel.of(current), number: number, by: by, differences: differences)
    }

    /// The unit of the log's latest change, after `change` and standing (not undone), of the
    /// same product that set one of `fields`, when it left them as they are now (`current`):
    /// what changed the product since, for the refusal to name (`undo` that first). Nil when the
    /// log has none, or another client changed them after it.
    private func laterUnit(after change: ChangeHistory.Change, in fields: [ProductField], current: Product) -> Int? {
        guard let product = change.entry.after ?? change.entry.before else { return nil }
        let id = history.currentID(product.id)
        let later = history.units.lazy.flatMap(\.changes).last { other in
            guard other.entry.number > change.entry.number, !other.undone,
                let before = other.entry.before, let after = other.entry.after, history.currentID(after.id) == id
            else { return false }
            return ProductField.between(before, after).contains(where: fields.contains)
        }
        guard let later, let after = later.entry.after,
            !ProductField.between(after, current).contains(where: fields.contains)
        else { return nil }
        return unitNumber(later)
    }

    /// The unit `changes` lists `change` under (an import's or a command's over several
    /// products: its first change's number), which `undo N` takes.
    private func unitNumber(_ change: ChangeHistory.Change) -> Int {
        history.unit(holding: change.entry.number)?.number ?? change.entry.number
    }

    static func draft(_ product: Product) -> ProductDraft {
        ProductDraft(
            name: product.name, description: product.description, price: product.price, currency: product.currency,
            discountedPrice: product.discountedPrice, stock: product.stock)
    }

    // MARK: Sending

    /// What one step left: the product (nil when it deleted it), the id a product registered
    /// again replaced, and the photos read before a delete.
    struct Done {
        var result: ProductResult?
        var replaced: ChangeEntry.Replacement?
        var photos: [SavedPhoto] = []
    }

    /// `fields` set to `target`'s values, conditional on the version read. A product a step
    /// before this one sent to (`readFirst`: an import's stock move and its row's fields) is read
    /// again first; a 412 (a sale meanwhile) reads it again too. Read again with those fields as
    /// they were read (another field moved), it is sent on the version read then; else it says
    /// what to do.
    private func setting(
        _ fields: [ProductField], to target: Product, id: Int, read: MarketResponse<Product>, readFirst: Bool,
        in context: CommandContext
    ) async throws -> MarketResponse<Product> {
        var current = read
        var readAgain = readFirst
        for _ in 1...3 {
            if readAgain {
                let again = try await context.client.product(id: id)
                guard ProductField.between(read.value, again.value).allSatisfy({ !fields.contains($0) }) else { break }
                current = again
            }
            do {
                return try await context.client.edit(
                    id: id, ProductField.changes(fields, to: target, on: current.value), ifMatch: current.etag)
            } catch {
                guard case .preconditionFailed = error else { throw error }
            }
            readAgain = true
        }
        throw CommandFailure.failed(ReversalMessage.changedWhileRead(id: id, undo: direction == .undo).text)
    }

    func perform(_ step: Step, in context: CommandContext) async throws -> Done {
        switch step.action {
        case .setFields(let id, let fields, let target):
            guard let current = step.current else {
                throw CommandFailure.failed((step.blocker ?? .cannotBeRead(id: id)).text)
            }
            let response = try await setting(
                fields, to: target, id: id, read: current, readFirst: step.readFirst, in: context)
            context.records.remember([response.value])
            return Done(result: ProductResult(.changed, response.value, document: response.body))
        case .adjustStock(let id, let amount):
            let stock = Stock(id: id, change: amount >= 0 ? .add(amount) : .remove(-amount))
            let outcome = try await stock.run(in: context)
            return Done(result: outcome.product)
        case .delete(let id):
            guard var current = step.current else {
                throw CommandFailure.failed((step.blocker ?? .cannotBeRead(id: id)).text)
            }
            // The photos kept for a redo are the product's as it is deleted, not as the plan read it.
            if step.readFirst { current = try await context.client.product(id: id) }
            let (photos, _) = await context.photosBeforeDelete(of: current.value)
            _ = try await context.client.delete(id: id)
            context.records.index.forget(id)
            return Done(result: nil, photos: photos)
        case .create(let product, let photos):
            var images: [UploadImage] = []
            for photo in photos {
                do {
                    images.append(try UploadImage(filename: photo.filename, data: photo.data))
                } catch {
                    throw CommandFailure.failed(ChangeLogMessage.savedPhotoNotAnImage(id: product.id, error: "\(error)").text)
                }
            }
            var response = try await context.client.create(Self.draft(product), images: images)
            if let index = ProductField.thumbnailIndex(product), index > 0, let made = response.value.images,
                index < made.count
            {
                response = try await context.client.edit(id: response.value.id, ProductChanges(thumbnailID: made[index].id))
            }
            context.records.remember([response.value])
            let old = history.currentID(product.id)
            return Done(
                result: ProductResult(.created, response.value, document: response.body),
                replaced: ChangeEntry.Replacement(old: old, new: response.value.id))
        }
    }
}

extension ChangeDirection {
    /// `undo`, `redo`: the command's name.
    var name: String { self == .undo ? Undo.spec.name : Redo.spec.name }
    /// What the change log writes when a change goes this way.
    var event: ChangeEntry.Event { self == .undo ? .undo : .redo }
}
