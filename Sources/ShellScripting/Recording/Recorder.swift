import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell
import Synchronization

/// Writes the commands of a session that succeeded as a script that replays on another server:
/// products made while recording get names (`register … as p1`) and later commands use the
/// name (`patch $p1 …`) instead of this server's id; image paths under the script's folder are
/// written relative to it; a login keeps its identifier and never its secret.
final class Recorder: Sendable {
    let path: String
    let directory: String
    /// Whether commands that only read are written as commands (otherwise as comments).
    let all: Bool
    /// `--as-test`: each answer checked with `expect`, answered values as variables, written at
    /// the end (`TestRecording`).
    let test: TestRecording?
    private let handle: FileHandle
    /// Held while a command is written, so its names and its lines go together.
    private let names = Mutex(Names())

    init(path: String, all: Bool, server: URL, asTest: Bool = false) throws(CommandFailure) {
        let absolute = URL(fileURLWithPath: PathExpansion.expandTilde(path)).standardizedFileURL.path
        self.path = absolute
        self.directory = (absolute as NSString).deletingLastPathComponent
        self.all = all || asTest
        self.test = asTest ? TestRecording() : nil
        if FileManager.default.fileExists(atPath: absolute) {
            throw .failed(ScriptMessage.recordingExists(path).text)
        }
        guard FileManager.default.createFile(atPath: absolute, contents: nil, attributes: [.posixPermissions: 0o644]),
            let handle = FileHandle(forWritingAtPath: absolute)
        else { throw .failed(ScriptMessage.recordingCannotCreate(path).text) }
        self.handle = handle
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        write([
            "#!/usr/bin/env openmarket",
            "# " + ScriptMessage.recordedOn(stamp: stamp, server: server.absoluteString).text,
            "# " + ScriptMessage.replayHow(file: (absolute as NSString).lastPathComponent).text,
            "",
        ])
    }

    func close() {
        if let test { handle.write(Data(test.render().map { $0 + "\n" }.joined().utf8)) }
        try? handle.close()
    }

    /// Names used by the session already (a replay defines them only if this file does).
    func reserve(_ name: String) { names.withLock { _ = $0.used.insert(name) } }

    /// Writes one command that succeeded, as its spec says: reads as comments (unless `--all`),
    /// `set` and `expect` as typed, a product made here under a name, a product made elsewhere
    /// as a comment (on another server that id is someone else's product).
    func record(_ invocation: Invocation, outcome: CommandOutcome, context: Context) {
        names.withLock { names in
            let written = test?.count
            record(invocation, outcome: outcome, context: context, names: &names)
            // Checked only when it was written.
            guard let test, test.count != written else { return }
            let product = outcome.product.flatMap { names.byID[$0.id] }
            test.expect(after: outcome.replay ?? invocation.command, outcome: outcome, product: product)
        }
    }

    private func record(_ invocation: Invocation, outcome: CommandOutcome, context: Context, names: inout Names) {
        let spec = invocation.spec
        switch spec.recording {
        case .never:
            return
        case .comment(let why):
            write(Self.comment(scrub(invocation.text, context) + "   (\(why))"))
            return
        case .asTyped:
            // Kept as typed (`expect ${mug.stock} == 5` stays a check), unless a name in it means
            // another product in the recording than in the session.
            let typed = invocation.text
            let usesRenamed = names.renamed.contains { typed.contains("$\($0)") || typed.contains("${\($0)") }
            let words = invocation.command.words
            write([scrub(usesRenamed ? words.map { WordQuoting.quote($0) }.joined(separator: " ") : typed, context)])
            return
        case .command, .readOnly:
            break
        }
        // A test keeps a DELETE answered 404 (its check is the status).
        if spec.effect == .deletes, outcome.product == nil, test == nil || outcome.answer == nil { return }
        // A product `undo` registered again is, in the recording, the one it stands for.
        for (old, product) in outcome.replacements {
            if let name = names.byID[old] { names.byID[product.id] = name }
        }
        var command = outcome.replay ?? invocation.command
        var bound: String?
        if spec.effect == .creates, let result = outcome.product {
            bound = names.name(created: result.id, as: invocation.bindAs)
            if let reading = command as? any ReadsImagePaths { command = reading.rewritingImagePaths { relocated($0, context) } }
        }
        var words =
            test?.words(of: command, byID: names.byID, isUsed: { [used = names.used] in used.contains($0) })
            ?? command.words.map(ScriptWord.word)
        var foreign: Int?
        if spec.takesProductID, let id = command.productID {
            if let name = names.byID[id], let referring = command as? any RefersToProduct {
                words = referring.words(referring: references(to: name, result: outcome.product))
            } else {
                foreign = id
            }
        }
        // The references are written as they are, to expand on replay; the words quoted.
        var text = words.map(\.text).joined(separator: " ")
        if let bound { text += " as \(bound)" }
        let readsOnly = spec.effect == .reads || spec.recording == .readOnly
        if let foreign, !readsOnly {
            if let guarded = guarded(command, foreign: foreign, outcome: outcome, names: &names) {
                write(guarded.map { scrub($0, context) })
            } else {
                write(Self.comment(scrub(text, context) + "   (\(ScriptMessage.notReplayed(id: foreign).text))"))
            }
            return
        }
        write(readsOnly && !all ? Self.comment(scrub(text, context)) : [scrub(text, context)])
    }

