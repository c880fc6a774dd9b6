import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// Where a resumed run picks up: what the journal of the run before says, and the products
/// this run has found made before the interruption.
struct ResumePoint {
    var previous: JournalState?
    var recoveredIDs: Set<Int> = []
}

/// What to do with one line of a resumed run.
enum ResumeAction {
    case run, skip
    case stop(CommandStatus)
}

/// The journals of a session's runs (a script file's, an import's), for both: opening and locking
/// one, checking that it was written against this server, its first entry, and looking up a
/// create whose answer was lost. A plain value with only what it needs from the session: its
/// console, its secrets (masked in the file) and its local market's data directory.
struct ResumeJournal: Sendable {
    let console: any ShellConsole
    let secrets: SessionSecrets
    /// The local market's data directory when the server is that market (`ShellSession.localMarketData`).
    let localMarketData: @Sendable (URL) -> String?

    init(console: any ShellConsole, session: ShellSession) {
        self.console = console
        secrets = session.secrets
        localMarketData = { [session] server in session.localMarketData(for: server) }
    }

    /// The journals of the session `context` runs in.
    init(in context: CommandContext) {
        console = context.console
        secrets = context.records.secrets
        localMarketData = { [context] server in context.localMarketData(for: server) }
    }

    /// How far back a product's creation time may lie before the moment its create was sent and
    /// still be taken for that create: the server's clock may differ from ours.
    static let clockSlack: TimeInterval = 60

    /// Opens (and locks) the journal and checks it against the script: the journal the run
    /// writes, and where it resumes; nil when there is nothing to resume.
    func openJournal(
        for script: String, at placement: JournalPlacement, _ lines: [ScriptLine], _ options: ScriptOptions,
        reads: JournalReads, server: URL
    ) throws(CommandFailure) -> (JournalHandle, ResumePoint)? {
        // Locked before it is read, so a run finishing meanwhile cannot leave us a stale state.
        let (journal, path) = try lockJournal(for: script, at: placement, resume: options.resume)
        // A resume needs all of it; a fresh run only whether the last run finished, and what it
        // did when it did not.
        let state = JournalFile.read(path, whole: options.resume)
        if options.resume, let state {
            try checkServer(of: state, script: script, server: server)
            try Self.check(state, against: lines, script: script)
            if state.finished {
                console.note(ScriptMessage.nothingToResume(script).text)
                return nil
            }
            return (JournalHandle(journal, reads: reads), ResumePoint(previous: state))
        }
        if let state, !state.finished, !state.touched.isEmpty, !options.restart {
            throw .usage(
                ScriptMessage.runUnfinished(script: script, path: path, done: state.done.count, lastDone: state.lastDoneLine)
                    .text)
        }
        journal.truncate()
        return (JournalHandle(journal, reads: reads), ResumePoint())
    }

    /// The journal file, opened and locked, and where it is: beside the script, or in the state
    /// folder when the script's folder cannot hold it (said once, on stderr).
    func lockJournal(
        for script: String, at placement: JournalPlacement, resume: Bool
    ) throws(CommandFailure) -> (JournalFile, String) {
        var path = placement.primary
        if resume, !FileManager.default.fileExists(atPath: path) {
            guard let fallback = placement.fallback, FileManager.default.fileExists(atPath: fallback) else {
                throw .usage(ScriptMessage.noJournalToResume(script: script, path: path).text)
            }
            path = fallback
            console.note(ScriptMessage.resumingFrom(script: script, path: fallback).text)
        }
        do {
            return (try JournalFile(path: path, fresh: false, secrets: secrets), path)
        } catch {
            guard error.cannotCreate, path == placement.primary, let fallback = placement.fallback else {
                throw .failed(ScriptMessage.journalElsewhere(script: script, failure: String(describing: error)).text)
            }
            let folder = (fallback as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let journal = try JournalFile(path: fallback, fresh: false, secrets: secrets)
                console.note(ScriptMessage.journalKeptIn(script: script, path: fallback).text)
                return (journal, fallback)
            } catch {
                throw .failed(ScriptMessage.journalElsewhere(script: script, failure: String(describing: error)).text)
            }
        }
    }

    /// A run resumed on another market would look there for what it made on the first. The
    /// shell's own local market is known by its data directory, not its port.
    func checkServer(of state: JournalState, script: String, server: URL) throws(CommandFailure) {
        if let other = otherMarket(recorded: state.server, market: state.market, script: script, server: server) {
            throw .refused(other.text)
        }
    }

    /// Why what a journal recorded on `recorded` (its local market's data directory `market`)
    /// was not made on `server`; nil when it was made there, or the journal does not say.
    func otherMarket(recorded: String?, market: String?, script: String, server: URL) -> ScriptMessage? {
        let here = localMarketData(server)
        if let market {
            guard market != here else { return nil }
            return .otherLocalMarket(script: script, market: market, hereLocal: here, server: server.absoluteString)
        }
        guard let recorded, let journalServer = URL(string: recorded), ServerAddress(journalServer) != ServerAddress(server)
        else { return nil }
        return .otherServer(script: script, recorded: recorded, server: server.absoluteString)
    }

