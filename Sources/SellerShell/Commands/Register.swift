import Foundation
import OpenMarketAPI
import OpenMarketContract

/// `register name=… description=… price=… currency=… [discount=…] [stock=…] image=PATH…`:
/// a product with photos, sent as the contract's multipart POST (`Endpoints.createProduct`,
/// whose body `MultipartBody.productCreation` composes). Missing fields are asked for when a
/// person is there; every problem is listed before anything is sent.
public struct Register: ShellCommand, ReadsImagePaths, HoldsFieldProblems {
    public static let commandNames = CommandNames("register", aliases: ["add", "new"])
    public static let spec = CommandSpec(
        name: commandNames.name, aliases: commandNames.aliases, summary: ShellHelp.register,
        usage:
            "register name=… description=… price=… currency=KRW|USD [discount=…] [stock=…] image=PATH [image=PATH]… [--no-resize] [--porcelain]",
        examples: [
            #"register name="우유병 텀블러" description="하얀 우유병 모양의 텀블러입니다" price=3500 currency=KRW discount=100 stock=5 image=~/photos/tumbler.jpg"#,
            "register name=Mug description='A sturdy mug' price=19.99 currency=USD image=photos/sku12-*.jpg",
        ],
        flags: options.map(\.flag), fields: ProductField.editable + [.image], effect: .creates, repeatsSafely: false,
        returnsProduct: true)

    static let options: [CommandOption<Register>] = [
        .flag("--no-resize", \.resize, setting: false, help: ShellHelp.registerNoResize),
        .flag("--porcelain", \.porcelain, help: ShellHelp.registerPorcelain),
    ]

    /// The fields as typed, parsed when the line was: their typed values, which were given (a
    /// question fills a missing one), and what does not parse or breaks a rule on its own, said
    /// with the photos' problems before anything is sent.
    public var fields: ParsedFields
    /// Image paths or globs, as typed.
    public var images: [Word]
    public var resize = true
    /// Only the new id is printed (`--porcelain`), for a script to keep.
    public var porcelain = false

    /// A register made by other code (an import row): typed fields, images as paths.
    public init(fields: ParsedFields, images: [Word], resize: Bool = true) {
        self.fields = fields
        self.images = images
        self.resize = resize
    }

    public init(parsing arguments: Arguments) throws(CommandFailure) {
        _ = try arguments.uniqueFields(except: [ProductField.image.rawValue])
        fields = ParsedFields(FieldParsing.fields(of: arguments, except: [.image]))
        images = arguments.fields.filter { $0.key == ProductField.image.rawValue }.map(\.value)
        try arguments.apply(Self.options, to: &self)
    }

    /// The fields, each read as text by its name (`values[.name]`).
    public var values: ParsedFields { fields }

    public var productName: String? { fields.changes.name }

    /// What its fields break: each field's own problems, or, when every field reads and keeps
    /// its own rules, those of the whole product (a discount over the price).
    public var fieldProblems: [RuleViolation] {
        guard fields.problems.isEmpty, let draft = fields.changes.draft else { return fields.problems }
        return draft.violations
    }

    public var words: [Word] {
        [Word(Self.spec.name)]
            + ParsedFields.texts(of: fields.changes, ProductField.editable).map { Word($0.field.key + $0.text, wasQuoted: true) }
            + images.map { Word(ProductField.image.key + $0.text, wasQuoted: $0.wasQuoted) } + Self.options.words(of: self)
    }

    public func rewritingImagePaths(_ rewrite: (String) -> String) -> Register {
        var moved = self
        moved.images = images.map { Word(rewrite($0.text), wasQuoted: $0.wasQuoted) }
        return moved
    }

    /// The photos read and shrunk on the cooperative pool, whatever executor the command runs
    /// on (`@concurrent`: `run` runs where its caller does, and the preference alone would
    /// take the caller's isolation with it).
    @concurrent private static func prepared(_ images: [Word], resize: Bool, paths: LocalPaths) async -> ImagePreparation {
        await withTaskExecutorPreference(globalConcurrentExecutor) { ImagePreparation(images, resize: resize, paths: paths) }
    }

    public nonisolated(nonsending) func run(in context: CommandContext) async throws -> CommandOutcome {
        let asked = try completed(asking: context.console)
        // Up-arrow brings back the whole command, answers included, to retry or change it.
        if asked.fields != fields || asked.images != images { context.console.addToHistory(WordQuoting.line(asked.words)) }
        // Read and shrunk on the cooperative pool: a script runs on its client's event loop
        // (`HTTPTransport.taskExecutor`), and shrinking a large photo would hold that loop's
        // connections up for as long as it takes.
        let prepared = await Self.prepared(asked.images, resize: resize, paths: context.paths)
        // Every field's problem with the photos'.
        let problems = prepared.problems + asked.fieldProblems
        guard problems.isEmpty, let draft = asked.fields.changes.draft else { throw MarketError.invalidInput(problems) }
        for warning in FieldParsing.wonFractions(price: draft.price, discount: draft.discountedPrice, currency: draft.currency) {
            context.console.warn(warning)
        }
        var client = context.client
        client.notes.photoSources = prepared.sources
        let response = try await client.create(draft, images: prepared.images)
        context.records.remember([response.value])
        await context.vendor.learn(from: response.value)
        var outcome = CommandOutcome.product(.created, response)
        if porcelain { outcome.output = [.text(String(response.value.id))] }
        outcome.output = prepared.notes.map { .note($0) } + outcome.output
        outcome.replay = asked
        outcome.changes = [ProductChange(.created, before: nil, after: response.value, etag: response.etag)]
        return outcome
    }

