import OpenMarketContract

/// Every sentence the shell says to a person, as a value: what to say, with the facts it needs.
/// Where it is said (`console.note(Message….text)`) does not choose the words; the language does.
///
/// Each language is one catalog: `Message+English.swift` and `Message+Korean.swift`, each one
/// exhaustive `switch`. A message added without its Korean does not compile, so every message
/// has both; `MessageCatalogTests` checks the Korean reads as Korean and keeps every fact (the
/// numbers, names and commands) of the English. English is the fallback for any other locale.
///
/// What programs read (JSON, exports, recordings, journals) is never a `Message`.
public enum Message: Spoken, Equatable {
    // MARK: Products
    /// A column of the product table, or a label of a product's detail view.
    case heading(Heading)
    /// A stock of 0, in a table or after the count (`0 (sold out)`).
    case soldOut
    /// `· stock 5 · registered`: the end of a product's one-line summary.
    case stockAndVerb(stock: String, verb: Verb)
    /// Nothing to list.
    case noProducts
    case noProductsOnPage(page: Int)
    /// `page 1 of 3, 45 products — 'list 2' for more`.
    case pageSummary(page: Int, pages: Int, total: Int, next: Int?)
    /// `list 9` past the end of the catalog.
    case pastTheEnd(page: Int, total: Int, pages: Int, perPage: Int)
    /// `2 of 3 changed`: several products, one command each.
    case severalDone(done: Int, total: Int, verb: Verb)

    // MARK: Failures
    case cannotReach(server: String, reason: String)
    /// After a timeout or a dropped connection (its own description first).
    case tryAgainOrConnect(String)
    /// After a change cut off with its request out: it may have been made.
    case mayHaveBeenMade
    case cancelled
    case notLoggedIn
    /// `the server refused (403): …` (the message is the server's text).
    case serverRefused(status: Int, reason: String, message: String)
    case timedOut(server: String, after: String)
    case connectionLost(server: String, reason: String)
    /// 412: the product changed since this shell read it.
    case changedSinceRead(message: String)
    /// `2 problems, nothing was sent:`, the problems on the lines after it.
    case problemsNothingSent(count: Int)
    case refused401(message: String)
    /// A word that is no command: its closest commands, if any.
    case unknownCommand(word: String, guesses: [String])
    case usage(String)
    /// `help NAME` for a name no command has, with the names it may have meant.
    case noSuchCommand(String, guesses: [String])
    /// `set NAME` with a name that is no setting (nil: no name at all), and the settings.
    case setNoSuchSetting(given: String?, settings: [String])
    /// `set NAME VALUE` with a value the setting does not take (nil: none given), and its values.
    case setValueNotOneOf(setting: String, given: String?, values: [String])

    // MARK: Help
    case helpCommandsHeading
    case helpFooter
    case helpUsage(String)
    case helpOptionsHeading
    case helpAliases(String)
    case helpExamplesHeading

    // MARK: Scripts and lessons
    /// The question before each step of `run FILE --step`.
    case stepPrompt(index: Int, total: Int)
    /// `01-methods.om: 11 requests, 14 checks passed`.
    case stepClosing(name: String, requests: Int, checks: Int, skipped: Int)
    case stepStopped(name: String, line: Int, sent: Int, skipped: Int, notReached: Int)
    case stepNeedsTerminal(file: String)

    // MARK: Exchanges
    case noAnswer(String)
    /// A body's size in an exchange's summary line.
    case byteCount(Int)
    case dryRunMark
    case exchangeHeading(number: Int)
    case sentBy(String)
    case notebookTitle
    case notebookInfo(server: String, written: String, count: Int)
    case notebookSentBy(String)
    case notebookRequest
    case notebookAnswer

    // MARK: The local market
    case localMarketAt(url: String, vendor: String)
    case localMarketData(String)
    case localMarketStorefront(String)

