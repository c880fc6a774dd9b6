import OpenMarketContract

/// The English catalog: every ``Message`` in English (the fallback for other locales too).
extension Message {
    public var english: String {
        switch self {
        case .heading(let heading): heading.english
        case .soldOut: "sold out"
        case .stockAndVerb(let stock, let verb): "stock \(stock) · \(verb.english)"
        case .noProducts: "no products"
        case .noProductsOnPage(let page): "no products on page \(page)"
        case .pageSummary(let page, let pages, let total, let next):
            "page \(page) of \(pages), \(Self.count(total, "product"))" + (next.map { " — 'list \($0)' for more" } ?? "")
        case .pastTheEnd(let page, let total, let pages, let perPage):
            "page \(page) is past the end: \(Self.count(total, "product")) fill \(Self.count(pages, "page")) of \(perPage)"
                + " — 'list \(pages)' shows the last"
        case .severalDone(let done, let total, let verb): "\(done) of \(total) \(verb.english)"

        case .cannotReach(let server, let reason):
            "cannot reach \(server) (\(reason)) — is the server running? try 'connect URL'"
        case .tryAgainOrConnect(let problem): "\(problem) — try again, or 'connect URL' to another server"
        case .mayHaveBeenMade:
            "the request was out: the market may have made the change all the same, and undo does not know of it; look (show ID, list --mine) before sending it again, or it may be made twice"
        case .cancelled: "cancelled"
        case .notLoggedIn: "not logged in — use 'login' (or 'use PROFILE') first"
        case .serverRefused(let status, let reason, let message):
            message.isEmpty
                ? "the server refused (\(status)\(reason.isEmpty ? "" : " \(reason)"))"
                : "the server refused (\(status)): \(message)"
        case .timedOut(let server, let after): "\(server) did not answer within \(after)"
        case .connectionLost(let server, let reason): "the connection to \(server) was lost (\(reason))"
        case .changedSinceRead(let message):
            "the product changed since it was read (412)" + (message.isEmpty ? "" : ": \(message)")
        case .problemsNothingSent(let count): "\(count) problems, nothing was sent:"
        case .refused401(let message):
            "the server refused (401): \(message) — check your login with 'whoami', or 'login' again"
        case .unknownCommand(let word, let guesses):
            "unknown command '\(word)'"
                + Self.englishGuesses(guesses) + " ('help' lists commands)"
        case .usage(let usage): "usage: \(usage)"
        case .noSuchCommand(let name, let guesses):
            "no command '\(name)'" + Self.englishGuesses(guesses)
        case .setNoSuchSetting(let given, let settings):
            (given.map { "'\($0)' is no setting; " } ?? "set what? ") + "the settings: \(settings.joined(separator: ", "))"
        case .setValueNotOneOf(let setting, let given, let values):
            "\(setting) takes one of \(values.joined(separator: ", "))" + (given.map { ", not '\($0)'" } ?? "")

        case .helpCommandsHeading: "commands:"
        case .helpFooter:
            "'help COMMAND' shows usage and examples. Quotes and backslashes work as in a shell.\n"
                + "End a command with 'as NAME' to name its product; then $NAME is its id and ${NAME.price} a field."
        case .helpUsage(let usage): "usage: \(usage)"
        case .helpOptionsHeading: "options:"
        case .helpAliases(let aliases): "aliases: \(aliases)"
        case .helpExamplesHeading: "examples:"

        case .stepPrompt(let index, let total): "[\(index)/\(total)] Enter: send · s: skip · c: continue · q: quit"
        case .stepClosing(let name, let requests, let checks, let skipped):
            "\(name): \(Self.count(requests, "request")), "
                + (checks == 0 ? "no checks" : "\(Self.count(checks, "check")) passed")
                + (skipped == 0 ? "" : ", \(Self.count(skipped, "line")) skipped")
        case .stepStopped(let name, let line, let sent, let skipped, let notReached):
            "\(name): stopped at line \(line): \(sent) sent, \(skipped) skipped, \(notReached) not reached"
        case .stepNeedsTerminal(let file): "--step waits for a person at a terminal; running \(file) straight through"

        case .noAnswer(let why): "no answer (\(why))"
        case .byteCount(let bytes): ByteCountText.format(bytes)
        case .dryRunMark: "(dry run: not sent, the answer made up)"
        case .exchangeHeading(let number): "exchange #\(number)"
        case .sentBy(let command): "sent by `\(command)`"
        case .notebookTitle: "# HTTP lab notebook"
        case .notebookInfo(let server, let written, let count):
            "Server: \(server) · written \(written) · \(Self.count(count, "exchange"))"
        case .notebookSentBy(let command): "Sent by \(command)"
        case .notebookRequest: "Request:"
        case .notebookAnswer: "Answer:"

        case .localMarketAt(let url, let vendor): "local market at \(url) (logged in as \(vendor))"
        case .localMarketData(let path): "its data: \(path)"
        case .localMarketStorefront(let url): "its storefront, as buyers see it: \(url)"

        case .whoamiField(let field): field.english
        case .vendorNotKnownYet: "(not known yet: learned at login, or from your first register)"
        case .vendorNotLoggedIn: "not logged in ('login' or 'use PROFILE')"
        case .healthAnswers(let server, let answer, let ms): "\(server) answers \(answer) (\(ms) ms)"
        case .notAnHTTPURL(let text): "'\(text)' is not an http(s) URL"
        case .portOutOfRange(let text, let port): "'\(text)' names port \(port), which does not exist: a port is from 1 to 65535"
        case .connectWhichURL: "connect to which URL?"
        case .connected(let url): "connected to \(url)"
        case .switchedNotAnswering(let url, let problem):
            "switched to \(url), but it does not answer yet (\(problem)); commands will try it again"
        case .switchedHealthFailed(let url, let problem): "switched to \(url), but its health check failed: \(problem)"
        case .whichProfile(let names): "which profile? (\(names.joined(separator: ", ")))"
        case .profileNamesNoServer(let name):
            "profile '\(name)' names no server, and its secret goes only to the server it belongs to: "
                + "connect there and save it again ('login --save \(name)')"
        case .usingProfile(let name, let identifier, let server): "using profile '\(name)': \(identifier)… on \(server)"
        case .loggedOut: "logged out"
        case .noScreenToClear: "clear: there is no screen to clear here (not a terminal)"
        case .exitStatusRange(let got): "exit status must be a whole number from 0 to 255 (got '\(got)')"
        case .warning(let text): "warning: \(text)"

        case .stockSayHow: "say how: +N to add, -N to remove, =N to set"
        case .notAStockChange(let text): "'\(text)' is not +N, -N or =N"
        case .stockQuestion(let change, let count, let products): "stock \(change) on \(count) products (\(products))?"
        case .changedNothing: "changed nothing"
        case .stockChangesNothing(let change): "stock \(change) changes nothing, so nothing was sent"
        case .stockKeptChanging(let seconds):
            "the product kept changing for \(seconds) s while adjusting its stock "
                + "(someone else is changing it); nothing was changed by this command, try again"
        case .stockRaced(let now, let target): "stock is now \(now), not \(target): someone else changed it at the same time"
        case .stockOverflow: "stock would overflow"
        case .cannotRemove(let inStock, let removing): "only \(inStock) in stock; cannot remove \(removing)"
        case .deleteNeedsYes(let id, let name): "deleting #\(id) \(name) needs confirmation: add --yes"
        case .deleteQuestion(let id, let name): "delete #\(id) \(name)?"
        case .kept(let id): "kept #\(id)"
        case .deleted(let id, let name): "deleted #\(id) \(name)"
        case .deleteSeveralNeedsYes(let count): "deleting \(count) products needs confirmation: add --yes"
        case .deleteAsksUnattended: "asks before deleting, and a script stops to ask only under --step in a terminal: add --yes"
        case .deleteSeveralQuestion(let count, let products): "delete \(Self.count(count, "product")) (\(products))?"
        case .keptAll(let count): "kept all \(count)"
        case .fieldRequired(let field, let rule): "\(field) is required (\(rule))"
        case .registerCancelled: "cancelled; nothing was sent"
        case .registerGaveUp(let attempts): "register cancelled after \(attempts) answers that did not fit; nothing was sent"
        case .noFileMatches(let text): "\(text): no file matches"
        case .noSuchFile(let text): "\(text): no such file"
        case .noExchangesYet: "no exchanges yet: every request the session sends is numbered here"
        case .exchangesForgotten(let oldest, let capacity, let budget):
            "(exchanges before #\(oldest) are no longer kept; the log keeps the last \(capacity), "
                + "at most \(ByteCountText.format(budget)) of them)"
        case .wroteHAR(let count, let path):
            "wrote \(Self.count(count, "exchange")) to \(path) (HAR 1.2: open it in a browser's network panel)"
        case .wroteNotebook(let count, let path): "wrote \(Self.count(count, "exchange")) to \(path) (a lab notebook)"

        case .unexpectedWord(let word): "unexpected '\(word)'"
        case .unknownOption(let option, let guesses): "unknown option \(option)" + Self.englishGuesses(guesses)
        case .programsOption(let option, let instead):
            "\(option) is the program's option, for a command run from the command line, not a command's: at the prompt, "
                + "type '\(instead)'"
        case .needsValue(let name): "\(name) needs a value"
        case .takesNoValue(let name, let given): "\(name) takes no value (not '\(given)'): write \(name) alone, or leave it out"
        case .unknownField(let key, let known, let guesses):
            "unknown field '\(key)'"
                + (guesses.isEmpty ? (known.isEmpty ? "" : " (fields: \(known))") : Self.englishGuesses(guesses))
        case .givenTwice(let key): "\(key) is given twice"
        case .whichProduct: "which product? give its id"
        case .productIDTooLarge(let shown):
            "product ids go up to 9,007,199,254,740,991 (the largest a market's JSON can carry); \(shown) cannot be one"
        case .nameWantsDollar(let name):
            "'\(name)' is not a product id; for "
                + (name == "last" ? "the product of the last command" : "a product named with 'as \(name)'") + ", write $\(name)"
        case .notAProductID(let shown): "'\(shown)' is not a product id (a whole number like 12)"
        case .productIDStartsAtOne(let shown): "product ids start at 1; \(shown) cannot be one"
        case .productIDNotASCII(let shown, let ascii):
            "'\(shown)' is written in digits a market does not read: type the id in ASCII digits, as \(ascii)"
        case .fieldWantsEquals(let field): "'\(field)' is a field, not a product id: write \(field)=VALUE"
        case .numberOutOfRange(let name, let low, let high, let got): "\(name) must be \(low) to \(high) (got '\(got)')"
        case .rawUnknownOption(let method, let option, let known):
            "\(method): unknown option \(option) (it takes \(known.dropLast().joined(separator: ", ")) and \(known.last ?? ""))"
        case .rawPathFirst(let method, let got): "\(method) takes a path first, like \(method) /api/products/3 (it is '\(got)')"
        case .notARequestItem(let word): "'\(word)' is not a request item; " + Message.requestItemGuide.english
        case .headerLineBreak(let name):
            "header \(name): header names and values cannot contain line breaks: put the value on one line"
        case .requestItemGuide:
            "items: name=value (JSON string) · price:=3500 (raw JSON) · Header:value · search_value==mug (query) · "
                + "images@photo.jpg (file; makes the body multipart) · secret=@secret (the session's secret, never typed)"
        case .rawNeedsPath(let method): "\(method) takes a path, like \(method) /api/products"
        case .rawNoBody(let method, let item): "\(method) sends no body; '\(item)' would be one (use name==value for the query)"
        case .offlineNothingSent: "(--offline: nothing was sent)"
        case .answerIs(let request, let status, let reason): "\(request): the answer is \(status) \(reason)"
        case .rawNotLoggedIn(let method):
            "\(method): not logged in, so there is no identifier to send; 'login' first, or add --no-auth"
        case .rawOtherServer(let server):
            "raw requests go to this session's market (\(server)): write the path alone, like /api/products, or 'connect URL' first"

        case .testRan(let requests, let seconds): "(\(Self.count(requests, "request")), \(seconds) s)"
        case .testSummary(let passed, let failed, let seconds): "test: \(passed) passed, \(failed) failed (\(seconds) s)"
        case .testTimeLimit(let seconds):
            "stopped after its time limit of \(seconds) s (--time-limit SECONDS gives each file more)"
        case .testInterrupted: "stopped before its end, so it was not graded to the end"
        case .testSummaryInterrupted(let passed, let failed, let notGraded, let seconds):
            "test: stopped: \(passed) passed, \(failed) failed, \(notGraded) not graded (\(seconds) s)"
        case .testNotGraded: "not graded: the grading was stopped before its script ran"

        case .patchNothingToChange(let example): "nothing to change, so nothing was sent (give fields: \(example))"
        case .cannotBeRead(let id): "#\(id): cannot be read (it is still tried)"
        case .patchQuestion(let change, let count, let products): "patch: change \(change) on \(count) products (\(products))?"
        case .mixedCurrencies(let parts):
            "these products are in different currencies (\(parts)): the same amount means a different price in each"
        case .etagMoved(let id, let etag):
            "#\(id) does not match the ETag given (\(etag)): it changed since that ETag was read, or the ETag is "
                + "not this product's; nothing was changed: read its ETag again ('GET /api/products/\(id)', then "
                + "${response.headers.etag}) and retry"
        case .whichProfileToRemove: "which profile? profiles remove NAME"
        case .profilesUsage(let typed): "'\(typed)': profiles lists them; profiles remove NAME removes one"
        case .removedProfile(let name, let folder): "removed profile '\(name)' (\(folder))"
        case .profileUnreadable(let name): "(unreadable: 'use \(name)' says why)"
        case .noSavedProfiles: "no saved profiles ('login --save NAME' saves one)"
        case .profileColumn(let column): column.english
        case .searchForWhat: "search for what? search TEXT"

        case .asTakes: "--as takes curl, httpie or raw"
        case .notAnExchangeNumber(let word): "'\(word)' is not an exchange number; 'exchanges' lists them"
        case .wireOrAs: "--wire shows the exchange; --as writes it as a command: pick one"
        case .cannotWriteAs(let number, let form, let reason): "exchange #\(number) cannot be written as \(form): \(reason)"
        case .noExchangeSendFirst: "no exchanges yet: send a request first ('list', say)"
        case .exchangeForgotten(let number, let capacity, let budget, let oldest):
            "exchange #\(number) is no longer kept (the log keeps the last \(capacity), "
                + "at most \(ByteCountText.format(budget)) of them"
                + (oldest.map { "; the oldest is #\($0))" } ?? ")")
        case .exchangeNotYet(let number, let last): "no exchange #\(number) yet; the last is #\(last)"
        case .noChangeLog: "this session keeps no change log"
        case .changesNeedLogin: "not logged in: changes are kept per server and vendor; log in to see them"
        case .noChangesKept: "no changes kept for this server and vendor"
        case .changeColumn(let column): column.english
        case .changeCount(let count, let tally): "\(Self.count(count, "change")) (\(tally))"
        case .changeTally(let count, let kind): "\(count) \(kind.english)"
        case .undone(let partly): partly ? "partly undone" : "undone"
        case .earlierNotShown(let count): "(\(count) earlier not shown)"
        case .notAChangeNumber(let word, let command):
            "'\(word)' is not a change number: '\(command) N' takes an N that 'changes' lists"

        case .notLoggedInTo(let server, let profiles):
            "not logged in to \(server): 'login' to sign in"
                + (profiles.isEmpty ? "" : ", or 'use NAME' with a saved profile (\(profiles.joined(separator: ", ")))")
        case .editHeader(let id):
            "# Editing product #\(id). Change the values below, then save and quit: only what changed is sent.\n"
                + "# Lines starting with # are ignored. An unchanged or empty file sends nothing.\n"
                + "# A value with control characters is written $'…' (\\n for a line break), as in the shell."

        case .sendUnclashedFields(let count, let fields):
            "send \(count == 1 ? "the field" : "the \(count) fields") nobody else changed (\(fields)) to the current version?"

        case .askIdentifier: "identifier: "
        case .giveIdentifier: "give the identifier: login IDENTIFIER"
        case .notAnIdentifier(let typed):
            "'\(typed)' does not look like a vendor identifier (a 36-character UUID such as 0c1b5a9e-2f3d-4e5f-8a9b-0c1d2e3f4a5b)"
        case .vendorNumber(let id): "vendor #\(id)"
        case .loggedInAs(let who, let verdict): "logged in as \(who); \(verdict)"
        case .savedAsProfile(let name): "saved as profile '\(name)' (mode 0600)"
        case .loginRefused(let message):
            "the server refused this identifier and secret (401 \(message)): check both and log in again; nothing was kept"
        case .loginThrottled(let message):
            "the server is refusing logins for this identifier for a while after wrong secrets (429 \(message)): wait, then log in again"
        case .cannotVerifyLogin(let answered):
            "this server cannot check a login without a change (it answered \(answered ?? "something unexpected")): "
                + "the secret is checked at your first change"
        case .checkedWithServer: "checked with the server"
        case .vendorIDUnknown(let environment):
            "your vendor id is not known yet (list --mine, import and export need it): "
                + "give it with 'login --vendor-id N' or \(environment)=N, or register a product"
        case .profileExists(let name, let what): "profile '\(name)' exists\(what): remove it first with 'profiles remove \(name)'"
        case .overwriteProfile(let name, let what): "profile '\(name)' exists\(what); overwrite it?"
        case .keptProfile(let name): "kept profile '\(name)'; nothing was changed"
        case .noServer: "no server"
        case .askSecret(let short): "secret for \(short)…: "
        case .noSecretGiven: "no secret given; set OPENMARKET_SECRET in scripts"

        case .nothingToReverseNoLog(let undo):
            "this session keeps no change log, so there is nothing to \(undo ? "undo" : "redo")"
        case .reverseNeedsLogin: "not logged in: changes are kept per server and vendor; log in first ('login' or 'use NAME')"
        case .reverseDryRun(let undo, let number, let label): "\(undo ? "undo" : "redo") \(number) (\(label)) would send:"
        case .dryRunNothingSent: "(--dry-run: nothing was sent)"
        case .reverseCancelled(let undo): "\(undo ? "undo" : "redo") cancelled; nothing was sent"
        case .nothingKept(let undo): "nothing to \(undo ? "undo" : "redo"): no change made on this server as this vendor is kept"
        case .everythingUndone:
            "nothing to undo: every change kept for this server and vendor is undone ('redo' makes the last one again)"
        case .nothingUndone: "nothing to redo: no change is undone ('changes' lists them)"
        case .noSuchChange(let number):
            "there is no change \(number) in the log of this server and vendor ('changes' lists them)"
        case .partOfBatch(let undo, let number, let unit, let count, let label):
            "change \(number) is one of the \(count) changes of change \(unit) (\(label)), \(undo ? "undone" : "redone") together: "
                + "'\(undo ? "undo" : "redo") \(unit)' \(undo ? "takes them all back" : "makes them all again")"
        case .partOfBatchAlready(let undo, let number, let unit, let count, let label):
            "change \(number) is one of the \(count) changes of change \(unit) (\(label)), "
                + (undo ? "undone already: 'redo \(unit)' makes them all again" : "which is not undone: there is nothing to redo")
        case .undoneAlready(let number): "change \(number) is undone already ('redo \(number)' makes it again)"
        case .notUndone(let number): "change \(number) is not undone, so there is nothing to redo"
        case .reverseDeletesNeedYes(let undo, let number, let deletes):
            "\(undo ? "undo" : "redo") \(number) deletes \(Self.count(deletes, "product")) and needs confirmation: add --yes"
        case .typeCountToReverse(let undo, let count):
            "type \(count) to \(undo ? "undo" : "redo") \(count == 1 ? "this change" : "these \(count) changes") (anything else cancels): "
        case .reverseOneQuestion(let undo, let number, let plan): "\(undo ? "undo" : "redo") \(number): \(plan)?"
        case .backAs(let name, let new, let old): "\(name) is back as #\(new) (it was #\(old))"
        case .reversed(let undo, let number, let what): "\(undo ? "undid" : "redid") \(number): \(what)"
        case .reversedSome(let undo, let number, let label, let done, let total):
            "\(undo ? "undid" : "redid") \(number) (\(label)): \(done) of \(total)"

        case .stockCount(let stock): "stock \(stock)"
        case .photoOf(let index, let total): "photo \(index) of \(total)"
        case .photosDrawnForFirst(let drawn, let total): "photos drawn for the first \(drawn) of \(total) only"
        case .photosOutOfTime(let missing, let seconds):
            "\(missing) photo\(missing == 1 ? "" : "s") not drawn: the photos of one command may take \(seconds) s in all; "
                + "their cards are shown without them"
        case .photosAreOff: "photos are off ('set photos auto' draws them)"
        case .openedInBrowser: "opened in the browser"
        case .noStorefront(let server):
            "\(server) has no storefront (GET /products/ID is not a web page); "
                + "the bundled local market has one: start the shell without --server"

        case .vendorIDNeeded(let what, let environment, let otherwise):
            "\(what) needs your vendor id on this market, which is not known yet (nothing was sent): "
                + "give it once with 'login --vendor-id N' (kept in the profile) or set \(environment)=N"
                + (otherwise.map { ", or use \($0)" } ?? "")
        case .notAVendorID(let source, let got):
            "\(source) must be your vendor id on this market, a whole number such as 15 (got '\(got)')"
        case .theVendorID: "the vendor id"
        case .askVendorID: "your vendor id on this market? "
        case .askVendorIDAgain(let problem): "\(problem); type it again, or press Enter to go on without it"
        case .goingOnWithoutVendorID(let problem): "\(problem); going on without the vendor id"
        case .usingSavedProfile(let name, let identifier): "using profile '\(name)', saved for this server (\(identifier)…)"
        case .loggedOutOtherServer(let previous):
            "logged out: that login was for \(previous) — 'login' or 'use PROFILE' for this server"
        case .loggedInAgain(let vendor, let server): "logged in again as \(vendor), this session's login on \(server)"
        case .editorDidNotStart(let editor, let reason): "could not start the editor '\(editor)': \(reason)"
        case .editorLost(let editor): "lost track of the editor '\(editor)'"
        case .editorNotFound(let editor):
            "the editor '\(editor)' was not found: set VISUAL or EDITOR to your editor (EDITOR=nano)"
        case .editorExited(let editor, let status): "the editor '\(editor)' exited with status \(status)"
        case .editorSignalled(let editor, let signal): "the editor '\(editor)' was stopped by signal \(signal)"
        case .editorFailedNothingSent(let why): "\(why), so nothing was sent"
        case .editNeedsTerminal(let id):
            "needs a terminal to open an editor: use 'patch \(id) field=value …' instead (patch \(id) price=3000)"
        case .editNeedsTerminalUnattended:
            "needs a terminal to open an editor, which a script has only under --step in one: use 'patch ID field=value …' instead"
        case .editStillUnreadable(let problem):
            "the document still does not read (\(problem)) and was saved unchanged, so nothing was sent"
        case .editTemporaryFile(let folder): "cannot create a temporary file in \(folder): check TMPDIR"
        case .editCannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .editorLeftNoFile(let path): "the editor left no file at \(path), so nothing was sent"
        case .editNotUTF8: "the saved file is not UTF-8 text: save it as UTF-8 (nothing was sent)"
        case .editConflict(let id, let path):
            "#\(id) was changed by someone else after you opened it (412); your edited file is kept: \(path)"
        case .editClash(let field, let yours, let theirs): "\(field): you wrote '\(yours)'; it is now '\(theirs)'"
        case .editAllClashed(let id, let path):
            "every field you changed was also changed by someone else, so nothing was sent: "
                + "run 'edit \(id)' again (your edits are in \(path))"
        case .editNothingSent(let path): "nothing was sent; your edits are in \(path)"
        case .editSent(let fields, let left, let path):
            left.map { "sent \(fields); left \($0) as the other change made it (your edits are in \(path))" }
                ?? "sent \(fields); nothing else had changed"
        case .editChangedAgain(let id, let path):
            "#\(id) changed again while you answered (412), so nothing was sent: your edits are in \(path)"
        case .noCommand: "no command"
        case .itemProblem(let item, let problem): "\(item): \(problem)"
        case .paramsIsWholePart(let item):
            "\(item): with a file item, params is the whole params part: put the other fields inside it, "
                + "or leave params out and give each field as name=value"
        case .secretIsInsideParams(let item):
            "\(item): the secret is a field inside params, not the whole part: write secret=@secret"
        case .sessionHasNoSecret(let item): "\(item): this session has no secret; 'login' first"
        case .notJSONAfterColonEquals(let item):
            "\(item): the value after := must be JSON (a number, true, null, \"text\", [..] or {..})"
        case .itemNotUTF8(let item, let path): "\(item): cannot read \(path) as UTF-8 text"
        case .asNamesOneProduct: "as NAME names one product; give one id"
        case .lastTakesACount(let got): "--last takes a number of exchanges from 1 (it is \(got))"
        case .takesAFileToWrite(let flag): "\(flag) takes a file to write"
        case .lowStockTakes(let got): "--low-stock takes a whole number from 0 (got '\(got)')"
        case .currencyTakes(let got): "--currency takes KRW or USD (got '\(got)')"
        case .csvNotWritten(let reason): "the products could not be written as CSV: \(reason)"
        case .jsonNotWritten(let reason): "a product could not be written as JSON" + (reason.map { ": \($0)" } ?? "")
        case .sortTakes(let keys, let got): "--sort takes \(keys), with a leading - for largest first (got '\(got)')"
        case .notYours(let id, let name, let owner, let consequence):
            "#\(id) \(name) is not yours (it belongs to \(owner)); \(consequence)"
        case .severalNotYours(let products, let count): "\(products) \(count == 1 ? "is" : "are") not yours; nothing was deleted"
        case .nothingDeleted: "nothing was deleted"
        case .editorNotOpened: "the editor was not opened"
        case .editLeftUnchanged(let id): "edit \(id): the file was left unchanged or emptied, so nothing was sent"
        case .unterminatedQuote(let quote): "unterminated \(quote)…\(quote) quote: close it, or escape it with \\"
        case .danglingEscape: "the line ends with a lone \\: add the character it should escape"
        case .nulCharacter: "the line holds a NUL character (\\0), which no text field can hold: remove it"
        case .invalidBytes(let escapes): "$'…' bytes \(escapes) are not UTF-8 text: write the character itself, or \\uHHHH"
        case .unclosedReference: "'${' is not closed with '}'"
        case .emptyReference: "'${}' names no variable"
        case .unknownListField(let field, let known): "unknown field '\(field)' for --fields (fields: \(known))"
        case .stockAtMost(let count): "stock ≤ \(count)"
        case .sortedBy(let key): "sorted by \(key)"
        case .wonHasNoMinorUnit(let field, let amount, let sent):
            "the won has no minor unit; \(field) \(amount) \(sent ? "was" : "will be") stored as sent"
        case .undoWithoutPhotos(let problem): "\(problem); 'undo' cannot bring the product back without its photos"
        case .oneStdinPart(let tool): "\(tool) can read only one part from standard input"
        case .bodyWasCut(let total, let kept): "the body was \(total) bytes and the log kept only the first \(kept)"
        case .bodyIsBinary(let bytes): "the body is \(bytes) bytes of binary data, which a command line cannot carry"
        case .partFromNoFile(let number, let name): "part \(number)\(name.map { " (\($0))" } ?? "") came from no file on disk"
        case .conditionalIfMatch(let tag):
            "a conditional request (If-Match: \(tag)): it answers 412 Precondition Failed once the product has changed "
                + "since; show the product again for its new ETag"
        case .conditionalIfNoneMatch(let tag):
            "a conditional request (If-None-Match: \(tag)): it answers 304 Not Modified while the product is unchanged"
        case .shrunkPhoto(let path, let from, let to):
            "the shell shrank \(path) from \(from) to \(to) bytes before sending it; this command sends the file as it is "
                + "on disk, which the market may refuse (over 300 KiB)"
        case .requestHasNoHost: "the request has no host"
        case .httpsNotRaw: "an https request cannot be typed raw (TLS); use --as curl"
        case .rawExportHeading(let number): "exchange #\(number) as it went on the wire; bash sends it and prints the answer"
        case .secretStaysMasked(let home, let server):
            "the secret stays •••••• here: $OPENMARKET_SECRET belongs to \(home ?? "no server in this session"), "
                + "not to \(server); put this server's secret in its place"
        case .transportCannotConnect(let reason): "cannot connect: \(reason)"
        case .transportTimedOut: "no answer in time"
        case .transportConnectionLost(let reason): "connection lost: \(reason)"
        case .transportNotHTTP(let reason): "not an HTTP answer: \(reason)"
        case .transportNotSent(let reason): "not sent: \(reason)"
        case .waitingForAnswer: "(waiting for the answer)"
        case .bodyCut(let total, let kept): "… (\(total) bytes in all; the log keeps the first \(kept))"
        case .bytesOf(let count, let type): "‹\(count) bytes of \(type ?? "binary data")›"
        case .photoNotDrawn(let label, let why): "\(label): photo not drawn: \(why)"
        case .photoTooSlow(let address, let seconds):
            "the image at \(address) did not arrive within \(seconds) s; stopped reading it"
        case .photoCannotBeDrawn(let style): "it could not be drawn as \(style)"
        case .notModifiedToPlainRequest: "the server answered 304 Not Modified to a plain request"
        case .documentLine(let line, let problem): "line \(line): \(problem)"
        case .eitherOf(let values): values.joined(separator: " or ")
        case .documentNoImages: "this product has no images"
        case .documentImageIDs(let ids): "one of this product's image ids: \(ids)"
        case .documentDescriptionBelow: "every line below, indented by two spaces"
        case .documentDescriptionIndented: "description lines are indented by two spaces, and it is the last field"
        case .documentGivenTwice(let field): "\(field) is given twice: keep one"
        case .documentExpectedField(let known): "expected 'field: value' (fields: \(known)), or a comment starting with #"
        case .clearTakesNothing: "clear takes nothing"
        case .exitTakesAStatus: "exit takes at most a status: exit N (0 to 255)"
        case .searchTakesOneText: "search takes one TEXT and a page: quote words that go together (search 'milk bottle')"
        case .secretNeverTyped:
            "the secret is never typed on the command line (it would stay in the history and in 'ps'): "
                + "type 'login IDENTIFIER' and enter it when asked, or set OPENMARKET_SECRET; what you typed was not kept"
        }
    }

