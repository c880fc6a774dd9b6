/// The English catalog of ``ScriptMessage`` (the fallback for other locales too).
extension ScriptMessage {
    public var english: String {
        switch self {
        case .linesFailed(let failed, let total, let places):
            "\(failed) of \(Self.count(total, "line")) failed: \(places)"
        case .skippedWithStep(let line, let name, let step):
            "line \(line) skipped too: it reads $\(name), which line \(step) would have set (skipped)"
        case .skippedWithChange(let line, let name, let step):
            "line \(line) skipped too: it reads a field of $\(name), which line \(step) would have changed (skipped)"
        case .resumed(let name, let skipped, let recovered):
            "resumed \(name): "
                + [
                    skipped > 0 || recovered == 0 ? "\(Self.count(skipped, "line")) already done" : nil,
                    recovered > 0 ? "\(Self.count(recovered, "product")) made before the interruption found on the market" : nil,
                ].compactMap { $0 }.joined(separator: ", and ")
        case .expectFailed(let left, let op, let right): "\(left) \(op) \(right) does not hold"
        case .expectUsage: "expect VALUE OP VALUE, with OP one of == != < <= > >= (e.g. expect ${mug.stock} == 5)"
        case .notAComparison(let word): "'\(word)' is not a comparison. " + Self.expectUsage.english
        case .sourceUsage: "source FILE [--step]"
        case .cannotReadScript(let path): "\(path): cannot read the script"
        case .sourceTooDeep(let path): "\(path): scripts source each other more than 16 deep: source fewer levels"
        case .sourceRunning(let path, let chain):
            "\(path) is running already (\(chain.joined(separator: " → "))): a script that sources itself would never end"
        case .sourceCannotRead(let path): "source: cannot read \(path)"
        case .stoppedForResume(let name, let failure): "\(name): \(failure); stopped so that --resume stays safe"
        case .scriptingOnly: "this command runs only in a scripting session"

        case .dryRunSummary(let name, let lines, let requests, let byMethod, let bookkeeping, let bookkeepingByMethod):
            "dry run of \(name): \(Self.count(lines, "line")) checked, \(Self.count(requests, "request")) would be sent"
                + (byMethod.isEmpty ? "" : " (\(byMethod))")
                + (bookkeeping == 0
                    ? ""
                    : " and \(Self.count(bookkeeping, "bookkeeping request")) for the journal"
                        + (bookkeepingByMethod.isEmpty ? "" : " (\(bookkeepingByMethod))"))
                + "; nothing was sent"
        case .madeUpID(let label): "<id of \(label)>"
        case .dryRunUnknownRequest(let method, let path): "the dry run does not know \(method) \(path)"
        case .dryRunProductName(let id): "(product \(id), not read in a dry run)"
        case .dryRunDescription: "(not read in a dry run)"
        case .unterminatedQuote(let command, let quote, let line):
            "\(command): unterminated \(quote) quote, opened on line \(line) and never closed: close it (a quoted value may span lines)"
        case .notUTF8(let byte, let column):
            "this line is not valid UTF-8" + (byte.map { " (byte 0x\($0) at column \(column))" } ?? "")
                + ": save the script as UTF-8"
        case .secretInLine(let reference):
            "${\(reference)} holds the vendor secret, which never goes into a command "
                + "(the shell sends it only as the secret field): remove it from the line"
        case .secretInVariable(let name):
            "the value of \(name) holds the vendor secret, which never goes into a command "
                + "(the shell sends it only as the secret field): leave it out"
        case .noSuchFile: "no such file"
        case .envTakesName(let name): "--env takes a variable's name (letters, digits and _), not '\(name)'"
        case .readTakesFolder(let usage): "--read takes a folder: \(usage)"
        case .timeLimit(let max, let got): "--time-limit takes whole seconds from 1 to \(max) (got '\(got)')"
        case .unknownOption(let word, let verb, let usage):
            "unknown option '\(word)' for '\(verb)': \(usage) (a file whose name starts with '-': ./\(word))"
        case .testNeedsScripts(let usage): "'test' needs scripts: \(usage)"
        case .runNeedsScript(let usage): "'run' needs a script: \(usage)"
        case .oneScriptAtATime(let got): "one script at a time: openmarket run FILE (got \(got))"
        case .allowForceNotUntrusted: "--allow-force does not go with --untrusted"
        case .runHelp:
            """
            Runs FILE, shell commands one per line, keeping a journal beside it
            (FILE.journal), so that --resume goes on after a stop without repeating
            what was done.

              --untrusted     someone else's script: it reads only its own folder,
                              writes only a scratch folder and talks only to its market
              --env NAME      with --untrusted: an environment variable it may read
                              (repeat for several)
              --read DIR      with --untrusted: a folder it may read besides its own
                              (repeat for several)
              --allow-force   lets its commands use --force (not with --untrusted)

            The program's options go with it: --resume, --restart, --dry-run, --step,
            --continue-on-error, --journal PATH, --var NAME=VALUE, --server URL
            ('openmarket --help'). docs/scripts.md tells more.
            """
        case .testHelp:
            """
            Grades each FILE on a fresh local market of its own (or --server URL):
            its 'expect' checks, one line per file, then a summary; the status is 1
            when a file failed. Graded scripts read only their own folder, write only
            a scratch folder and talk only to their market.

              --env NAME              an environment variable the scripts may read
                                      (repeat for several)
              --read DIR              a folder they may read besides their own
                                      (repeat for several)
              --time-limit SECONDS    each file's time (default 60)

            The program's --report-junit FILE and --report-tap FILE write the results
            as JUnit XML or TAP ('openmarket --help'). docs/teaching.md tells more.
            """
        case .envAndReadNeedUntrusted: "--env and --read go with --untrusted"
        case .notAName(let name): "'\(name)' is not a name (letters, digits and _, not starting with a digit)"
        case .envIsReserved: "'env' is reserved for the environment (${env.HOME})"
        case .lastIsReserved: "'last' is set by every command that returns a product; pick another name"
        case .envNeedsName: "write ${env.NAME} to read the environment variable NAME"
        case .environmentNotSet(let name): "environment variable \(name) is not set"

        case .noVariables: "no variables ('set NAME VALUE', or end a command with 'as NAME')"
        case .variableFields(let fields): "(fields: \(fields))"
        case .setNameValue: "set NAME VALUE (quote a value with spaces)"
        case .variableNotSet(let name):
            "$\(name) is not set: give it with --var \(name)=VALUE (or 'set \(name) VALUE' above this line)"
        case .linesCannotRun(let name, let count):
            "\(name): \(Self.count(count, "line")) cannot run; nothing was sent (fix \(count == 1 ? "it" : "them") and run the script again)"
        case .sourcedLinesCannotRun(let name, let count):
            "\(name): \(Self.count(count, "line")) cannot run; none of its lines was sent, the lines before its source line were"
        case .lastUndefined: "$last is undefined: no command has returned a product yet"
        case .undefinedVariable(let name):
            "undefined variable '\(name)' (define it with 'set \(name) VALUE', '--var \(name)=VALUE' or '… as \(name)')"
        case .noSuchField(let name, let field, let known): "'\(name)' has no field '\(field)' (fields: \(known))"
        case .textHasNoField(let name, let field): "'\(name)' is text, not a product: it has no field '\(field)'"
        case .productHasNoField(let name, let field, let known):
            "product '\(name)' has no field '\(field)'" + (known.isEmpty ? "" : " (fields: \(known))")
        case .productFieldSlip(let name, let field, let meant):
            "product '\(name)' has no field '\(field)': did you mean '\(meant)'?"
        case .nothingNamed(let name): "note: nothing was named \(name): the command returned no product"
        case .namesNoProduct(let bound, let command, let returning):
            "'as \(bound)' names a product, and '\(command)' returns none "
                + "(\(returning.dropLast().joined(separator: ", ")) and \(returning.last ?? "") do)"
        case .asEndsTheLine(let command):
            "'as' names the product '\(command)' returns and ends the line, with one name after it (\(command) … as mug); "
                + "quote a value that is the word as ('as')"

        case .recordingTo(let path, let everything):
            "recording to \(path)\(everything ? " (every command)" : "") — 'record stop' ends it"
        case .notRecording: "not recording ('record FILE' starts)"
        case .recordingSaved(let path): "recording saved to \(path)"
        case .recordUsage: "record FILE [--all], or record stop"
        case .alreadyRecording(let path): "already recording to \(path); 'record stop' first"
        case .recordingExists(let path): "\(path) exists already: record to a new file (nothing is overwritten)"
        case .recordingCannotCreate(let path): "cannot create \(path): check that its folder exists and is writable"
        case .recordedOn(let stamp, let server): "Recorded by openmarket on \(stamp) against \(server)."
        case .replayHow(let file): "Replay: openmarket run \(file) [--server URL] [--dry-run]"
        case .notReplayed(let id):
            "not replayed: #\(id) was not made in this recording, so on another server it is another product"
        case .replayChecksName(let id):
            "#\(id) was made before this recording: a replay reads it and checks its name before changing it "
                + "(on another server #\(id) is another product, and the replay stops here)"

        case .journalBusy(let path): "another run of this script is using \(path); wait for it to finish"
        case .journalCannotWrite(let path, let why): "cannot write the journal \(path): \(why)"
        case .journalCannotEncode(let why): "cannot encode a journal entry: \(why)"
        case .noJournalToResume(let script, let path):
            "\(script): no journal at \(path) to resume from; run it without --resume"
        case .resumingFrom(let script, let path): "\(script): resuming from its journal in \(path)"
        case .journalElsewhere(let script, let failure): "\(script): \(failure) (--journal PATH keeps it elsewhere)"
        case .journalKeptIn(let script, let path): "\(script): its folder cannot hold the journal; keeping it in \(path)"
        case .nothingToResume(let script):
            "\(script): nothing to resume: the last run finished (start it again with --restart)"
        case .otherLocalMarket(let script, let market, let hereLocal, let server):
            "\(script): its journal's run was against the local market over \(market), but this session is on "
                + (hereLocal.map { "the local market over \($0)" } ?? server)
                + ": resume it with that local market (no --server, the same XDG_DATA_HOME), or start over here with --restart"
        case .otherServer(let script, let recorded, let server):
            "\(script): its journal's run was against \(recorded), but this session is on \(server): "
                + "resume against \(recorded) (--server \(recorded)), or start over here with --restart"
        case .changedAboveResumePoint(let script, let line):
            "\(script):\(line): the script changed above the resume point (line \(line) is not what ran): "
                + "resuming could repeat or skip commands. Put the line back, or start over with --restart"
        case .newAboveResumePoint(let script, let line, let lastDone):
            "\(script):\(line): this line is new above the resume point: resuming would run it out of order. "
                + "Move it below line \(lastDone), or start over with --restart"
        case .cannotCheckCreate(let error):
            "cannot check whether the interrupted create went through (\(error)); nothing was sent again — try --resume later"
        case .whoseCannotBeTold(let name, let id, let variable):
            "the create of '\(name)' was interrupted and #\(id) has that name, but whose it is cannot be told "
                + "without your vendor id: give it ('login --vendor-id N' or \(variable)=N) "
                + "and --resume again, or check with 'show \(id)' and delete it if it is yours"
        case .sourceStoppedPartWay(let command):
            "this '\(command)' stopped part-way, and its lines may have made changes: "
                + "check what it did, change or remove the line (or move its commands into this script), then --resume"
        case .changeMayHaveApplied(let command):
            "this \(command) change was interrupted as it was sent, so it may have been applied: "
                + "check with 'show', change the line (e.g. to =N, which is safe to repeat), then --resume"
        case .createLineChanged(let place, let name):
            "\(place): this line changed after its first version was sent; if that one was created "
                + "(\(name.map { "'\($0)'" } ?? "see 'list'")), it stays: delete it if you do not want it"
        case .createdBefore(let place, let id): "\(place): #\(id) was created before the interruption; not sent again"
        case .responseNotKept(let place, let bytes):
            "\(place): its answer (\(bytes) bytes) was too large to keep in the journal; ${response…} is unset until the next raw request"
        case .runUnfinished(let script, let path, let done, let lastDone):
            "\(script): \(path) shows a run that did not finish (\(Self.count(done, "line")) done"
                + (lastDone.map { ", last done: line \($0)" } ?? "")
                + "): continue it with --resume, or start over with --restart"
        }
    }

    /// `1 line`, `2 lines`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
