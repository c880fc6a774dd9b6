import OpenMarketContract

/// Every sentence the scripting layer says to a person, as a value: running, checking,
/// resuming and recording scripts, their variables and their journal. Each language is one
/// exhaustive `switch` (`ScriptMessage+English.swift`, `ScriptMessage+Korean.swift`);
/// `ScriptMessageCatalogTests` checks the Korean reads as Korean and keeps the English's facts.
///
/// What programs read (a script's commands, the journal's entries) is never a `ScriptMessage`;
/// a recording's comment lines are for a person, so they are.
public enum ScriptMessage: Spoken, Equatable {
    // MARK: Running a script
    case linesFailed(failed: Int, total: Int, places: String)
    case resumed(name: String, skipped: Int, recovered: Int)
    /// A stepped run's line that reads `name`, which line `step` would have set had it not been
    /// skipped: skipped too.
    case skippedWithStep(line: Int, name: String, step: Int)
    /// The same for a line that reads a field of `name`, a product line `step` would have changed.
    case skippedWithChange(line: Int, name: String, step: Int)
    /// An `expect` that did not hold: the values and the comparison.
    case expectFailed(left: String, op: String, right: String)
    /// How `expect` is written.
    case expectUsage
    /// `expect 5 =~ 6`: the middle word is no comparison.
    case notAComparison(String)
    case sourceUsage
    case cannotReadScript(String)
    /// `source FILE` 16 deep: FILE is the one that would have been 17th.
    case sourceTooDeep(String)
    /// `source a.om` from a file `a.om` itself sources: the files in the order they run.
    case sourceRunning(String, chain: [String])
    case sourceCannotRead(String)
    case stoppedForResume(name: String, failure: String)
    /// A scripting command (`import`, `record`) typed where there is no scripting session.
    case scriptingOnly

    /// The closing line of a dry run: its lines, the requests it would send (by method), and the
    /// journal's bookkeeping requests.
    case dryRunSummary(name: String, lines: Int, requests: Int, byMethod: String, bookkeeping: Int, bookkeepingByMethod: String)
    /// A dry run's made-up id, shown as what it stands for (`<id of mug>`).
    case madeUpID(String)
    /// What the dry run's make-believe market answers a request it does not know.
    case dryRunUnknownRequest(method: String, path: String)
    /// A stand-in product's name and description in a dry run.
    case dryRunProductName(Int)
    case dryRunDescription
    case unterminatedQuote(command: String, quote: String, line: Int)
    /// A script line that is not UTF-8: the byte and its column when known.
    case notUTF8(byte: String?, column: Int)
    case secretInLine(String)
    /// `set NAME VALUE` with the secret in VALUE.
    case secretInVariable(String)
    case noSuchFile

    // MARK: `openmarket run` and `test`
    case envTakesName(String)
    case readTakesFolder(usage: String)
    case timeLimit(max: Int, got: String)
    case unknownOption(word: String, verb: String, usage: String)
    case testNeedsScripts(usage: String)
    case runNeedsScript(usage: String)
    case oneScriptAtATime(got: String)
    case allowForceNotUntrusted
    case envAndReadNeedUntrusted
    /// `openmarket run --help`: what it does and its own options, after its usage line.
    case runHelp
    /// `openmarket test --help`.
    case testHelp

    // MARK: Variables
    case notAName(String)
    case envIsReserved
    case lastIsReserved
    case envNeedsName
    case environmentNotSet(String)
    case noVariables
    /// `(fields: id, name, …)` after a product variable in `vars`.
    case variableFields(String)
    case setNameValue
    /// A script uses a variable nothing defines (found before anything is sent).
    case variableNotSet(String)
    case linesCannotRun(name: String, count: Int)
    /// A sourced file's check found problems: none of its lines was sent, but the lines of the
    /// scripts that source it before their `source` line were.
    case sourcedLinesCannotRun(name: String, count: Int)
    case lastUndefined
    case undefinedVariable(String)
    case noSuchField(name: String, field: String, known: String)
    case textHasNoField(name: String, field: String)
    case productHasNoField(name: String, field: String, known: String)
    /// `${mug.stok}`: a slip of a field every product has, told before the run.
    case productFieldSlip(name: String, field: String, meant: String)
    case nothingNamed(String)
    /// `show … as mug` on a command that returns no product here (`list` does not).
    case namesNoProduct(bound: String, command: String, returning: [String])
    /// An `as` that is not `as NAME` at the end (`show 4 as`, `show 4 as mug now`).
    case asEndsTheLine(command: String)

    // MARK: Recording
    case recordingTo(path: String, everything: Bool)
    case notRecording
    case recordingSaved(String)
    case recordUsage
    case alreadyRecording(String)
    case recordingExists(String)
    case recordingCannotCreate(String)
    /// The recording's second line, a comment: when and against which server.
    case recordedOn(stamp: String, server: String)
    /// The recording's third line, a comment: how to replay it.
    case replayHow(file: String)
    /// Why a change is written as a comment (a delete of a product made before the recording).
    case notReplayed(id: Int)
    /// The comment above a change to a product made before the recording, written guarded.
    case replayChecksName(id: Int)

    // MARK: The journal and resuming
    case journalBusy(String)
    case journalCannotWrite(path: String, why: String)
    case journalCannotEncode(String)
    case noJournalToResume(script: String, path: String)
    case resumingFrom(script: String, path: String)
    case journalElsewhere(script: String, failure: String)
    case journalKeptIn(script: String, path: String)
    case nothingToResume(String)
    case runUnfinished(script: String, path: String, done: Int, lastDone: Int?)
    /// The journal's run was on the local market over one data folder; this session is on
    /// another local market (`hereLocal`) or another server.
    case otherLocalMarket(script: String, market: String, hereLocal: String?, server: String)
    case otherServer(script: String, recorded: String, server: String)
    case changedAboveResumePoint(script: String, line: Int)
    case newAboveResumePoint(script: String, line: Int, lastDone: Int)
    case cannotCheckCreate(String)
    case whoseCannotBeTold(name: String, id: Int, variable: String)
    case sourceStoppedPartWay(String)
    case changeMayHaveApplied(String)
    /// A create's line changed since its first version was sent (`name`: what it was called).
    case createLineChanged(place: String, name: String?)
    case createdBefore(place: String, id: Int)
    /// A resumed run skipped a raw request whose answer was too large for the journal.
    case responseNotKept(place: String, bytes: Int)
}
