/// The English catalog of ``CatalogProblemMessage`` (the fallback for other locales too).
extension CatalogProblemMessage {
    public var english: String {
        switch self {
        case .said(let text): text
        case .idOnTwoRows(let id, let earlier): "id \(id) is also on row \(earlier)"
        case .notAnID(let text, let max):
            "'\(text)' is not a product id (a whole number from 1 to \(max)); leave it empty for a new product"
        case .noName: "no name; every product needs one"
        case .sameNameAsRow(let earlier):
            "the same name as row \(earlier); new rows need distinct names so an interrupted import can tell them apart"
        case .cellsButColumns(let cells, let columns):
            "\(cells) cells but the header names \(columns) columns; quote cells that hold a comma"
        case .notAnAction(let text):
            "'\(Self.shortened(text))' is not an action: use new, update, merge, delete, ignore or replace "
                + "(or their Korean names); an empty cell is merge"
        case .revisionUnreadable:
            "not a revision as export writes it (changed or cut short): empty the cell to compare with the market "
                + "as it is now, or export again for new revisions"
        case .revisionFromNewer(let version):
            "a revision written by a newer openmarket (\(Self.shortened(version))): update openmarket, or empty the cell "
                + "to compare with the market as it is now"
        case .formulaCell(let text):
            "'\(Self.shortened(text))' is a formula saved as its text, not a number: save the sheet as values. "
                + "In Excel, copy the cells and Paste Special › Values (a cell formatted as Text keeps a formula as "
                + "text: make it General first), then Save As 'CSV UTF-8'; in LibreOffice Calc, Save As › Text CSV "
                + "with 'Save cell formulas instead of calculated values' unticked"
        case .unknownColumn(let name, let meant, let columns):
            "unknown column '\(name)': did you mean '\(meant)'? The columns are \(columns.joined(separator: ", "))"
        case .columnTwice(let name, let first, let second):
            "column '\(name)' is given twice (columns \(first) and \(second)); keep one"
        case .sameColumn(let one, let other): "'\(one)' and '\(other)' are the same column; keep one"
        case .notAJSONObject(let line):
            "this \(line ? "line" : "element") is not a JSON object ({\"name\": …, \"price\": …})"
        case .boolIsNoValue: "true/false is not a value here; write text or a number"
        case .objectForText: "an object where text is expected"
        case .listForText: "a list where text is expected"
        case .imagesAreTexts: "images must be a list of texts (paths or URLs)"
        case .notAJSONArray: "not a JSON array of products ([{\"name\": …}, …]); a .jsonl file has one object a line"
        case .saveAsUTF8: "neither UTF-8 nor CP949 text; in Excel use Save As › 'CSV UTF-8 (Comma delimited) (*.csv)'"
        case .jsonNotUTF8: "not UTF-8 text (JSON files are UTF-8)"
        case .readAsCP949: "read as CP949 (Korean Excel's encoding)"
        case .cellTooLarge(let bound):
            "a cell of more than \(bound), the most one cell may hold (a description is at most 1,000 characters); "
                + "nothing after it was read: shorten it, or close the quote that opens it"
        case .rowTooLarge(let bound):
            "a row of more than \(bound), the most one row may hold; nothing after it was read: split it, "
                + "or close the quote that opens a cell in it"
        case .nulByte:
            "a NUL byte (U+0000), which no text holds; nothing after it was read: a catalog is UTF-8 or CP949 text "
                + "(a file saved as UTF-16 is full of them: save it as 'CSV UTF-8')"
        case .unclosedQuote:
            "an unclosed quote: a cell here starts with \" and no \" ends it, so the rows after it would be read as "
                + "its text; close the quote (a quote inside a cell is written \"\")"
        case .emptyNoColumns(let columns): "empty: the first row names the columns (\(columns))"
        case .tooManyRows(let limit): "more than \(limit) rows, the most one catalog may have: split it into smaller files"
        case .notACatalogName: "not a catalog file by its name; use .csv, .jsonl or .json, or --format csv|jsonl|json"
        case .spreadsheetFile(let ext):
            "a .\(ext) file is the spreadsheet program's own, not read here; save it as CSV "
                + "(in Excel: Save As › 'CSV UTF-8 (Comma delimited) (*.csv)') and import that"
        case .emptyNoHeader: "empty: no header row"
        case .cannotWriteCP949: "cannot write the file back in CP949 (its encoding); nothing was changed"
        case .notAProductObject: "not a product object; the file changed since it was read?"
        case .csvWriterFailed(let why): "cannot start a CSV writer: \(why)"
        case .csvRecordFailed(let why): "cannot write a CSV record: \(why)"
        case .writtenAfterFinish: "written after finish()"
        }
    }
}
