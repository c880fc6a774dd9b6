/// The English catalog of ``CatalogMessage`` (the fallback for other locales too).
extension CatalogMessage {
    public var english: String {
        switch self {
        case .planTitle(let file): "\(file): the plan"
        case .andMore(let count): "… and \(count) more"
        case .pruneRefused(let file, let deleting, let yours):
            "\(file): --prune would delete \(deleting == yours ? "all \(yours)" : "\(deleting) of your \(yours)") products "
                + "(the file names \(yours - deleting) of them); nothing was sent: add --prune-all if that is what you mean"
        case .duplicatesRefused(let file, let count, let row, let yours, let more):
            "\(file): \(count) row\(count == 1 ? "" : "s") would register a product whose name you already have "
                + "(row \(row): your #\(yours)\(more ? ", …" : "")); nothing was sent: "
                + "add --allow-duplicates to register them anyway, or give them their ids (or leave out --match id) to update them"
        case .planLabel(let label): label.english
        case .matchedNote: "(rows without an id, by name; --match id turns this off)"
        case .matchedRow(let row, let name, let id): "row \(row) \(name) → your #\(id) (matched by name)"
        case .rowNamed(let row, let name): "row \(row) \(name)"
        case .withNameYouHave(let count, let allowed):
            "\(count) with a name you already have "
                + (allowed ? "(--allow-duplicates: registered as new products)" : "(refused without --allow-duplicates)")
        case .youHave(let row, let name, let yours): "row \(row) \(name): you have \(yours)"
        case .rowLine(let row, let text): "row \(row): \(text)"
        case .deleteNote: "(--prune: yours, not in the file)"
        case .pruneShare(let all, let yours, let allowed):
            "that is " + (all ? "every product of yours" : "more than half of your \(yours) products") + ": "
                + (allowed ? "allowed by --prune-all" : "refused without --prune-all")
        case .skippedNote: "(rows with problems, --continue-on-error)"
        case .restartMade(let count, let again):
            "(--restart: the unfinished import made \(count) row\(count == 1 ? "" : "s"); "
                + (again == 0
                    ? "none is registered again)"
                    : "\(again) would be registered again, as new products beside the ones it made:)")
        case .rowExists(let row, let id): "row \(row): #\(id) exists"
        case .doneBefore(let count): "(\(count) row\(count == 1 ? "" : "s") done before the interruption)"
        case .stockMoveUnknown(let count):
            "(stock left as it is in \(Self.count(count, "row")): an earlier import of this file was stopped while it "
                + "changed the stock, and the product has changed since, so whether that change was made cannot be told; "
                + "check \(count == 1 ? "it" : "them") and set a wrong one with `stock ID =N`. From this import on, "
                + "the sheet's stock counts as done:)"
        case .stockMoveUnknownRow(let id, let stock, let sent): "#\(id) stock \(stock) (the change was to \(sent))"
        case .noRevision(let count):
            "(\(Self.count(count, "row")) without a revision column (export writes it): "
                + "which side changed cannot be told, so \(count == 1 ? "it is" : "they are") compared with the market now)"
        case .emptyRevision(let count):
            "(\(Self.count(count, "row")) of your products without a revision of \(count == 1 ? "its" : "their") own, "
                + "added, pasted or copied after the export: "
                + "which side changed cannot be told, so \(count == 1 ? "it is" : "they are") compared with the market now)"
        case .keptNote(let rows):
            "(changed on the market since the export, in \(Self.count(rows, "row")) counted above: kept, not sent back)"
        case .marketChanged(let id, let changes): "#\(id) \(changes) on the market"
        case .conflictNote(let prefer, let rows):
            switch prefer {
            case nil:
                "(changed on both sides, in \(Self.count(rows, "row")) counted above: not sent without --prefer sheet|market "
                    + "or a row's action)"
            case .sheet?:
                "(changed on both sides, in \(Self.count(rows, "row")) counted above: --prefer sheet sends the sheet's value)"
            case .market?:
                "(changed on both sides, in \(Self.count(rows, "row")) counted above: --prefer market keeps the market's value)"
            }
        case .conflictRow(let id, let field, let sheet, let market, let base):
            "#\(id) \(field): sheet '\(sheet)', market '\(market)' (was '\(base)')"
        case .stockMoves(let from, let to, let by): "stock \(from) → \(to) (\(by) as the sheet changed it; sales meanwhile kept)"
        case .stockBelowZero(let id, let by, let market):
            "#\(id) stock: the sheet changes it by \(by), the market has \(market): it would go below 0"
        case .actionCount(let action, let count): "\(action.rawValue) \(count)"
        case .deleteByRowNote: "(rows whose action is delete)"
        case .replaceNote: "(deleted and registered again; one undo takes both back)"
        case .renameNote: "(held back, not registered: probable renames)"
        case .probableRename(let row, let name, let id, let was):
            "row \(row) \(name) looks like your #\(id) \(was) renamed: put \(id) in its id column to rename it, "
                + "or new in its action column to register it as another product"
        case .photosDiffer(let count, let rows):
            "\(Self.count(count, "row")) of existing products \(count == 1 ? "gives" : "give") other photos than the product's "
                + "(\(count == 1 ? "row" : "rows") \(rows)): "
                + "photos cannot be changed after creation; put replace in a row's action column to register it again with them"
        case .photosUnknown(let count, let rows):
            "the photos of \(Self.count(count, "row")) could not be compared with the market's (\(count == 1 ? "row" : "rows") \(rows): "
                + "a photo file missing or unreadable, or the market's photo not read); they are not sent"

        case .whichFile(let command): "\(command) FILE: which file?"
        case .formatIs(let got): "--format is csv, jsonl or json (got '\(got)')"
        case .matchIs(let got): "--match is name or id (got '\(got)')"
        case .resumeOrRestart: "--resume continues the last import and --restart starts over: pick one"
        case .planOrDryRun: "--plan prints the plan; --dry-run also lists the requests: pick one"
        case .pruneAllNeedsPrune: "--prune-all only allows what --prune does: give --prune as well"
        case .writeIDsNeedsRun: "--write-ids writes the ids of products made; a --plan or --dry-run makes none"
        case .exportNeedsFormat(let file): "\(file): name a .csv, .jsonl or .json file, or say --format csv|jsonl|json"

        case .readWithDelimiter(let file, let delimiter): "\(file): read with '\(delimiter)' between cells"
        case .ignoringColumns(let file, let count, let names):
            "\(file): ignoring \(Self.count(count, "column")) that name no product field: \(names)"
        case .problemsInFile(let count, let file, true):
            "\(Self.count(count, "problem")) in \(file); nothing was sent (fix \(count == 1 ? "it" : "them"), or "
                + "--continue-on-error to skip \(count == 1 ? "that row" : "those rows")):"
        case .problemsInFile(let count, let file, false):
            "\(Self.count(count, "problem")) in \(file); nothing was sent (fix \(count == 1 ? "it" : "them"): "
                + "a problem reading the file is no row that --continue-on-error can skip):"
        case .vendorIDUnknownMatchID(let file, let variable):
            "\(file): your vendor id is not known, so rows without an id are not compared with your products "
                + "(--match id); 'login --vendor-id N' or \(variable)=N gives it"
        case .notLoggedInNoCompare(let file):
            "\(file): not logged in, so rows without an id are not compared with your products"
        case .productsUnreadable(let file, let error):
            "\(file): your products cannot be read (\(error)), so rows without an id are shown as new; "
                + "an import would match them to yours by name first"
        case .noneOfTheIDsIsYours(let count, let notListed):
            "none of the \(count) ids in the file is a product of yours on this market"
                + (notListed > 0 ? " (\(notListed) more not listed)" : "")
                + ": if it comes from another market, add --new-ids to register its rows as new products"

        case .dryRunNothingSent: "dry run: nothing was sent"
        case .nothingToChange(let file): "\(file): nothing to change"
        case .nothingSent(let file): "\(file): nothing sent"
        case .importCancelled: "import cancelled; nothing was sent"
        case .pruneNeedsYes(let file, let count):
            "\(file): --prune would delete \(Self.count(count, "product")): add --yes to go ahead without a terminal"
        case .actionDeletesNeedYes(let file, let count):
            "\(file): the action column would delete \(Self.count(count, "product")) (delete, replace): "
                + "add --yes to go ahead without a terminal"
        case .confirmImport(let count):
            "type \(count) to make \(count == 1 ? "this change" : "these \(count) changes") (anything else cancels): "
        case .serverBusy(let status, let wait): "the server is busy (\(status)); waiting \(wait) before trying again"
        case .noRequests: "no requests"

        case .importUnfinished(let file, let journal, let done):
            "\(file): \(journal) shows an import that did not finish (\(Self.count(done, "row")) done): "
                + "continue it with --resume, or start over with --restart"
        case .nothingToResume(let file): "\(file): nothing to resume: the last import finished (run it again without --resume)"
        case .registeredBefore(let file, let row, let id):
            "\(file):\(row): #\(id) was registered before the interruption; not sent again"
        case .madeRowsGone(let file, let count, let rows):
            "\(file): \(count == 1 ? "row" : "rows") \(rows): the interrupted import registered "
                + "\(count == 1 ? "this product" : "these \(count) products"), gone from the market since (undone or deleted); "
                + "registering \(count == 1 ? "it" : "them") again"
        case .rowChanged(let file, let row):
            "\(file):\(row): this row is not what the interrupted import sent (rows added, removed or edited?): "
                + "put it back as it was to --resume, or start over with --restart (products already made stay)"
        case .journalNotWritten(let file, let why):
            (file.map { "\($0): " } ?? "") + "the journal cannot be written" + (why.map { ": \($0)" } ?? "")
        case .wroteIDs(let file, let made, let matched):
            "\(file): wrote "
                + [made > 0 ? Self.count(made, "new id") : nil, matched > 0 ? "\(matched) matched by name" : nil]
                .compactMap { $0 }.joined(separator: " and ") + " into its id column"
        case .idsNotWritten(let file, let why): "\(file): cannot write the ids back: \(why)"
        case .reportNotWritten(let path, let why): "--report: cannot write \(path)" + (why.map { ": \($0)" } ?? "")

        case .tally(let status, let count): "\(count) \(status.english)"
        case .importTook(let file, let tallies, let milliseconds, let rate):
            "\(file): \(tallies) in "
                + (milliseconds < 1000 ? "\(milliseconds) ms" : String(format: "%.1f s", Double(milliseconds) / 1000))
                + (rate.map { ", \($0)/s" } ?? "")
        case .importLeftNothing(let file, let tallies): "\(file): \(tallies); nothing left to send"
        case .andMoreInReport(let count): "… and \(count) more (--report FILE.csv lists every row)"
        case .interruptedOnce: "interrupted: the rows in flight finished; run the same import with --resume to do the rest"
        case .interruptedTwice:
            "interrupted twice: the rows in flight were cancelled (--resume checks whether they were made); "
                + "run the same import with --resume to do the rest"
        case .stoppedUnreachable:
            "stopped: the market could not be reached, so no more rows were started; "
                + "when it is back, run the same import with --resume to do the rest"
        case .exported(let count, let file, let photos, let folder):
            "exported \(Self.count(count, "product")) to \(file)"
                + (photos.map { " and \(Self.count($0, "photo")) into \(folder ?? "")" } ?? "")
        case .imagesFolderFailed(let folder, let why): "--images: cannot make the folder \(folder): \(why)"
        case .exportPhotosRemoved(let count, let folder):
            "export: the \(Self.count(count, "photo")) it had saved in \(folder) \(count == 1 ? "was" : "were") removed, "
                + "so the export can be tried again as it was"
        case .photosOverTotal(let saved, let limit, let stoppedAt):
            "--images: the photos add up to \(saved), over \(limit), the most one export saves (stopped at #\(stoppedAt)); "
                + "export fewer products (--search) or without --images"
        case .timeLeft(let clock): "\(clock) left"
        case .rowChecked: "check"
        case .photosOf(let done, let total): "photos of \(done)/\(total) products"
        case .pagesRead(let done, let total): "pages \(done)/\(total)"
        case .tooManyPhotosListed(let id, let count, let limit):
            "#\(id): the market lists \(count) photos, more than the \(limit) a product may have; "
                + "none of its photos were saved (export without --images, or ask the market)"
        case .notAnImage(let id, let photo, let what): "#\(id): photo \(photo) is not an image (\(what))"
        case .thumbnailNotSet(let why): "registered, but its thumbnail was not set: \(why)"
        case .checkingIDs: "checking the file's ids against your products"
        case .matchingByName: "matching rows to your products by name"
        case .dryRegister(let row, let endpoint, let fields, let photos, let names):
            "row \(row): \(endpoint) multipart: \(fields) + \(Self.count(photos, "photo")) (\(names))"
        case .dryUpdate(let row, let endpoint, let changes):
            "row \(row): GET \(endpoint), then PATCH \(endpoint) (JSON, If-Match): \(changes)"
        case .dryPrune(let id, let name, let path):
            "prune: the two-step DELETE of #\(id) \(name) (POST \(path)/archived, then DELETE the URI it answers)"

        case .currencyDisagrees(let text, let currency, let given):
            "\(text) is in \(currency), but the currency column says \(given)"
        case .severalOfYoursNamed(let count, let ids):
            "\(count) of your products have this name (\(ids)): put the one you mean in the id column"
        case .nameOfYoursNamedByRow(let id, let row):
            "the name of your #\(id), which row \(row) names by its id: remove one of the rows"
        case .nameOfYoursMadeBefore(let id, let row): "the name of your #\(id), which row \(row) made in the interrupted import"
        case .requiredForNew(let rule): "required for a new product (\(rule))"
        case .noProductOfYours(let id): "no product \(id) of yours on this market"
        case .namesakeNotReplacement(let was, let namesake):
            "no product \(was) of yours on this market; your #\(namesake) has this row's name but not its values "
                + "(the replace undone?): put \(namesake) in its id column to replace that one"
        case .wonHasNoMinorUnit(let text, let amount):
            "\(text) is \(amount), and the won has no minor unit: write whole won"
        case .photoIsWebAddress(let written):
            "\(written): a web address, not a file: photos are read from files (export --images DIR saves them beside the file)"
        case .noFileMatches(let written): "\(written): no file matches"
        case .needsPhotos: "a new product needs 1 to 5 photos (paths relative to the file, ';' between)"
        case .actionNeedsProduct(let action):
            "the action \(action.rawValue) needs a product of yours: give its id, or a name you have"
        case .replacedProduct(let id): "replaces #\(id), deleted"
        case .replaceNotRegistered(let id, let why): "not replaced, #\(id) is left as it was: \(why)"
        case .replacedNotDeleted(let id, let new, let why):
            "registered #\(new), but #\(id) was not deleted (import --resume deletes it): \(why)"
        case .alreadyDeleted(let what): "\(what) is no product of yours: already deleted, nothing sent"
        case .alreadyReplaced(let was, let by): "#\(was) already replaced by your #\(by): nothing sent"
        case .preferIs(let got): "--prefer is sheet or market (got '\(got)')"
        }
    }

    /// `1 row`, `2 rows`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

extension CatalogMessage.RowStatus {
    public var english: String {
        switch self {
        case .registered: "registered"
        case .updated: "updated"
        case .unchanged: "unchanged"
        case .deleted: "deleted"
        case .failed: "failed"
        case .skipped: "skipped"
        case .notRun: "not run"
        case .doneBefore: "done before the interruption"
        }
    }
}

extension CatalogMessage.PlanLabel {
    public var english: String {
        switch self {
        case .matched: "matched"
        case .register: "register"
        case .update: "update"
        case .unchanged: "unchanged"
        case .delete: "delete"
        case .photos: "photos"
        case .skipped: "skipped"
        case .kept: "kept"
        case .conflicts: "conflicts"
        case .ignored: "ignored"
        case .replace: "replace"
        case .renamed: "renamed?"
        case .actions: "by action"
        }
    }
}