    /// A change to a product made before the recording (`stock 6 +5`), written so that it
    /// replays where that id is still the same product: the product is read and named first,
    /// its name checked, then the command refers to the name. On a server where the id is
    /// another product (or none), the replay stops at the check, before anything is changed.
    /// Nil for what cannot be checked so: a delete, a change of the name itself, several products.
    private func guarded(
        _ command: any ShellCommand, foreign id: Int, outcome: CommandOutcome, names: inout Names
    )
        -> [String]?
    {
        guard command.spec.effect == .changes, let result = outcome.product, result.id == id,
            let referring = command as? any RefersToProduct, (command as? Patch)?.changes.name == nil
        else { return nil }
        let name = names.name(found: id)
        let words = referring.words(referring: references(to: name, result: result))
        return Self.comment(ScriptMessage.replayChecksName(id: id).text) + [
            "show \(id) as \(name)",
            "expect ${\(name).name} == \(WordQuoting.quote(Word(result.product.name)))",
            words.map(\.text).joined(separator: " "),
        ]
    }

    /// The product made in this recording as `$name`, and an image id of this server (a
    /// replay gets other ids) as the same image's position: `${p1.images.1.id}`.
    private func references(to name: String, result: ProductResult?) -> ReplayReferences {
        let images: [JSONValue]
        if let document = result.flatMap({ JSONValue.parse($0.document) }),
            case .array(let list)? = document.value(at: ["images"])
        {
            images = list
        } else {
            images = []
        }
        return ReplayReferences(product: "$" + name) { imageID in
            images.firstIndex { $0.value(at: ["id"]) == .number(Decimal(imageID)) }.map { "${\(name).images.\($0).id}" }
        }
    }

    struct Context {
        /// The session's protected secrets (the login's, OPENMARKET_SECRET).
        var secrets: [String]
        /// Where relative image paths of the command were read from.
        var pathBase: String?
    }

    /// An image path as an absolute path, or relative to the recording's folder when under it.
    private func relocated(_ typed: String, _ context: Context) -> String {
        // `~` as the image was read (`ImagePreparation`): from `$HOME`.
        var path = PathExpansion.expandTilde(typed)
        if !path.hasPrefix("/") {
            let base = context.pathBase ?? FileManager.default.currentDirectoryPath
            path = URL(fileURLWithPath: (base as NSString).appendingPathComponent(path)).standardizedFileURL.path
        }
        if path.hasPrefix(directory + "/") { path = String(path.dropFirst(directory.count + 1)) }
        return path
    }

    /// A secret never reaches the file, even inside a value someone typed.
    private func scrub(_ text: String, _ context: Context) -> String {
        SecretMasking.masked(text, secrets: context.secrets, replacement: "${env.OPENMARKET_SECRET}")
    }

    /// `text` as comment lines: each of its lines (a quote typed open may span several) starts
    /// with `# `, so no part of it runs on replay. Split on Unicode scalars: `\r\n` is one
    /// `Character` that is neither `\r` nor `\n`.
    static func comment(_ text: String) -> [String] {
        var lines = [String.UnicodeScalarView()]
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String.UnicodeScalarView())
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        return lines.map { "# " + String($0) }
    }

    private func write(_ lines: [String]) {
        if let test { return test.append(lines) }
        handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}

/// The names a recording gives the products made while it records.
private struct Names {
    /// Each product made while recording, by its id on this server.
    var byID: [Int: String] = [:]
    /// Names in use, the session's included (a replay defines them only if the file does).
    var used: Set<String> = []
    /// Names the session bound again to another product; the recording keeps the first.
    var renamed: Set<String> = []
    var counter = 0

    /// The name a product made while recording gets. A name the session reuses for a second
    /// product keeps meaning the first one here, so commands written for the first stay right;
    /// the new product gets its own name.
    mutating func name(created id: Int, as bindAs: String?) -> String {
        var name = bindAs ?? freshName()
        if let bindAs, byID.values.contains(bindAs) {
            name = freshName()
            renamed.insert(bindAs)
        }
        used.insert(name)
        byID[id] = name
        return name
    }

    /// The name a product made before the recording gets when a change to it is written
    /// (`show 6 as product6`): later commands about it use the name too.
    mutating func name(found id: Int) -> String {
        var name = "product\(id)"
        if used.contains(name) { name = freshName() }
        used.insert(name)
        byID[id] = name
        return name
    }

    private mutating func freshName() -> String {
        while true {
            counter += 1
            let name = "p\(counter)"
            if !used.contains(name) { return name }
        }
    }
}
