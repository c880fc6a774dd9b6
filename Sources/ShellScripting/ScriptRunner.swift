import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

extension ScriptSession {
    /// Commands that change only the session (not the market): a resumed run runs them again,
    /// so the login, server and settings are what they were when the run stopped.
    static let sessionCommands: Set<String> = ["login", "logout", "use", "connect", "set"]

    /// Lines that must not simply be sent again when an earlier run may have carried them out
    /// already, with what the seller is told instead.
    static let notRepeatable: [String: String] = [
        // `stock ID +N` sent again would add twice: the seller decides, typically as =N.
        "stock": "this stock change was interrupted after it was sent, so it may have been applied: "
            + "check with 'show', change the line (e.g. to =N, which is safe to repeat), then --resume",
        // A sourced file's lines are not journaled one by one.
        "source": "this 'source' stopped part-way, and its lines may have made changes: "
            + "check what it did, change or remove the line (or move its commands into this script), then --resume",
    ]

    /// How far back a product's creation time may lie before the moment its create was sent and
    /// still be taken for that create: the server's clock may differ from ours.
    static let clockSlack: TimeInterval = 60

    // MARK: Files

    /// Runs a script file (`openmarket run FILE`), with its journal unless this is a dry run.
    public func runScript(path: String, options: ScriptOptions = ScriptOptions()) async -> CommandStatus {
        let resolved = (path as NSString).expandingTildeInPath
        let lines: [ScriptLine]
        do {
            lines = try Self.read(resolved)
        } catch {
            console.note("\(path): cannot read the script: \(Self.reason(error))")
            return .usage
        }
        var journal: JournalFile?
        var previous: JournalState?
        if dryRun == nil {
            let journalPath = options.journalPath ?? (resolved + ".journal")
            do {
                (journal, previous) = try openJournal(journalPath, script: path, lines: lines, options: options)
            } catch let failure as ScriptFailure {
                console.note(failure.message)
                return failure.status
            } catch {
                console.note("\(path): \(error)")
                return .failed
            }
            if options.resume, journal == nil { return .ok }
        }
        return await inFolder(of: resolved) {
            await run(lines, name: path, journal: journal, previous: previous, options: options)
        }
    }

