import Foundation
import OpenMarketAPI
import OpenMarketContract

/// One command of the shell: a type in a file named after it (`Commands/Register.swift`).
///
/// It declares its ``CommandSpec`` once, parses itself from words with no I/O, and runs in the
/// ``CommandContext`` it is given (what it may touch: the console, this run's client, where
/// relative paths start, …), returning a ``CommandOutcome`` that says what to print; it prints
/// nothing itself. Questions to the person (a missing field, a confirmation) go through the
/// context's console while it runs, and the answers come back in `CommandOutcome.replay`.
public protocol ShellCommand: Sendable {
    static var spec: CommandSpec { get }
    /// The command's name and aliases, the ones its spec is made with: the registry finds
    /// commands by them without making every spec (options, key paths, help) at each start.
    /// A command declares them as a constant its spec takes its name from; the default makes
    /// the spec.
    static var commandNames: CommandNames { get }
    /// Parses the words after the command's name, already sorted and checked against `spec`.
    init(parsing arguments: Arguments) throws(CommandFailure)
    /// Does the work; network and files allowed, printing not.
    nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome
    /// The command written back as words, as the shell would parse it again (recording).
    var words: [Word] { get }
    /// The product the command is about (`patch 12 …`), for messages and recording.
    var productID: Int? { get }
    /// The name of the product a create makes, for finding it when its answer was lost.
    var productName: String? { get }
    /// Whether sending it twice does what sending it once does.
    var repeatsSafely: Bool { get }
    /// What stops the command, as parsed, where no one is there to answer: a question it would
    /// ask (`delete 12` without `--yes`), a terminal it needs (`edit`). A script's whole check
    /// says it before the first request, where the run would stop at its line having sent the
    /// lines before; nil for most commands.
    var unattendedProblem: Message? { get }
}

/// The words that name a command: its name (`list`), and its aliases (`ls`).
public struct CommandNames: Sendable {
    public let name: String
    public let aliases: [String]

    public init(_ name: String, aliases: [String] = []) {
        self.name = name
        self.aliases = aliases
    }
}

extension ShellCommand {
    public static var commandNames: CommandNames { CommandNames(spec.name, aliases: spec.aliases) }
    public var productID: Int? { nil }
    public var productName: String? { nil }
    public var repeatsSafely: Bool { Self.spec.repeatsSafely }
    public var unattendedProblem: Message? { nil }
    public var spec: CommandSpec { Self.spec }

    /// `patch 12: ` — the command and its product, in front of a failure.
    var failurePrefix: String {
        productID.map { "\(Self.spec.name) \($0): " } ?? "\(Self.spec.name): "
    }
}

/// A product a command returned, as the server sent it: scripts bind it to names
/// (`register … as mug`) and read its fields (`${mug.price}`).
public struct ProductResult: Sendable {
    public enum Effect: Sendable, Equatable {
        case created, read, changed, deleted
    }

    public var effect: Effect
    public var id: Int
    /// The server's JSON document for the product.
    public var document: Data
    public var product: Product

    public init(_ effect: Effect, _ product: Product, document: Data) {
        self.effect = effect
        self.id = product.id
        self.document = document
        self.product = product
    }
}