    // MARK: Session commands
    /// `whoami`'s labels.
    case whoamiField(WhoamiField)
    case vendorNotKnownYet
    case vendorNotLoggedIn
    case healthAnswers(server: String, answer: String, milliseconds: Int)
    case notAnHTTPURL(String)
    /// `connect http://127.0.0.1:99999`: the URL, and its port that no connection can have.
    case portOutOfRange(String, port: Int)
    case connectWhichURL
    case connected(String)
    case switchedNotAnswering(url: String, problem: String)
    case switchedHealthFailed(url: String, problem: String)
    case whichProfile(names: [String])
    case profileNamesNoServer(String)
    case usingProfile(name: String, identifier: String, server: String)
    case loggedOut
    case noScreenToClear
    case exitStatusRange(String)
    /// `warning: …`: a note a terminal colours as a warning.
    case warning(String)

    // MARK: Stock, delete, register
    case stockSayHow
    case notAStockChange(String)
    case stockQuestion(change: String, count: Int, products: String)
    case changedNothing
    case stockChangesNothing(change: String)
    case stockKeptChanging(seconds: Int)
    case stockRaced(now: Int, target: Int)
    case stockOverflow
    case cannotRemove(inStock: Int, removing: Int)
    case deleteNeedsYes(id: Int, name: String)
    /// `delete #3 Mug?`: a yes-or-no question, asked with `ShellConsole.confirm` (as every
    /// question ending in `?` here is).
    case deleteQuestion(id: Int, name: String)
    case kept(id: Int)
    case deleted(id: Int, name: String)
    case deleteSeveralNeedsYes(count: Int)
    /// A script's `delete` without `--yes`, said by the whole-script check where no one will
    /// answer its question: a pipe, or a file run without `--step` in a terminal (no id: the
    /// check may hold a stand-in for `$mug`).
    case deleteAsksUnattended
    case deleteSeveralQuestion(count: Int, products: String)
    case keptAll(count: Int)
    case fieldRequired(field: String, rule: String)
    case registerCancelled
    case registerGaveUp(attempts: Int)
    case noFileMatches(String)
    case noSuchFile(String)
    case noExchangesYet
    case exchangesForgotten(oldest: Int, capacity: Int, budget: Int)
    case wroteHAR(count: Int, path: String)
    case wroteNotebook(count: Int, path: String)

    // MARK: Words and requests typed
    case unexpectedWord(String)
    case unknownOption(String, guesses: [String] = [])
    /// `--json` after a command at the prompt: the program's option, and the `set` that does its
    /// work there.
    case programsOption(String, instead: String)
    case needsValue(String)
    /// `--yes=no`: a flag that takes no value, given one.
    case takesNoValue(String, given: String)
    /// The fields are listed when no guess is made (with one, the usage line below lists them).
    case unknownField(String, known: String, guesses: [String] = [])
    case givenTwice(String)
    case whichProduct
    case productIDTooLarge(String)
    /// `show last`: a name written where an id goes, which wants its `$`.
    case nameWantsDollar(String)
    case notAProductID(String)
    /// `show 0`.
    case productIDStartsAtOne(String)
    /// `show １２`: the id typed in another script's digits, and the same in ASCII digits.
    case productIDNotASCII(String, ascii: String)
    /// `patch 4 price 5`: a field's name where an id was read.
    case fieldWantsEquals(String)
    case numberOutOfRange(name: String, low: Int, high: Int, got: String)
    case rawUnknownOption(method: String, option: String, known: [String])
    case rawPathFirst(method: String, got: String)
    case notARequestItem(String)
    /// `X-A:"b⏎c"`: a header item whose name or value holds a line break.
    case headerLineBreak(String)
    case requestItemGuide
    case rawNeedsPath(method: String)
    case rawNoBody(method: String, item: String)
    case offlineNothingSent
    /// `--check-status`: a raw request answered 4xx or 5xx.
    case answerIs(request: String, status: Int, reason: String)
    case rawNotLoggedIn(method: String)
    case rawOtherServer(String)

