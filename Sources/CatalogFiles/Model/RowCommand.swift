import Foundation

/// What a row's `action` column (`작업`, `명령`, Matrixify's `Command`) asks of the import. An
/// empty cell is `merge`.
///
/// - `new` (`신규`): register the row as a new product, even when its name is one of yours (its
///   id is ignored).
/// - `update` (`수정`): the sheet's cells win for this row.
/// - `merge` (`병합`, the default): each cell compared three ways, with the row's revision.
/// - `delete` (`삭제`): delete the product the row names (by id or name), undoably.
/// - `ignore` (`무시`): nothing is done with the row.
/// - `replace` (`교체`): delete the product and register it again (a photo change), one undo.
public enum RowCommand: String, Sendable, CaseIterable {
    case new, update, merge, delete, ignore, replace

    /// The action a cell names: English in any case (`NEW`, `Update`), the Korean names, and a
    /// few obvious synonyms (`create`, `skip`, `remove`, `등록`, `건너뛰기`); spaces around it and
    /// inside a Korean name are left out. Nil for anything else (an empty cell is no action).
    public init?(cell: String) {
        let trimmed = cell.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let key = String(String.UnicodeScalarView(trimmed.unicodeScalars.filter { !$0.properties.isWhitespace }))
        guard let command = Self(rawValue: key) ?? Self.synonyms[key] else { return nil }
        self = command
    }

    /// The Korean name, as a Korean sheet writes the action and the plan shows it.
    public var koreanName: String {
        switch self {
        case .new: "신규"
        case .update: "수정"
        case .merge: "병합"
        case .delete: "삭제"
        case .ignore: "무시"
        case .replace: "교체"
        }
    }

    /// The other names a cell may use, spaces left out, English lower-cased.
    static let synonyms: [String: RowCommand] = {
        var names: [String: RowCommand] = [
            "create": .new, "add": .new, "register": .new, "등록": .new, "추가": .new, "새상품": .new,
            "edit": .update, "overwrite": .update, "갱신": .update, "덮어쓰기": .update,
            "sync": .merge, "default": .merge, "동기화": .merge, "기본": .merge,
            "remove": .delete, "제거": .delete,
            "skip": .ignore, "none": .ignore, "건너뛰기": .ignore, "제외": .ignore,
            "recreate": .replace, "재등록": .replace,
        ]
        for command in allCases { names[command.koreanName] = command }
        return names
    }()
}