/// What a command produced: what to print, the product it returned, the command again with
/// every interactive answer filled in, and whether the person asked to leave.
public struct CommandOutcome: Sendable {
    /// One thing to print. In JSON mode a server document prints as sent; notes go to stderr.
    public enum Output: Sendable {
        /// A product in full (`show`).
        case detail(Product, raw: Data)
        /// A product in full with its photos drawn (`show` on a terminal): the thumbnail beside
        /// the details, or every photo under them. In JSON mode, the document alone.
        case pictured(Product, raw: Data, photos: [DrawnPhoto], beside: Bool)
        /// A page as a grid of cards with photos (`list --grid` on a terminal). In JSON mode,
        /// the document alone.
        case grid(PhotoGrid, raw: Data)
        /// A product just made or changed, in one line (`#12 우유병 텀블러 ₩3,400 · stock 5 · registered`);
        /// `stockBefore` when the command adjusted the stock (`stock 5 → 15`).
        case written(Product, raw: Data, verb: Message.Verb, stockBefore: Int? = nil)
        case products([Product], raw: Data, empty: String = Message.noProducts.text)
        /// A list already written in the format asked for (`list --format ids`), printed as it is
        /// whatever the mode; through the pager when `paged` (a table). `raw`: what it lists as a
        /// JSON document, for a caller that reads it typed (`changes`' entries).
        case listed(String, paged: Bool, raw: Data? = nil)
        case text(String, raw: Data? = nil)
        /// Text written for a person to read (help, explanations): folded at spaces to the
        /// terminal's width, with hanging indents, where the console has one.
        case prose(String)
        /// A note on standard error, whatever the mode.
        case note(String)
        /// A warning on standard error, whatever the mode: `warning: …` in the session's
        /// language, coloured as a warning where the console can (the text without the prefix).
        case warning(String)
        /// A note in table mode only (`registered #12 …`, `page 1 of 3`).
        case summary(String)
    }

    public var output: [Output] = []
    public var product: ProductResult?
    public var replay: (any ShellCommand)?
    public var exitRequested = false
    /// What a raw request answered (`GET /api/products`), for a script to check.
    public var answer: RawAnswer?
    /// The process exit status `exit N` asked for (nil: the status of what ran).
    public var exitCode: Int32?
    /// The names the scripting layer gave `product` (`last`, `mug`): set by the layer that binds
    /// them, read by the layers around it (the journal, the recording).
    public var boundNames: [String] = []
    /// Script variables the command set (`set NAME VALUE`), for the journal.
    public var variablesSet: [String: String] = [:]
    /// What the command changed, product by product, before and after: the change log keeps it.
    public var changes: [ProductChange] = []
    /// Products registered again in place of deleted ones (`undo` of a delete): old id → the
    /// new product, so the names bound to the old one follow it.
    public var replacements: [Int: ProductResult] = [:]

    public init(
        _ output: [Output] = [], product: ProductResult? = nil, replay: (any ShellCommand)? = nil, exitRequested: Bool = false
    ) {
        self.output = output
        self.product = product
        self.replay = replay
        self.exitRequested = exitRequested
    }

    /// A product read, made or changed: one read is shown in detail, one made or changed in a
    /// line (the one place that decides which).
    public static func product(
        _ effect: ProductResult.Effect, _ response: MarketResponse<Product>, stockBefore: Int? = nil
    ) -> CommandOutcome {
        let (product, raw) = (response.value, response.body)
        let shown: Output =
            switch effect {
            case .read, .deleted: .detail(product, raw: raw)
            case .created: .written(product, raw: raw, verb: .registered, stockBefore: stockBefore)
            case .changed: .written(product, raw: raw, verb: .updated, stockBefore: stockBefore)
            }
        return CommandOutcome([shown], product: ProductResult(effect, product, document: raw))
    }

    public static func note(_ text: String) -> CommandOutcome { CommandOutcome([.note(text)]) }

    /// A change not made, as the product already had it: the note that says so, and the product
    /// as read, which `as NAME` and `last` name as the change's answer would have been (a note
    /// alone left `stock 4 =5 as s` naming nothing).
    public static func unchanged(_ note: String, read response: MarketResponse<Product>?) -> CommandOutcome {
        var outcome = CommandOutcome([.note(note)])
        if let response { outcome.product = ProductResult(.read, response.value, document: response.body) }
        return outcome
    }
}

/// A typed command on its way through the session, with where it came from.
///
/// Its parts are held in one immutable box: an invocation is passed from layer to layer of every
/// line and kept by a script's check for each line it parsed, and copied as a command (an
/// existential, copied through its type's witness) and four texts, each copy was a dozen
/// retains and releases; a copy of the box is one. Setting a part makes a new box.
public struct Invocation: Sendable {
    private final class Parts: Sendable {
        let command: any ShellCommand
        let text: String
        let location: String?
        let line: (number: Int, hash: String)?
        let bindAs: String?
        let quiet: Bool

