import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `stock ID +N | -N | =N`: read, compute, write, since the API has no atomic increment. With
/// the bundled server's ETag the write is conditional and retried when someone else changed the
/// product in between; without one (the public server) the product is read again afterwards to
/// spot that. `+N` and `-N` are not safe to send twice; `=N` is.
public struct Stock: ShellCommand, SeveralProducts, RefersToProduct {
    public static let commandNames = CommandNames("stock")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.stock,
        usage: "stock ID… +N | -N | =N [--yes]",
        examples: ["stock 12 +10", "stock 12 -1", "stock 12 =0", "stock 3 4 5 +1 --yes", "stock +1 3 4 5 --yes"],
        flags: options.map(\.flag),
        positional: [.productIDs, .stockChange], effect: .changes, repeatsSafely: false, returnsProduct: true)

    /// `--yes` means something only for several products, and is written back only for them.
    static let options: [CommandOption<Stock>] = [
        .flag("--yes", \.confirmed, help: ShellHelp.stockYes).writtenBack { $0.ids.count > 1 }
    ]

    public enum Change: Sendable, Equatable {
        case add(Int), remove(Int), set(Int)
    }

    public var id: Int
    /// Every product given (`[id]` for one).
    public var ids: [Int]
    public var change: Change
    /// Several products change without asking.
    public var confirmed = false

    public init(id: Int, change: Change) {
        self.id = id
        self.ids = [id]
        self.change = change
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        guard arguments.positional.count >= 2 else {
            // `stock +1`: the amount is there, the product is not (`+1` read as id 1 was told to
            // say how).
            if let only = arguments.positional.first, Self.looksLikeAmount(only.text) {
                throw .usage(Message.whichProduct.text)
            }
            _ = try arguments.productID()
            throw .usage(Message.stockSayHow.text)
        }
        // The amount last (`stock 3 4 +1`), or first (`stock +1 3 4`, as `xargs openmarket stock +1`
        // puts the ids after it).
        let first = arguments.positional[0].text
        let amountFirst = Self.looksLikeAmount(first)
        var ids: [Int] = []
        for word in amountFirst ? arguments.positional.dropFirst() : arguments.positional.dropLast() {
            let id = try Arguments.productID(word.text, typed: !word.holdsAValue)
            if !ids.contains(id) { ids.append(id) }
        }
        self.ids = ids
        id = ids[0]
        let text = amountFirst ? first : arguments.positional[arguments.positional.count - 1].text
        change = try Self.change(text)
        try arguments.apply(Self.options, to: &self)
    }

    /// A sign (`+`, `-`, `=`) and ASCII digits: an amount, even one too large to take.
    static func looksLikeAmount(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let sign = scalars.first, "+-=".unicodeScalars.contains(sign), scalars.count > 1 else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// `+N`, `-N` or `=N` as typed; an amount over the contract's largest stock is refused as
    /// too large (it is not a number the market keeps), not as something else.
    static func change(_ text: String) throws(CommandFailure) -> Change {
        guard looksLikeAmount(text), let sign = text.unicodeScalars.first else {
            throw .usage(Message.notAStockChange(text).text)
        }
        let digits = String(text.unicodeScalars.dropFirst())
        guard let amount = Int(digits), amount <= ProductRules.maxStock else {
            throw .usage(StockMessage.amountTooLarge(text, largest: ProductRules.maxStock).text)
        }
        switch sign {
        case "+": return .add(amount)
        case "-": return .remove(amount)
        default: return .set(amount)
        }
    }

    public var productID: Int? { ids.count == 1 ? id : nil }
    public var repeatsSafely: Bool { if case .set = change { true } else { false } }

    private var changeText: String {
        switch change {
        case .add(let n): "+\(n)"
        case .remove(let n): "-\(n)"
        case .set(let n): "=\(n)"
        }
    }

    public var words: [Word] {
        [Word(Self.spec.name)] + ids.map { Word(String($0)) } + [Word(changeText)] + Self.options.words(of: self)
    }

    public func words(referring references: ReplayReferences) -> [ScriptWord] {
        [.word(Word(Self.spec.name)), .reference(references.product), .word(Word(changeText))]
            + Self.options.words(of: self).map(ScriptWord.word)
    }

    /// Several products: one question, then each in turn (`2 of 3 changed; #4: …`).
    private func runEach(in context: CommandContext) async throws -> CommandOutcome {
        let question = Message.stockQuestion(change: changeText, count: ids.count, products: EachProduct.list(ids))
        if !confirmed, !EachProduct.confirm(question, in: context) { return .note(Message.changedNothing.text) }
        var outcome = try await EachProduct.run(
            ids.map { Stock(id: $0, change: change) }, verb: .changed, total: ids.count, in: context)
        var replay = self
        replay.confirmed = true
        outcome.replay = replay
        return outcome
    }

    /// How long `stock` keeps retrying a write that lost a race, and its longest pause.
    static let retryBudget: Duration = .seconds(10)
    static let retryMaxPause: Duration = .milliseconds(500)

    /// Retried on 412 with exponential backoff and full jitter, within a time budget rather
    /// than a fixed count: two sellers adjusting one product in a loop collide again and again
    /// when they retry in lockstep, and five immediate retries gave up in seconds.
    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        if change == .add(0) || change == .remove(0) {
            return .note(Message.stockChangesNothing(change: changeText).text)
        }
        guard ids.count == 1 else { return try await runEach(in: context) }
        let deadline = ContinuousClock.now + Self.retryBudget
        var pause = Duration.milliseconds(5)
        while true {
            let current = try await context.client.product(id: id)
            do {
                return try await write(over: current, in: context)
            } catch MarketError.preconditionFailed {
                let wait = Duration.nanoseconds(Int64.random(in: 0...pause.wholeNanoseconds))
                guard ContinuousClock.now + wait < deadline else {
                    throw CommandFailure.failed(
                        Message.stockKeptChanging(seconds: Int(Self.retryBudget.components.seconds)).text)
                }
                try await Task.sleep(for: wait)
                pause = min(pause * 2, Self.retryMaxPause)
            }
        }
    }

    private func write(over current: MarketResponse<Product>, in context: CommandContext) async throws -> CommandOutcome {
        let before = current.value.stock
        let target = try self.target(from: before)
        // `=N` at the stock it has changes nothing: sent, it was a PATCH and a logged change
        // that undo would take back to the same number (`+0` is refused before the read).
        if target == before {
            context.records.remember([current.value])
            let note = ChangesMessage.patchChangesNothing(product: ProductLabel.of(current.value), values: "stock \(before)")
            return .unchanged(note.text, read: current)
        }
        let edited = try await context.client.edit(id: id, ProductChanges(stock: target), ifMatch: current.etag)
        await context.vendor.learn(from: edited.value)
        var outcome = CommandOutcome.product(.changed, edited, stockBefore: before)
        outcome.changes = [ProductChange(.stock, before: current.value, after: edited.value, etag: edited.etag)]
        if current.etag == nil {
            let check = try await context.client.product(id: id).value
            if check.stock != target {
                outcome.output.insert(
                    .warning(Message.stockRaced(now: check.stock, target: target).text), at: 0)
            }
        }
        return outcome
    }

    private func target(from before: Int) throws(CommandFailure) -> Int {
        let (target, overflow): (Int, Bool) =
            switch change {
            case .add(let n): before.addingReportingOverflow(n)
            case .remove(let n): before.subtractingReportingOverflow(n)
            case .set(let n): (n, false)
            }
        if overflow { throw .failed(Message.stockOverflow.text) }
        if target > ProductRules.maxStock, case .add(let n) = change {
            throw .failed(StockMessage.wouldExceed(before: before, adding: n, largest: ProductRules.maxStock).text)
        }
        if target < 0, case .remove(let n) = change { throw .failed(Message.cannotRemove(inStock: before, removing: n).text) }
        return target
    }

}