    /// The file's commands; bytes that are not UTF-8 fail their own line, not the file.
    static func read(_ path: String) throws -> [ScriptLine] {
        ScriptReader.lines(of: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs `body` with relative image paths read from the script's folder.
    private func inFolder(of script: String, _ body: () async -> CommandStatus) async -> CommandStatus {
        let saved = await shell.currentPathBase
        await shell.setPathBase(URL(fileURLWithPath: script).standardizedFileURL.deletingLastPathComponent().path)
        let status = await body()
        await shell.setPathBase(saved)
        return status
    }

    /// Reads a script from a stream (standard input that is not a terminal): no journal, since
    /// a stream cannot be read again.
    public func runStream(name: String, options: ScriptOptions = ScriptOptions(), nextLine: @Sendable () -> String?) async -> CommandStatus {
        var reader = ScriptReader()
        var number = 0
        var failures: [(ScriptLine, CommandStatus)] = []
        var finished = false
        while !finished {
            let line: ScriptLine?
            if let physical = nextLine() {
                number += 1
                line = reader.feed(physical, number: number)
            } else {
                line = reader.finish()
                finished = true
            }
            guard let line else { continue }
            let result = await step(line, location: "\(name):\(line.number)")
            report(result, at: line, name: name)
            if result.status != .ok {
                failures.append((line, result.status))
                if !options.continueOnError || result.status == .interrupted { return result.status }
            }
            if result.exitRequested { break }
        }
        return summarise(failures, name: name, total: number)
    }

    /// `source FILE` inside a session: the current variables and login, no journal, stops at
    /// the first failure. Paths are relative to the sourcing script's folder when there is one.
    func source(_ path: String) async -> CommandStatus {
        guard sourceDepth < 16 else {
            console.note("source: scripts source each other more than 16 deep; is there a loop?")
            return .usage
        }
        var resolved = (path as NSString).expandingTildeInPath
        if !resolved.hasPrefix("/"), let base = await shell.currentPathBase { resolved = (base as NSString).appendingPathComponent(resolved) }
        sourceDepth += 1
        defer { sourceDepth -= 1 }
        let lines: [ScriptLine]
        do {
            lines = try Self.read(resolved)
        } catch {
            console.note("source: cannot read \(path): \(Self.reason(error))")
            return .failed
        }
        return await inFolder(of: resolved) {
            await run(lines, name: path, journal: nil, previous: nil, options: ScriptOptions())
        }
    }

    // MARK: The loop

    private func run(
        _ lines: [ScriptLine], name: String, journal: JournalFile?, previous: JournalState?, options: ScriptOptions
    ) async -> CommandStatus {
        var failures: [(ScriptLine, CommandStatus)] = []
        let started = ContinuousClock.now
        let showProgress = sourceDepth == 0 && dryRun == nil
        var recovered = 0
        var skipped = 0
        var recoveredIDs: Set<Int> = []
        var askedNewest = false
        // A run whose journal cannot be written stops: going on would make a later --resume
        // trust a journal that misses what was done.
        func write(_ entry: JournalEntry) -> Bool {
            guard let journal else { return true }
            do {
                try journal.append(entry)
                return true
            } catch {
                progress?.finish()
                console.note("\(name): \(error); stopped so that --resume stays safe")
                return false
            }
        }
        if journal != nil, !write(Self.header(name)) { return .failed }
        let readsLast = lines.contains { $0.text.contains("$last") || $0.text.contains("${last") }

        for (index, line) in lines.enumerated() {
            if showProgress { progress?.update(done: index, total: lines.count, elapsed: ContinuousClock.now - started) }
            let command = Self.commandName(line)
            if let previous, let done = previous.done[line.number] {
                restore(done)
                if let command, Self.sessionCommands.contains(command) {
                    let result = await step(line, location: "\(name):\(line.number)")
                    if result.status != .ok {
                        report(result, at: line, name: name)
                        return result.status
                    }
                }
                skipped += 1
                continue
            }
            if let previous, let unsure = previous.unsure[line.number] {
                if command == "register", unsure.hash != line.hash {
                    console.note(
                        "\(name):\(line.number): this line changed after its first version was sent; if that one was created "
                            + "(\(unsure.name.map { "'\($0)'" } ?? "see 'list'")), it stays: delete it if you do not want it")
                } else if command == "register" {
                    switch await findCreated(unsure, previous: previous, alsoClaimed: recoveredIDs) {
                    case .found(let binding, let bindAs):
                        highestSeenID = max(highestSeenID, binding.id)
                        recoveredIDs.insert(binding.id)
                        var entry = JournalEntry(.done, line: line)
                        entry.bind = variables.bind(binding, as: bindAs)
                        entry.vendorID = unsure.vendorID
                        guard write(entry) else { return .failed }
                        console.note("\(name):\(line.number): #\(binding.id) was created before the interruption; not sent again")
                        recovered += 1
                        continue
                    case .notFound:
                        break
                    case .failed(let message, let status):
                        console.note("\(name):\(line.number): \(message)")
                        return status
                    }
                } else if let command, let why = Self.notRepeatable[command], unsure.hash == line.hash {
                    console.note("\(name):\(line.number): \(why)")
                    return .failed
                }
            }

            let result: StepResult
            switch prepare(line) {
            case .failure(let rejected):
                result = rejected.result
            case .success(let prepared):
                if journal != nil, command == "source" || prepared.isRelativeStock {
                    guard write(JournalEntry(.started, line: line)) else { return .failed }
                }
                if command == "register", journal != nil {
                    if !askedNewest {
                        // The newest id before this run's first create: what it makes will be above it.
                        askedNewest = true
                        if let newest = try? await shell.marketClient.products(perPage: 1).value {
                            highestSeenID = max(highestSeenID, newest.products.map(\.id).max() ?? 0)
                        }
                    }
                    var entry = JournalEntry(.started, line: line)
                    entry.at = Date().timeIntervalSince1970
                    entry.name = prepared.productName
                    (entry.vendorID, entry.vendorName) = await shell.knownVendor
                    entry.afterID = highestSeenID > 0 ? highestSeenID : nil
                    entry.bindAs = prepared.bindAs
                    guard write(entry) else { return .failed }
                }
                result = await perform(prepared, line: line, location: "\(name):\(line.number)")
            }
            if result.status == .ok {
                var entry = JournalEntry(.done, line: line)
                // `last` is the named product when there is one, so it is stored once; and only
                // when the script reads `last` at all (encoding every `show`'s product would
                // cost more than the request).
                let named = result.bound.filter { $0.key != "last" }
                entry.bind = !named.isEmpty ? named : (readsLast && !result.bound.isEmpty ? result.bound : nil)
                entry.vars = result.variables.isEmpty ? nil : result.variables.filter { !isSecret($0.value) }
                if command == "register" { entry.vendorID = await shell.knownVendor.id }
                guard write(entry) else { return .failed }
            } else {
                var entry = JournalEntry(.failed, line: line)
                entry.status = result.status.rawValue
                entry.unsure = result.outcomeUnknown || command == "source" ? true : nil
                guard write(entry) else { return .failed }
                report(result, at: line, name: name)
                failures.append((line, result.status))
                if !options.continueOnError || result.status == .interrupted {
                    progress?.finish()
                    return result.status
                }
            }
            if result.exitRequested { break }
        }
        if showProgress { progress?.finish() }
        if failures.isEmpty, !write(JournalEntry(.finished)) { return .failed }
        if skipped > 0 || recovered > 0 {
            console.note("resumed \(name): \(skipped) line\(skipped == 1 ? "" : "s") already done\(recovered > 0 ? ", \(recovered) found made before the interruption" : "")")
        }
        if let dryRun, sourceDepth == 0 {
            let counts = dryRun.requestCounts
            let total = counts.values.reduce(0, +)
            let byMethod = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            console.note("dry run of \(name): \(lines.count) line\(lines.count == 1 ? "" : "s") checked, \(total) request\(total == 1 ? "" : "s") would be sent\(byMethod.isEmpty ? "" : " (\(byMethod))"); nothing was sent")
        }
        return summarise(failures, name: name, total: lines.count)
    }

    private func summarise(_ failures: [(ScriptLine, CommandStatus)], name: String, total: Int) -> CommandStatus {
        guard !failures.isEmpty else { return .ok }
        let where_ = failures.prefix(20).map { "\(name):\($0.0.number)" }.joined(separator: ", ")
        console.note("\(failures.count) of \(total) line\(total == 1 ? "" : "s") failed: \(where_)\(failures.count > 20 ? ", …" : "")")
        return failures.map(\.1).max() ?? .failed
    }

    /// `FILE:LINE: command: message`, then any detail lines.
    func report(_ result: StepResult, at line: ScriptLine, name: String) {
        guard !result.reported, let first = result.failure.first else { return }
        console.note("\(name):\(line.number): \(first)")
        for more in result.failure.dropFirst() { console.note(more) }
    }

    private func restore(_ entry: JournalEntry) {
        for (name, binding) in entry.bind ?? [:] {
            variables.bind(binding, as: name == "last" ? nil : name)
            highestSeenID = max(highestSeenID, binding.id)
        }
        for (name, value) in entry.vars ?? [:] { variables[name] = .text(value) }
    }

    private func isSecret(_ value: String) -> Bool { shell.secrets.occurs(in: value) }

    // MARK: Journal

    private func openJournal(
        _ path: String, script: String, lines: [ScriptLine], options: ScriptOptions
    ) throws -> (JournalFile?, JournalState?) {
        if options.resume, !FileManager.default.fileExists(atPath: path) {
            throw ScriptFailure.usage("\(script): no journal at \(path) to resume from; run it without --resume")
        }
        // Locked before it is read, so a run finishing meanwhile cannot leave us a stale state.
        let journal: JournalFile
        do {
            journal = try JournalFile(path: path, fresh: false, secrets: shell.secrets)
        } catch {
            throw ScriptFailure.failed("\(script): \(error) (--journal PATH keeps it elsewhere)")
        }
        let state = JournalFile.read(path)
        if options.resume, let state {
            let byNumber = Dictionary(lines.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
            for (number, entry) in state.done.sorted(by: { $0.key < $1.key }) where byNumber[number]?.hash != entry.hash {
                throw ScriptFailure.usage(
                    "\(script):\(number): the script changed above the resume point (line \(number) is not what ran): "
                        + "resuming could repeat or skip commands. Put the line back, or start over with --restart")
            }
            // A command where the run saw none (a comment or blank line then) is new: run now,
            // it would come after lines that followed it.
            if let lastDone = state.lastDoneLine,
                let inserted = lines.first(where: { $0.number < lastDone && state.done[$0.number] == nil && !state.touched.contains($0.number) })
            {
                throw ScriptFailure.usage(
                    "\(script):\(inserted.number): this line is new above the resume point: resuming would run it out of order. "
                        + "Move it below line \(lastDone), or start over with --restart")
            }
            if state.finished {
                console.note("\(script): nothing to resume: the last run finished (start it again with --restart)")
                return (nil, nil)
            }
            return (journal, state)
        }
        if let state, !state.finished, !state.touched.isEmpty, !options.restart {
            let last = state.lastDoneLine.map { ", last done: line \($0)" } ?? ""
            throw ScriptFailure.usage(
                "\(script): \(path) shows a run that did not finish (\(state.done.count) line\(state.done.count == 1 ? "" : "s") done\(last)): "
                    + "continue it with --resume, or start over with --restart")
        }
        journal.truncate()
        return (journal, nil)
    }

    private static func header(_ name: String) -> JournalEntry {
        var entry = JournalEntry(.run)
        entry.script = name
        entry.at = Date().timeIntervalSince1970
        return entry
    }

    enum Lookup {
        case found(ProductBinding, bindAs: String?)
        case notFound
        case failed(String, CommandStatus)
    }

    /// A create was sent but its answer never reached the journal: looks for a product of this
    /// vendor with that name, made after the create was sent (an id above every id seen before
    /// it, or else a creation time after it), that no other line of the run has claimed. When
    /// the vendor is unknown and a namesake exists, it refuses rather than guess.
    private func findCreated(_ entry: JournalEntry, previous: JournalState, alsoClaimed: Set<Int>) async -> Lookup {
        guard let name = entry.name, let sentAt = entry.at else { return .notFound }
        let claimed = Set(previous.done.values.flatMap { ($0.bind ?? [:]).values.map(\.id) }).union(alsoClaimed)
        // Who "this vendor" is: as known when the create was sent, else from the run's creates.
        let ownVendor = entry.vendorID ?? previous.done.values.lazy.compactMap(\.vendorID).first
        let client = await shell.marketClient
        do {
            let candidates = try await client.allProducts(perPage: 100, search: name).products.filter { product in
                guard product.name == name, !claimed.contains(product.id) else { return false }
                if let ownVendor, let owner = product.vendorID, owner != ownVendor { return false }
                if ownVendor == nil, let vendorName = entry.vendorName, let owner = product.vendorName, owner != vendorName { return false }
                if let afterID = entry.afterID { return product.id > afterID }
                guard let stamp = product.createdAt, let created = stamp.date else { return true }
                // The public server stamps dates only (T00:00:00): a day of slack there.
                let slack = Self.clockSlack + (stamp.text.hasSuffix("T00:00:00") ? 86_400 : 0)
                return created >= Date(timeIntervalSince1970: sentAt - slack)
            }
            guard let match = candidates.min(by: { $0.id < $1.id }) else { return .notFound }
            if ownVendor == nil, entry.vendorName == nil {
                return .failed(
                    "the create of '\(name)' was interrupted and #\(match.id) has that name, but whose it is cannot be told: "
                        + "check with 'show \(match.id)'; delete it if it is yours and --resume", .failed)
            }
            let detail = try await client.send(Endpoints.product(id: match.id))
            let binding = ProductBinding(id: match.id, document: JSONValue.parse(detail.body) ?? .null)
            return .found(binding, bindAs: entry.bindAs)
        } catch {
            return .failed("cannot check whether the interrupted create went through (\(error)); nothing was sent again — try --resume later", .unreachable)
        }
    }

    // MARK: Reading a line without running it

    static func commandName(_ line: ScriptLine) -> String? {
        let first = String(line.text.prefix { !$0.isWhitespace })
        return CommandNames.canonical(first)
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