    /// The first entry of a run's journal: the script, the server, and the local market's data
    /// directory when the server is the shell's own.
    func journalHeader(_ name: String, server: URL) -> JournalEntry {
        var entry = JournalEntry.header(name, server: server)
        entry.market = localMarketData(server)
        return entry
    }

    /// A script changed above the resume point would repeat or skip commands.
    private static func check(_ state: JournalState, against lines: [ScriptLine], script: String) throws(CommandFailure) {
        let byNumber = Dictionary(lines.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        for (number, entry) in state.done.sorted(by: { $0.key < $1.key }) where byNumber[number]?.hash != entry.hash {
            throw .usage(ScriptMessage.changedAboveResumePoint(script: script, line: number).text)
        }
        // A command where the run saw none (a comment or blank line then) is new: run now,
        // it would come after lines that followed it.
        if let lastDone = state.lastDoneLine,
            let inserted = lines.first(where: {
                $0.number < lastDone && state.done[$0.number] == nil && !state.touched.contains($0.number)
            })
        {
            throw .usage(ScriptMessage.newAboveResumePoint(script: script, line: inserted.number, lastDone: lastDone).text)
        }
    }

    enum Lookup {
        /// The product as read now, beside its binding: a change log that never heard of its
        /// create keeps it from this.
        case found(ProductBinding, bindAs: String?, product: Product)
        case notFound
        case failed(String, CommandStatus)
    }

    /// How long after a create was sent the server may still be storing it. A run killed
    /// while its create was on the wire leaves the server finishing that request; a resume
    /// started at once would not find the product yet and send it again.
    static let inFlightGrace: TimeInterval = 5

    /// `findCreated`, and when nothing is found for a create sent less than `inFlightGrace`
    /// ago, again once that time has passed (only a resume right after a kill waits).
    func findCreatedAllowingForFlight(
        _ entry: JournalEntry, previous: JournalState, alsoClaimed: Set<Int>, vendorID: Int?, using client: MarketClient
    ) async -> Lookup {
        let first = await findCreated(entry, previous: previous, alsoClaimed: alsoClaimed, vendorID: vendorID, using: client)
        guard case .notFound = first, let sentAt = entry.at else { return first }
        let wait = sentAt + Self.inFlightGrace - Date().timeIntervalSince1970
        guard wait > 0 else { return first }
        try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        return await findCreated(entry, previous: previous, alsoClaimed: alsoClaimed, vendorID: vendorID, using: client)
    }

    /// A create was sent but its answer never reached the journal: looks for a product of this
    /// vendor with that name, made after the create was sent (an id above every id seen before
    /// it, or else a creation time after it), that no other line of the run has claimed. The
    /// vendor is the journal's (as known when the create was sent, else from the run's creates),
    /// else `vendorID` (the session's, when known); when it is still unknown, a namesake of a
    /// vendor named otherwise is not ours, and any other is not guessed at: nothing is sent to
    /// another vendor's product to find out whose it is.
    private func findCreated(
        _ entry: JournalEntry, previous: JournalState, alsoClaimed: Set<Int>, vendorID: Int?, using client: MarketClient
    ) async -> Lookup {
        guard let name = entry.name, let sentAt = entry.at else { return .notFound }
        let claimed = Set(previous.done.values.flatMap { ($0.bind ?? [:]).values.map(\.id) + ($0.id.map { [$0] } ?? []) })
            .union(alsoClaimed)
        let ownVendor = entry.vendorID ?? previous.done.values.lazy.compactMap(\.vendorID).first ?? vendorID
        do {
            let candidates = try await client.allProducts(perPage: 100, search: name).products.filter { product in
                guard product.name == name, !claimed.contains(product.id) else { return false }
                if let ownVendor, let owner = product.vendorID, owner != ownVendor { return false }
                if ownVendor == nil, let vendorName = entry.vendorName, let owner = product.vendorName, owner != vendorName {
                    return false
                }
                if let afterID = entry.afterID { return product.id > afterID }
                guard let stamp = product.createdAt, let created = stamp.date else { return true }
                // The public server stamps dates only (T00:00:00): a day of slack there.
                let slack = Self.clockSlack + (stamp.text.hasSuffix("T00:00:00") ? 86_400 : 0)
                return created >= Date(timeIntervalSince1970: sentAt - slack)
            }
            // Whose a namesake is cannot be told without the vendor id (nor asked of the server
            // without writing to it): not guessed at.
            if ownVendor == nil, entry.vendorName == nil, let first = candidates.first {
                return Self.cannotTell(name, first.id)
            }
            guard let match = candidates.min(by: { $0.id < $1.id }) else { return .notFound }
            let detail = try await client.product(id: match.id)
            return .found(
                ProductBinding(id: match.id, document: JSONValue.parse(detail.body) ?? .null), bindAs: entry.bindAs,
                product: detail.value)
        } catch {
            return .failed(ScriptMessage.cannotCheckCreate(String(describing: error)).text, .unreachable)
        }
    }

    private static func cannotTell(_ name: String, _ id: Int) -> Lookup {
        .failed(
            ScriptMessage.whoseCannotBeTold(name: name, id: id, variable: VendorIDSource.environmentName).text, .failed)
    }
}

extension ResumePoint {
    /// Done lines are skipped (their names restored; session commands run again, so the login
    /// and settings are as they were); a line whose outcome is unknown is looked up or refused.
    mutating func action(
        for line: ScriptLine, _ report: inout RunReport, in context: CommandContext, runtime: ScriptRuntime
    ) async -> ResumeAction {
        guard let previous else { return .run }
        let context = runtime.refreshed(context)
        let spec = runtime.registry.find(String(line.text.prefix { !$0.isWhitespace }))?.spec
        if let done = previous.done[line.number] {
            Self.restore(done, in: runtime)
            if let bytes = done.responseBytesNotKept {
                runtime.console.note(ScriptMessage.responseNotKept(place: "\(report.name):\(line.number)", bytes: bytes).text)
            }
            if spec?.effect == .session {
                let result = await runtime.step(line, location: "\(report.name):\(line.number)", in: context)
                if result.status != .ok {
                    runtime.reportFailure(result, at: "\(report.name):\(line.number)")
                    return .stop(result.status)
                }
            }
            report.skipped += 1
            return .skip
        }
        guard let unsure = previous.unsure[line.number], let spec else { return .run }
        if spec.effect == .creates { return await recover(unsure, line: line, &report, in: context, runtime: runtime) }
        if unsure.hash == line.hash, let why = Self.notRepeatable(spec) {
            runtime.console.note("\(report.name):\(line.number): \(why)")
            return .stop(.failed)
        }
        return .run
    }

