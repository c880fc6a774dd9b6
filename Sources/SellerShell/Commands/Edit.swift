import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `edit ID`: the product's fields in the person's text editor, as a ``ProductDocument``; on
/// save, a PATCH of only what changed, sent with `If-Match` so a change someone else made since
/// the read is not overwritten. A document that does not read reopens with its errors on top
/// (as `git commit` and `kubectl edit` do). Recordings get the `patch` it sent.
public struct Edit: OneProduct {
    public static let spec = CommandSpec(
        name: "edit", summary: "change a product in your text editor ($VISUAL, $EDITOR or vi)",
        usage: "edit ID", examples: ["edit 12"], positional: [.productID], effect: .changes, returnsProduct: true)

    public var id: Int

    public init(id: Int) { self.id = id }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        let console = context.console
        guard console.isInteractive else { throw noTerminal }
        let read = try await context.client.product(id: id)
        context.session.remember([read.value])
        try await Ownership.requireMine(read.value, in: context, "the editor was not opened")
        let file = try EditFile(product: id)
        defer { file.remove() }
        guard let edited = try edit(read.value, in: file, console: console) else {
            return .note("edit \(id): the file was left unchanged or emptied, so nothing was sent")
        }
        let patch = try Patch(
            parsing: Arguments(
                [Word(String(id))] + edited.map { Word($0.field.key + $0.value, wasQuoted: true) }, spec: Patch.spec))
        var problems: [RuleViolation] = []
        let changes = FieldParsing.changes(patch.values, problems: &problems)
        let response = try await send(changes, to: context.client, read: read)
        context.session.remember([response.value])
        await context.session.learnVendor(from: response.value)
        var outcome = CommandOutcome.product(.changed, response)
        outcome.replay = patch
        outcome.changes = [ProductChange(.edited, before: read.value, after: response.value, etag: response.etag)]
        return outcome
    }

    /// The PATCH, with `If-Match` when the read gave an ETag; a 412 says what to do next.
    private func send(
        _ changes: ProductChanges, to client: MarketClient, read: MarketResponse<Product>
    ) async throws -> MarketResponse<Product> {
        let result: Result<MarketResponse<Product>, MarketError>
        do {
            result = .success(try await client.edit(id: id, changes, ifMatch: read.etag, current: read.value))
        } catch {
            result = .failure(error)
        }
        if case .failure(.preconditionFailed) = result {
            throw CommandFailure.failed(
                "#\(id) was changed by someone else after it was read (412), so nothing was sent: "
                    + "run 'edit \(id)' again to start from the current version")
        }
        return try result.get()
    }

    private var noTerminal: CommandFailure {
        .failed("needs a terminal to open an editor: use 'patch \(id) field=value …' instead (patch \(id) price=3000)")
    }

    /// Opens the document until it reads and keeps the rules; returns the fields that changed,
    /// or nil when nothing did or the file was emptied.
    private func edit(
        _ product: Product, in file: EditFile, console: any ShellConsole
    ) throws -> [(field: ProductField, value: String)]? {
        let original = ProductDocument(product)
        var text = ProductDocument.render(product)
        while true {
            try file.write(text)
            switch console.editFile(at: file.path) {
            case .edited: break
            case .noTerminal: throw noTerminal
            case .failed(let why): throw CommandFailure.failed("\(why), so nothing was sent")
            }
            let saved = try file.read()
            if ProductDocument.isEmpty(saved) { return nil }
            let errors = Self.problems(in: saved, original: original, product: product)
            if errors.isEmpty {
                guard case .success(let document) = ProductDocument.parse(saved) else { return nil }
                let changes = document.changes(from: original)
                return changes.isEmpty ? nil : changes
            }
            if saved == text {
                throw CommandFailure.failed(
                    "the document still does not read (\(errors[0])) and was saved unchanged, so nothing was sent")
            }
            text = Self.reopened(saved, errors: errors)
        }
    }

    /// What is wrong with a saved document: lines that do not read, values that do not parse,
    /// and rules the changed fields break (on their own and with the rest of the product).
    static func problems(in text: String, original: ProductDocument, product: Product) -> [String] {
        switch ProductDocument.parse(text) {
        case .failure(let problems): return problems.all.map(\.description)
        case .success(let document):
            var problems: [RuleViolation] = []
            var values: [ProductField: String] = [:]
            for change in document.changes(from: original) { values[change.field] = change.value }
            let changes = FieldParsing.changes(values, problems: &problems)
            if problems.isEmpty { problems = changes.violations(mergedWith: product) }
            return problems.map(\.description)
        }
    }

    /// The saved text again, with the previous `# error:` lines replaced by `errors`.
    static func reopened(_ saved: String, errors: [String]) -> String {
        let kept = ProductDocument.lines(of: saved).drop { $0.hasPrefix("# error: ") }
        return (errors.map { "# error: " + ProductDocument.oneLine($0) } + kept).joined(separator: "\n")
    }
}

/// The temporary file an edit happens in: readable by its owner only (mode 0600), removed after.
struct EditFile {
    let path: String

    init(product id: Int) throws(CommandFailure) {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("openmarket-edit-\(id)-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw .failed("cannot create a temporary file in \(NSTemporaryDirectory()): check TMPDIR")
        }
    }

    func write(_ text: String) throws(CommandFailure) {
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw .failed("cannot write \(path): \(ShellSession.readable(error))")
        }
    }

    func read() throws(CommandFailure) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failed("the editor left no file at \(path), so nothing was sent")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .failed("the saved file is not UTF-8 text: save it as UTF-8 (nothing was sent)")
        }
        return text
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