    // MARK: Grading (`openmarket test`)
    /// `(11 requests, 1.7 s)` after a graded file.
    case testRan(requests: Int, seconds: String)
    case testSummary(passed: Int, failed: Int, seconds: String)
    /// `openmarket test`: a file that ran past its budget (`--time-limit`).
    case testTimeLimit(seconds: Int)
    /// `openmarket test`: the file Ctrl-C (or SIGTERM, SIGHUP) stopped.
    case testInterrupted
    /// `openmarket test`: the summary after Ctrl-C, with the files never started.
    case testSummaryInterrupted(passed: Int, failed: Int, notGraded: Int, seconds: String)
    /// Why a file has no result in a report: Ctrl-C stopped the grading before it.
    case testNotGraded

    // MARK: Patch, profiles, search, variables, recording
    case patchNothingToChange(example: String)
    case cannotBeRead(id: Int)
    case patchQuestion(change: String, count: Int, products: String)
    case mixedCurrencies(String)
    case etagMoved(id: Int, etag: String)
    case whichProfileToRemove
    case profilesUsage(String)
    case removedProfile(name: String, folder: String)
    case profileUnreadable(String)
    case noSavedProfiles
    case profileColumn(ProfileColumn)
    case searchForWhat

    // MARK: Scripts and variables

    // MARK: Exchanges and changes
    case asTakes
    case notAnExchangeNumber(String)
    case wireOrAs
    case cannotWriteAs(number: Int, form: String, reason: String)
    case noExchangeSendFirst
    case exchangeForgotten(number: Int, capacity: Int, budget: Int, oldest: Int?)
    case exchangeNotYet(number: Int, last: Int)
    case noChangeLog
    case changesNeedLogin
    case noChangesKept
    case changeColumn(ChangeColumn)
    /// `100 changes (98 registered, 2 edited)`: an import's changes in one row.
    case changeCount(count: Int, tally: String)
    case changeTally(count: Int, kind: ChangeTally)
    case undone(partly: Bool)
    case earlierNotShown(Int)
    case notAChangeNumber(word: String, command: String)

    // MARK: The prompt and edit
    /// At the prompt on a server without a login.
    case notLoggedInTo(server: String, profiles: [String])
    /// The comment lines at the top of the file `edit` opens.
    case editHeader(id: Int)
    /// After a clash (412): send the fields nobody else changed to the current version?
    case sendUnclashedFields(count: Int, fields: String)

    // MARK: Login
    case askIdentifier
    case giveIdentifier
    case notAnIdentifier(String)
    case vendorNumber(Int)
    case loggedInAs(who: String, verdict: String)
    case savedAsProfile(String)
    case loginRefused(String)
    case loginThrottled(String)
    case cannotVerifyLogin(answered: String?)
    case checkedWithServer
    case vendorIDUnknown(environment: String)
    case profileExists(name: String, what: String)
    case overwriteProfile(name: String, what: String)
    case keptProfile(String)
    case noServer
    case askSecret(String)
    case noSecretGiven

    // MARK: Undo and redo
    case nothingToReverseNoLog(undo: Bool)
    case reverseNeedsLogin
    case reverseDryRun(undo: Bool, number: Int, label: String)
    case dryRunNothingSent
    case reverseCancelled(undo: Bool)
    case nothingKept(undo: Bool)
    case everythingUndone
    case nothingUndone
    case noSuchChange(Int)
    /// `undo 12` of the second row of import 11: undone only with the whole import.
    case partOfBatch(undo: Bool, number: Int, unit: Int, count: Int, label: String)
    /// `undo 12` of a row of import 11, undone already (`redo 12`: not undone).
    case partOfBatchAlready(undo: Bool, number: Int, unit: Int, count: Int, label: String)
    case undoneAlready(Int)
    case notUndone(Int)
    case reverseDeletesNeedYes(undo: Bool, number: Int, deletes: Int)
    case typeCountToReverse(undo: Bool, count: Int)
    /// `undo 7: #3 Mug: price ₩3,200 → ₩3,500?`: one change, its plan.
    case reverseOneQuestion(undo: Bool, number: Int, plan: String)
    case backAs(name: String, new: Int, old: Int)
    case reversed(undo: Bool, number: Int, what: String)
    case reversedSome(undo: Bool, number: Int, label: String, done: Int, total: Int)