    /// This command with every field the line left out asked for, when a person is there and
    /// the line lacks one that is required (the four fields or a photo): then the discount and
    /// the stock are asked too (an empty answer leaves them out), in the contract's order, and
    /// the photo last. A line with all it needs asks nothing; a script must give them all.
    /// Each answer is checked as it is given, and a bad or empty one is asked again (the
    /// answers before it are kept). Ctrl-C or Ctrl-D cancels, and the line so far, answers
    /// included, is left in the history for Up-arrow.
    func completed(asking console: any ShellConsole) throws(CommandFailure) -> Register {
        let required: [ProductField] = [.name, .description, .price, .currency]
        let missing = required.filter { !fields.order.contains($0) } + (images.isEmpty ? [.image] : [])
        guard let first = missing.first else { return self }
        // The field's rule, not the question's words: no one is there to press Enter or TAB.
        guard console.isInteractive else { throw .usage(Message.fieldRequired(field: first.key, rule: first.rule).text) }
        // A line that already breaks a rule (a discount over its price) is refused as it is, with
        // the photos' problems, rather than after questions whose answers could not save it.
        guard fields.problems.isEmpty else { return self }
        var filled = self
        do {
            for field in ProductField.editable where !filled.fields.order.contains(field) {
                guard let question = RegisterMessage.Question(field) else { continue }
                let known = filled.fields.changes
                guard let answer = try Self.ask(console, question, problem: { Self.problem(field, $0, besides: known) })
                else { continue }
                _ = field.parse(answer, into: &filled.fields.changes)
                filled.fields.order.append(field)
            }
            if filled.images.isEmpty { console.note(RegisterMessage.imageExplained.text) }
            if filled.images.isEmpty, let answer = try Self.ask(console, .image, problem: Self.imageProblem) {
                filled.images = [Word(answer)]
            }
        } catch {
            if filled.fields != fields { console.addToHistory(WordQuoting.line(filled.words)) }
            throw error
        }
        return filled
    }

    /// How many times a question is asked before the command gives up.
    static let attempts = 5

    /// Asks `question` until `problem` finds nothing in the answer; an empty answer is asked
    /// again, or, for an optional field, leaves it out (nil). Ctrl-C or Ctrl-D cancels.
    static func ask(
        _ console: any ShellConsole, _ question: RegisterMessage.Question, problem: (String) -> String?
    ) throws(CommandFailure) -> String? {
        let prompt = RegisterMessage.question(question).text
        for _ in 0..<attempts {
            // Spaces around an answer are dropped (TAB ends a completed path with one).
            let typed = question == .image ? console.askPath(prompt) : console.ask(prompt)
            guard let answer = typed?.trimmingCharacters(in: .whitespaces) else {
                throw .failed(Message.registerCancelled.text)
            }
            if answer.isEmpty {
                if question.isOptional { return nil }
                console.note(RegisterMessage.answerNeeded.text)
                continue
            }
            guard let problem = problem(answer) else { return answer }
            console.note(RegisterMessage.tryAgain(problem).text)
        }
        throw .failed(Message.registerGaveUp(attempts: attempts).text)
    }

    /// What is wrong with one answered field, checked by the same rules as a whole command:
    /// its own, and those of the pair it makes with a field `known` so far (a price under the
    /// discount on the line, a discount over the price), as soon as both are known. The field is
    /// named as the seller types it (`discount`), as the command's final error names it.
    static func problem(_ field: ProductField, _ text: String, besides known: ProductChanges = ProductChanges()) -> String? {
        var answered = known
        if let unreadable = field.parse(text, into: &answered) { return ShellSession.typed(unreadable) }
        let pair: [ProductField] = [.price, .discount]
        let others = pair.contains(field) ? pair.filter { $0 != field } : []
        var before = ProductChanges()
        var after = ProductChanges()
        for other in others { other.copy(from: known, into: &before) }
        for related in others + [field] { related.copy(from: answered, into: &after) }
        // What the answer breaks, not what the line broke before it.
        let already = before.violations()
        return after.violations().first { !already.contains($0) }.map(ShellSession.typed)
    }

    /// An image answer that names no file (a glob that matches none, a missing file); what the
    /// file holds is checked with the rest, before anything is sent.
    static func imageProblem(_ text: String) -> String? {
        let path = PathExpansion.expandTilde(text)
        if PathExpansion.hasGlob(path) {
            return (try? PathExpansion.glob(path))?.isEmpty != false ? Message.noFileMatches(text).text : nil
        }
        return FileManager.default.fileExists(atPath: path) ? nil : Message.noSuchFile(text).text
    }
}
