import OpenMarketContract

/// The checks of a catalog as a whole (ids and names across rows); field rules are the engine's.
public enum CatalogCheck {
    /// Problems of the file as a whole, each at its row and column, all of them: an `id` that is
    /// not a whole number from 1 to ProductRules.maxProductID; the same id on two rows (the
    /// later row's problem names the earlier row); two new rows without an id with the same name
    /// (names the earlier row; the message says new rows need distinct names so an interrupted
    /// import can tell them apart; with `newIDs` same names are accepted); a row without a name.
    /// With `newIDs` the id column is ignored entirely. A large file's rows were checked as it
    /// was first read (`CatalogReader`), row by row: the findings are that reading's.
    public static func problems(in contents: CatalogContents, newIDs: Bool) -> [CatalogProblem] {
        let findings: Findings
        if let checked = contents.rows.checked {
            findings = checked
        } else {
            var tally = Tally(file: contents.path)
            for row in contents.rows { tally.add(row) }
            findings = tally.findings
        }
        return (newIDs ? findings.newIDs : findings.keepingIDs).map { problem in
            var named = problem
            named.file = contents.path
            return named
        }
    }

    /// What the checks found, both ways of reading the id column: as ids, and ignored
    /// (`--new-ids`).
    struct Findings: Sendable, Equatable {
        var keepingIDs: [CatalogProblem] = []
        var newIDs: [CatalogProblem] = []
    }

    /// The checks made a row at a time, as the rows come: what is kept across rows is the row
    /// of each id and of each new row's name.
    struct Tally {
        let file: String
        private(set) var findings = Findings()
        private var rowOfID: [Int: Int] = [:]
        private var rowOfNewName: [String: Int] = [:]

        init(file: String) { self.file = file }

        mutating func add(_ row: CatalogRow) {
            // An action, a revision or a formula no import can use (`CatalogRow.cellProblems`).
            let cells = row.cellProblems(file: file)
            findings.keepingIDs += cells
            findings.newIDs += cells
            let idText = row[.id]
            if let idText {
                if let id = productID(idText) {
                    if let earlier = rowOfID[id] {
                        findings.keepingIDs.append(
                            CatalogProblem(file: file, row: row.number, column: "id", .idOnTwoRows(id: id, earlier: earlier)))
                    } else {
                        rowOfID[id] = row.number
                    }
                } else {
                    findings.keepingIDs.append(
                        CatalogProblem(
                            file: file, row: row.number, column: "id", .notAnID(idText, max: ProductRules.maxProductID)))
                }
            }
            guard let name = row[.name] else {
                let problem = CatalogProblem(file: file, row: row.number, column: "name", .noName)
                // A row naming its product by id needs no name (an `id,stock` sheet); a new one does.
                if idText.flatMap(productID) == nil { findings.keepingIDs.append(problem) }
                findings.newIDs.append(problem)
                return
            }
            // `--new-ids` moves a catalog, and a market may hold two products of one name: they
            // are registered both (a resume tells their creates apart by the journal's order).
            guard idText == nil else { return }
            if let earlier = rowOfNewName[name] {
                findings.keepingIDs.append(
                    CatalogProblem(file: file, row: row.number, column: "name", .sameNameAsRow(earlier)))
            } else {
                rowOfNewName[name] = row.number
            }
        }
    }

    /// `text` as a product id: ASCII digits only, 1...maxProductID.
    static func productID(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int(text),
            (1...ProductRules.maxProductID).contains(id)
        else { return nil }
        return id
    }
}