    // MARK: Photos and the storefront
    /// A grid card's stock line.
    case stockCount(Int)
    case photoOf(index: Int, total: Int)
    case photosDrawnForFirst(drawn: Int, total: Int)
    case photosOutOfTime(missing: Int, seconds: Int)
    case photosAreOff
    case openedInBrowser
    case noStorefront(String)

    // MARK: The vendor id
    case vendorIDNeeded(what: String, environment: String, otherwise: String?)
    case notAVendorID(source: String, got: String)
    case theVendorID
    case askVendorID
    /// A vendor id typed at the question that is not one: the problem, and that it is asked again.
    case askVendorIDAgain(String)
    /// The third answer that was not a vendor id: the command goes on as without an answer.
    case goingOnWithoutVendorID(String)
    case usingSavedProfile(name: String, identifier: String)
    case loggedOutOtherServer(String)
    /// Back on a server this session had a login on: that login again (`vendor` as the prompt
    /// names it).
    case loggedInAgain(vendor: String, server: String)

    // MARK: Edit and the editor
    /// The editor could not be started (the system's reason).
    case editorDidNotStart(editor: String, reason: String)
    case editorLost(editor: String)
    case editorNotFound(editor: String)
    case editorExited(editor: String, status: Int32)
    case editorSignalled(editor: String, signal: Int32)
    /// What went wrong with the editor, and that the edit was not sent.
    case editorFailedNothingSent(String)
    case editNeedsTerminal(id: Int)
    /// A script's `edit`, said by the whole-script check where there is no terminal.
    case editNeedsTerminalUnattended
    /// The saved document still breaks a rule (the first problem) and was saved as it was.
    case editStillUnreadable(problem: String)
    case editTemporaryFile(folder: String)
    case editCannotWrite(path: String, reason: String)
    case editorLeftNoFile(path: String)
    case editNotUTF8
    /// A 412 after an edit: the heading of the fields both changed.
    case editConflict(id: Int, path: String)
    /// A field both changed: what the person wrote, what it is now.
    case editClash(field: String, yours: String, theirs: String)
    case editAllClashed(id: Int, path: String)
    case editNothingSent(path: String)
    /// After a 412: the fields sent; `left` those left as the other change made them.
    case editSent(fields: String, left: String?, path: String)
    case editChangedAgain(id: Int, path: String)

    // MARK: Raw requests' items, lists, exchanges' files
    /// An empty line given as a command.
    case noCommand
    /// What is wrong with one item of a raw request (a refused or unreadable file).
    case itemProblem(item: String, problem: String)
    case paramsIsWholePart(item: String)
    case secretIsInsideParams(item: String)
    case sessionHasNoSecret(item: String)
    case notJSONAfterColonEquals(item: String)
    case itemNotUTF8(item: String, path: String)
    case asNamesOneProduct
    case lastTakesACount(got: String)
    case takesAFileToWrite(flag: String)
    case lowStockTakes(got: String)
    case currencyTakes(got: String)
    case csvNotWritten(reason: String)
    case jsonNotWritten(reason: String?)
    case sortTakes(keys: String, got: String)
    /// Another vendor's product: `owner` is its vendor (`tumbler-shop #2`); `consequence`
    /// what did not happen (``nothingDeleted``, ``editorNotOpened``), in the same language.
    case notYours(id: Int, name: String, owner: String, consequence: String)
    case severalNotYours(products: String, count: Int)
    case nothingDeleted
    case editorNotOpened
    case editLeftUnchanged(id: Int)

