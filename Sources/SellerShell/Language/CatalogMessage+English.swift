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
        case .photosIgnored(let count, let rows):
            "\(count) row\(count == 1 ? "" : "s") of existing products give other photos (rows \(rows)): "
                + "photos cannot be changed after creation (ignored)"
        case .skippedNote: "(rows with problems, --continue-on-error)"
        case .restartMade(let count, let again):
            "(--restart: the unfinished import made \(count) row\(count == 1 ? "" : "s"); "
                + (again == 0
                    ? "none is registered again)"
                    : "\(again) would be registered again, as new products beside the ones it made:)")
        case .rowExists(let row, let id): "row \(row): #\(id) exists"
        case .doneBefore(let count): "(\(count) row\(count == 1 ? "" : "s") done before the interruption)"
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
        }
    }
}
