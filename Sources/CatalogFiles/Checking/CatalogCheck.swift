import OpenMarketContract

/// The checks of a catalog as a whole (ids and names across rows); field rules are the engine's.
public enum CatalogCheck {
    /// Problems of the file as a whole, each at its row and column, all of them: an `id` that is
    /// not a whole number from 1 to ProductRules.maxProductID; the same id on two rows (the
    /// later row's problem names the earlier row); two new rows without an id with the same name
    /// (names the earlier row; the message says new rows need distinct names so an interrupted
    /// import can tell them apart; with `newIDs` same names are accepted); a row without a name.
    /// With `newIDs` the id column is ignored entirely.
    public static func problems(in contents: CatalogContents, newIDs: Bool) -> [CatalogProblem] {
        let file = contents.path
        var problems: [CatalogProblem] = []
        var rowOfID: [Int: Int] = [:]
        var rowOfNewName: [String: Int] = [:]
        for row in contents.rows {
            let idText = newIDs ? nil : row[.id]
            if let idText {
                if let id = productID(idText) {
                    if let earlier = rowOfID[id] {
                        problems.append(
                            CatalogProblem(file: file, row: row.number, column: "id", .idOnTwoRows(id: id, earlier: earlier)))
                    } else {
                        rowOfID[id] = row.number
                    }
                } else {
                    problems.append(
                        CatalogProblem(
                            file: file, row: row.number, column: "id",
                            .notAnID(idText, max: ProductRules.maxProductID)))
                }
            }
            guard let name = row[.name] else {
                problems.append(CatalogProblem(file: file, row: row.number, column: "name", .noName))
                continue
            }
            // `--new-ids` moves a catalog, and a market may hold two products of one name: they
            // are registered both (a resume tells their creates apart by the journal's order).
            guard idText == nil, !newIDs else { continue }
            if let earlier = rowOfNewName[name] {
                problems.append(
                    CatalogProblem(
                        file: file, row: row.number, column: "name",
                        .sameNameAsRow(earlier)))
            } else {
                rowOfNewName[name] = row.number
            }
        }
        return problems
    }

    /// `text` as a product id: ASCII digits only, 1...maxProductID.
    static func productID(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int(text),
            (1...ProductRules.maxProductID).contains(id)
        else { return nil }
        return id
    }
}