    /// Why a line that may have been carried out already must not simply be sent again.
    private static func notRepeatable(_ spec: CommandSpec) -> String? {
        if spec.effect == .script {
            // A sourced file's lines are not journaled one by one.
            return ScriptMessage.sourceStoppedPartWay(spec.name).text
        }
        guard !spec.repeatsSafely else { return nil }
        // `stock ID +N` sent again would add twice: the seller decides, typically as =N.
        return ScriptMessage.changeMayHaveApplied(spec.name).text
    }

    /// A create whose answer never reached the journal: found on the server, or sent again.
    private mutating func recover(
        _ unsure: JournalEntry, line: ScriptLine, _ report: inout RunReport, in context: CommandContext,
        runtime: ScriptRuntime
    ) async -> ResumeAction {
        let place = "\(report.name):\(line.number)"
        guard unsure.hash == line.hash else {
            runtime.console.note(ScriptMessage.createLineChanged(place: place, name: unsure.name).text)
            return .run
        }
        // This login's vendor as known (never found out by writing to a namesake).
        let vendorID = try? await context.ownVendorID()
        switch await ResumeJournal(in: context).findCreatedAllowingForFlight(
            unsure, previous: previous!, alsoClaimed: recoveredIDs, vendorID: vendorID, using: context.client)
        {
        case .found(let binding, let bindAs, let product):
            recoveredIDs.insert(binding.id)
            var entry = JournalEntry(.done, line: line)
            entry.bind = runtime.names.bind(binding, as: bindAs)
            entry.vendorID = unsure.vendorID
            guard context.scope?.journal?.write(entry) ?? true else { return .stop(.failed) }
            runtime.console.note(ScriptMessage.createdBefore(place: place, id: binding.id).text)
            // Kept so that `undo` takes it back as if the line had finished: the interrupted run
            // may have stopped before the change log heard of the product.
            if let warning = await runtime.keepCreated(product, by: line, in: context) { runtime.console.warn(warning) }
            report.recovered += 1
            return .skip
        case .notFound:
            return .run
        case .failed(let message, let status):
            runtime.console.note("\(place): \(message)")
            return .stop(status)
        }
    }

    /// A done line's names and variables, as it left them: a raw request's `response` too, or
    /// none when its answer was too large to keep (not the answer of a request before it).
    private static func restore(_ entry: JournalEntry, in runtime: ScriptRuntime) {
        for (name, binding) in entry.bind ?? [:] { _ = runtime.names.bind(binding, as: name == "last" ? nil : name) }
        for (name, value) in entry.vars ?? [:] { runtime.names.set(name, .text(value)) }
        if entry.response != nil || entry.responseBytesNotKept != nil {
            runtime.names.set(BindingMiddleware.responseName, entry.response)
        }
    }
}

extension JournalEntry {
    /// The first entry of a run.
    static func header(_ name: String, server: URL) -> JournalEntry {
        var entry = JournalEntry(.run)
        entry.script = name
        entry.server = server.absoluteString
        entry.at = Date().timeIntervalSince1970
        return entry
    }
}