    // MARK: Words typed, list filters, the won
    /// `'abc` with no closing quote (the quote character).
    case unterminatedQuote(String)
    case danglingEscape
    case nulCharacter
    case invalidBytes(String)
    case unclosedReference
    case emptyReference
    case unknownListField(field: String, known: String)
    /// A filter of `list`, in its summary: `stock ≤ 5`.
    case stockAtMost(Int)
    /// `sorted by -price`.
    case sortedBy(String)
    /// A KRW amount with a fraction: sent as it is, most likely a slip.
    case wonHasNoMinorUnit(field: String, amount: String, sent: Bool)
    case undoWithoutPhotos(problem: String)

    // MARK: An exchange as a command (`exchange N --as curl|httpie|raw`)
    case oneStdinPart(tool: String)
    case bodyWasCut(total: Int, kept: Int)
    case bodyIsBinary(bytes: Int)
    /// A multipart part not read from a file (`name` the file's or the part's name, when known).
    case partFromNoFile(number: Int, name: String?)
    case conditionalIfMatch(tag: String)
    case conditionalIfNoneMatch(tag: String)
    case shrunkPhoto(path: String, from: String, to: String)
    case requestHasNoHost
    case httpsNotRaw
    case rawExportHeading(number: Int)
    /// The secret left masked: `$OPENMARKET_SECRET` belongs to `home` (nil: no server), not to `server`.
    case secretStaysMasked(home: String?, server: String)

    // MARK: The exchange log
    /// Why an exchange has no answer (what the transport said).
    case transportCannotConnect(String)
    case transportTimedOut
    case transportConnectionLost(String)
    case transportNotHTTP(String)
    case transportNotSent(String)
    /// `exchange N` while its answer has not come yet.
    case waitingForAnswer
    /// A body longer than the log keeps: its size and what was kept (grouped: `3,000,000`).
    case bodyCut(total: String, kept: String)
    /// A body not shown as text: `‹23,144 bytes of image/jpeg›` (`type` nil: binary data).
    case bytesOf(count: String, type: String?)

    // MARK: Photos drawn on a terminal
    /// `3: photo not drawn: …` (`label` names the photo).
    case photoNotDrawn(label: String, why: String)
    case photoTooSlow(address: String, seconds: Int64)
    case photoCannotBeDrawn(style: String)
    case notModifiedToPlainRequest

    // MARK: The document `edit` opens
    /// A problem of the saved document, on its line.
    case documentLine(line: Int, problem: String)
    /// The values a field takes (`KRW or USD`).
    case eitherOf([String])
    case documentNoImages
    case documentImageIDs(String)
    case documentDescriptionBelow
    case documentDescriptionIndented
    case documentGivenTwice(field: String)
    case documentExpectedField(known: String)

    // MARK: More words than a command takes
    case clearTakesNothing
    case exitTakesAStatus
    case searchTakesOneText
    /// `login ID SECRET`: refused without repeating what was typed.
    case secretNeverTyped

    /// The words of a table's header or a detail view's labels.
    public enum Heading: Sendable, Hashable, CaseIterable {
        case id, name, price, discount, final, stock, vendor, created, changed, description, thumbnail, image
    }

    /// A column of `profiles`.
    public enum ProfileColumn: Sendable, Equatable, CaseIterable {
        case name, server, identifier, vendor
    }

    /// A column of `changes`.
    public enum ChangeColumn: Sendable, Equatable, CaseIterable {
        case time, command, whatChanged
    }

    /// A kind of change, counted in `changes`.
    public enum ChangeTally: Sendable, Equatable, CaseIterable {
        case registered, edited, stock, deleted
    }

    /// A label of `whoami`.
    public enum WhoamiField: Sendable, Equatable, CaseIterable {
        case server, identifier, vendor, profile
    }

    /// What happened to a product.
    public enum Verb: Sendable, Equatable, CaseIterable {
        case registered, updated, changed, deleted
    }

}
