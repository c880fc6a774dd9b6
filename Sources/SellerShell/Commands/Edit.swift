import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `edit ID`: the product's fields in the person's text editor, as a ``ProductDocument``; on
/// save, a PATCH of only what changed, sent with `If-Match` so a change someone else made since
/// the read is not overwritten. A document that does not read reopens with its errors on top
/// (as `git commit` and `kubectl edit` do). Recordings get the `patch` it sent.
public struct Edit: OneProduct {
    public static let commandNames = CommandNames("edit")
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.edit,
        usage: "edit ID", examples: ["edit 12"], positional: [.productID], effect: .changes, returnsProduct: true)

    public var id: Int

    public init(id: Int) { self.id = id }

    public var unattendedProblem: Message? { .editNeedsTerminalUnattended }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        // It starts another program (an editor, a browser), with the environment.
        if context.access.isUntrusted { throw AccessRefusal(.startsProgram("edit")) }
        let console = context.console
        guard console.isInteractive else { throw noTerminal }
        let read = try await context.client.product(id: id)
        context.records.remember([read.value])
        try await Ownership.requireMine(read.value, in: context, .editorNotOpened)
        let file = try EditFile(product: id)
        // The file goes on every way out but a 412, after which it keeps the person's edits.
        let opened: ParsedFields?
        do { opened = try edit(read.value, in: file, console: console) } catch {
            file.remove()
            throw error
        }
        guard let edited = opened else {
            file.remove()
            return .note(Message.editLeftUnchanged(id: id).text)
        }
        switch await attempt(patch(edited.order, of: edited), over: read, in: context) {
        case .success(let outcome):
            file.remove()
            return outcome
        case .failure(.preconditionFailed):
            // Someone changed it meanwhile: the edited file stays, and what does not conflict
            // can still go, with one answer.
            return try await afterConflict(edited, read: read, file: file, in: context)
        case .failure(let error):
            file.remove()
            throw error
        }
    }

    /// The `patch` of `fields` with their edited values (what recordings write back).
    private func patch(_ fields: [ProductField], of edited: ParsedFields) -> Patch {
        var changes = ProductChanges()
        for field in fields { field.copy(from: edited.changes, into: &changes) }
        return Patch(id: id, changes: changes, order: fields)
    }

    /// `send`, its failure as a value.
    private func attempt(
        _ patch: Patch, over read: MarketResponse<Product>, in context: CommandContext
    ) async -> Result<CommandOutcome, MarketError> {
        do { return .success(try await send(patch, over: read, in: context)) } catch { return .failure(error) }
    }

    /// The PATCH, with `If-Match` when `read` gave an ETag; the outcome names the `patch` (for
    /// recordings) and the change (for undo).
    private func send(
        _ patch: Patch, over read: MarketResponse<Product>, in context: CommandContext
    ) async throws(MarketError) -> CommandOutcome {
        let response = try await context.client.edit(id: id, patch.changes, ifMatch: read.etag, current: read.value)
        context.records.remember([response.value])
        await context.vendor.learn(from: response.value)
        var outcome = CommandOutcome.product(.changed, response)
        outcome.replay = patch
        outcome.changes = [ProductChange(.edited, before: read.value, after: response.value, etag: response.etag)]
        return outcome
    }

    /// After a 412: the product is read again; a field the person changed that nobody else
    /// touched can still be sent (one answer, to the current version, `If-Match` again), a field
    /// both changed is listed with both values and left. The edited file is kept either way, its
    /// path said, so nothing typed is lost.
    private func afterConflict(
        _ edited: ParsedFields, read: MarketResponse<Product>, file: EditFile, in context: CommandContext
    ) async throws -> CommandOutcome {
        let console = context.console
        let current = try await context.client.product(id: id)
        let before = ProductDocument(read.value)
        let now = ProductDocument(current.value)
        let free = edited.order.filter { $0.hasSameValue(in: now.values, as: before.values) }
        let clashing = edited.order.filter { !$0.hasSameValue(in: now.values, as: before.values) }
        var lines = [Message.editConflict(id: id, path: file.path).text]
        for field in clashing {
            let theirs = TextLayout.visible(now.text(field) ?? "", limit: 40)
            let yours = TextLayout.visible(field.value(in: edited.changes)?.plainText ?? "", limit: 40)
            lines.append("  " + Message.editClash(field: field.rawValue, yours: yours, theirs: theirs).text)
        }
        console.note(lines.joined(separator: "\n"))
        guard !free.isEmpty else {
            throw CommandFailure.failed(Message.editAllClashed(id: id, path: file.path).text)
        }
        let names = free.map(\.rawValue).joined(separator: ", ")
        guard console.confirm(.sendUnclashedFields(count: free.count, fields: names)) else {
            throw CommandFailure.failed(Message.editNothingSent(path: file.path).text)
        }
        switch await attempt(patch(free, of: edited), over: current, in: context) {
        case .success(var outcome):
            if clashing.isEmpty { file.remove() }
            let left = clashing.isEmpty ? nil : clashing.map(\.rawValue).joined(separator: ", ")
            outcome.output.append(.note(Message.editSent(fields: names, left: left, path: file.path).text))
            return outcome
        case .failure(.preconditionFailed):
            throw CommandFailure.failed(Message.editChangedAgain(id: id, path: file.path).text)
        case .failure(let error):
            throw error
        }
    }

    private var noTerminal: CommandFailure {
        .failed(Message.editNeedsTerminal(id: id).text)
    }

    /// Opens the document until it reads and keeps the rules; returns the fields that changed,
    /// or nil when nothing did or the file was emptied.
    private func edit(
        _ product: Product, in file: EditFile, console: any ShellConsole
    ) throws -> ParsedFields? {
        let original = ProductDocument(product)
        var text = ProductDocument.render(product)
        while true {
            try file.write(text)
            switch console.editFile(at: file.path) {
            case .edited: break
            case .noTerminal: throw noTerminal
            case .failed(let why): throw CommandFailure.failed(Message.editorFailedNothingSent(why.text).text)
            }
            let saved = try file.read()
            if ProductDocument.isEmpty(saved) { return nil }
            let errors = Self.problems(in: saved, original: original, product: product)
            if errors.isEmpty {
                guard case .success(let document) = ProductDocument.parse(saved) else { return nil }
                let changes = document.changes(from: original)
                return changes.order.isEmpty ? nil : changes
            }
            if saved == text {
                throw CommandFailure.failed(Message.editStillUnreadable(problem: errors[0].text).text)
            }
            text = Self.reopened(saved, errors: errors)
        }
    }

    /// What is wrong with a saved document, each with the line of `text` it is about: lines that
    /// do not read, values that do not parse, and rules the changed fields break (on their own
    /// and with the rest of the product), at the line of their field.
    static func problems(in text: String, original: ProductDocument, product: Product) -> [ProductDocument.Problem] {
        switch ProductDocument.parse(text) {
        case .failure(let problems): return problems.all
        case .success(let document):
            let problems = document.changes(from: original).changes.violations(mergedWith: product)
            return problems.map { violation in
                let line = ProductDocument.field(named: violation.subject).flatMap {
                    ProductDocument.lineNumber(of: $0, in: text)
                }
                return ProductDocument.Problem(line, violation.description)
            }
        }
    }

    /// The saved text again, with the previous `# error:` lines replaced by `errors`, each
    /// naming its line as it is in the reopened file (the error lines on top move the rest
    /// down), so "line 11" is the line the person sees as 11.
    static func reopened(_ saved: String, errors: [ProductDocument.Problem]) -> String {
        let lines = ProductDocument.lines(of: saved)
        let kept = lines.drop { $0.hasPrefix("# error: ") }
        let shift = errors.count - (lines.count - kept.count)
        let shown = errors.map { error in
            var moved = error
            moved.line = error.line.map { $0 + shift }
            return "# error: " + ProductDocument.oneLine(moved.description)
        }
        return (shown + kept).joined(separator: "\n")
    }
}

/// The temporary file an edit happens in: readable by its owner only (mode 0600), removed after.
struct EditFile {
    let path: String

    init(product id: Int) throws(CommandFailure) {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("openmarket-edit-\(id)-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw .failed(Message.editTemporaryFile(folder: NSTemporaryDirectory()).text)
        }
    }

    func write(_ text: String) throws(CommandFailure) {
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw .failed(Message.editCannotWrite(path: path, reason: ShellSession.readable(error)).text)
        }
    }

    func read() throws(CommandFailure) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failed(Message.editorLeftNoFile(path: path).text)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .failed(Message.editNotUTF8.text)
        }
        return text
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
