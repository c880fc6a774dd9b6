/// The English catalog of ``CatalogMessage`` (the fallback for other locales too).
extension CatalogMessage {
    var english: String {
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
        }
    }
}