        init(
            _ command: any ShellCommand, text: String, location: String?, line: (number: Int, hash: String)?,
            bindAs: String?, quiet: Bool
        ) {
            self.command = command
            self.text = text
            self.location = location
            self.line = line
            self.bindAs = bindAs
            self.quiet = quiet
        }
    }

    private var parts: Parts

    public var command: any ShellCommand {
        get { parts.command }
        set { self = Invocation(newValue, text: text, location: location, line: line, bindAs: bindAs, quiet: quiet) }
    }
    /// The line as typed (before variables were expanded), for recording and dry runs.
    public var text: String {
        get { parts.text }
        set { self = Invocation(command, text: newValue, location: location, line: line, bindAs: bindAs, quiet: quiet) }
    }
    /// `FILE:LINE` when it comes from a script.
    public var location: String? {
        get { parts.location }
        set { self = Invocation(command, text: text, location: newValue, line: line, bindAs: bindAs, quiet: quiet) }
    }
    /// The line's number and hash in its script, for the journal.
    public var line: (number: Int, hash: String)? {
        get { parts.line }
        set { self = Invocation(command, text: text, location: location, line: newValue, bindAs: bindAs, quiet: quiet) }
    }
    /// The name the line gives the product (`… as mug`).
    public var bindAs: String? {
        get { parts.bindAs }
        set { self = Invocation(command, text: text, location: location, line: line, bindAs: newValue, quiet: quiet) }
    }
    /// Runs without printing its outcome (a row of an import, which has its own progress and
    /// summary); failures are still reported to the caller.
    public var quiet: Bool {
        get { parts.quiet }
        set { self = Invocation(command, text: text, location: location, line: line, bindAs: bindAs, quiet: newValue) }
    }

    public init(
        _ command: any ShellCommand, text: String, location: String? = nil, line: (number: Int, hash: String)? = nil,
        bindAs: String? = nil, quiet: Bool = false
    ) {
        parts = Parts(command, text: text, location: location, line: line, bindAs: bindAs, quiet: quiet)
    }

    public var spec: CommandSpec { type(of: command).spec }
}

/// What runs a command inside a middleware: the layers still to go, then the command itself.
/// The layers are held, not wrapped in a closure each: each closure was one more `await`, so
/// one more hop back to the line's executor, for every layer of every line; inlined into the
/// layer that calls it, `next(invocation, context)` awaits the next layer itself.
public struct CommandHandler: Sendable {
    @usableFromInline let layers: ArraySlice<any CommandMiddleware>

    /// `layers` around the command, the first outermost: `[a, b]` runs `a(b(command))`.
    public init(_ layers: [any CommandMiddleware]) { self.layers = layers[...] }

    @usableFromInline init(layers: ArraySlice<any CommandMiddleware>) { self.layers = layers }

    @inlinable
    public nonisolated(nonsending) func callAsFunction(
        _ invocation: Invocation, _ context: CommandContext
    ) async throws -> CommandOutcome {
        guard let layer = layers.first else { return try await invocation.command.run(in: context) }
        return try await layer.handle(invocation, context: context, next: CommandHandler(layers: layers.dropFirst()))
    }
}

/// One thing done around every command (recording, the journal, a dry run, binding names),
/// composed as Hummingbird's middleware are: each gets the invocation, its context and `next`,
/// may change the context it passes on, and sees the typed outcome (or the error) coming back.
/// What one layer tells another travels in the outcome (`boundNames`), never in a shared field.
public protocol CommandMiddleware: Sendable {
    nonisolated(nonsending) func handle(
        _ invocation: Invocation, context: CommandContext, next: CommandHandler
    ) async throws -> CommandOutcome
}