    /// `1 product`, `3 products`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `; did you mean 'list' or 'lint'?` after an unknown name; nothing without guesses.
    static func englishGuesses(_ guesses: [String]) -> String {
        guesses.isEmpty ? "" : "; did you mean \(guesses.map { "'\($0)'" }.joined(separator: " or "))?"
    }
}

extension Message.Heading {
    public var english: String {
        switch self {
        case .id: "id"
        case .name: "name"
        case .price: "price"
        case .discount: "discount"
        case .final: "final"
        case .stock: "stock"
        case .vendor: "vendor"
        case .created: "created"
        case .changed: "changed"
        case .description: "description"
        case .thumbnail: "thumbnail"
        case .image: "image"
        }
    }
}

extension Message.Verb {
    public var english: String {
        switch self {
        case .registered: "registered"
        case .updated: "updated"
        case .changed: "changed"
        case .deleted: "deleted"
        }
    }
}

extension Message.WhoamiField {
    public var english: String {
        switch self {
        case .server: "server"
        case .identifier: "identifier"
        case .vendor: "vendor"
        case .profile: "profile"
        }
    }
}

extension Message.ProfileColumn {
    public var english: String {
        switch self {
        case .name: "name"
        case .server: "server"
        case .identifier: "identifier"
        case .vendor: "vendor"
        }
    }
}

extension Message.ChangeColumn {
    public var english: String {
        switch self {
        case .time: "time"
        case .command: "command"
        case .whatChanged: "what changed"
        }
    }
}

extension Message.ChangeTally {
    public var english: String {
        switch self {
        case .registered: "registered"
        case .edited: "edited"
        case .stock: "stock"
        case .deleted: "deleted"
        }
    }
}
