import Foundation
import Mustache
import OpenMarketContract

/// Renders the class board's page and its refusal from `ClassBoardTemplates`.
struct ClassBoardPage: Sendable {
    private let library: MustacheLibrary

    init() {
        MustacheContentTypes.register(SafeHTMLContentType(), named: SafeHTMLContentType.name)
        var library = MustacheLibrary()
        for (name, text) in ClassBoardTemplates.all {
            // The binary's own templates: one that does not parse is a bug the board's tests catch.
            do { try library.register(text, named: name) } catch { preconditionFailure("class board template \(name): \(error)") }
        }
        self.library = library
    }

    /// The whole board: a row per student; the steps' column when an assignment is chosen, and
    /// a line saying so when the kept one cannot be read.
    func board(
        _ rows: [ClassBoardRow], assignment: String?, assignmentUnreadable: Bool = false, showHabits: Bool,
        in language: Language
    ) -> String {
        func label(_ text: ClassBoardText) -> String { text.text(in: language) }
        let object: [String: Any] = [
            "lang": language.rawValue, "title": label(.title), "live": label(.live),
            "count": label(.students(rows.count)), "empty": rows.isEmpty, "emptyText": label(.noStudents),
            "showSteps": assignment != nil, "showHabits": showHabits, "assignment": assignment ?? "",
            "assignmentUnreadable": assignmentUnreadable, "assignmentUnreadableText": label(.assignmentUnreadable),
            "studentLabel": label(.student), "requestsLabel": label(.requests), "methodsLabel": label(.methods),
            "statusesLabel": label(.statuses), "lastErrorLabel": label(.lastError), "productsLabel": label(.products),
            "stepsLabel": label(.steps), "habitsLabel": label(.habits),
            "rows": rows.map { $0.wire(in: language) }.map(Self.cells),
        ]
        return library.render(object, withTemplate: "page") ?? ""
    }

    /// What a browser without the teacher's token is shown (with 401).
    func refused(in language: Language) -> String {
        let object: [String: Any] = [
            "lang": language.rawValue, "title": ClassBoardText.title.text(in: language),
            "message": ClassBoardText.needsToken.text(in: language), "hint": ClassBoardText.needsTokenHint.text(in: language),
        ]
        return library.render(object, withTemplate: "refused") ?? ""
    }

    private static func cells(_ wire: ClassBoardRow.Wire) -> [String: Any] {
        [
            "id": wire.id, "name": wire.name, "requests": wire.requests, "methods": wire.methods,
            "methodsValue": wire.methodsValue, "statuses": wire.statuses, "error": wire.error,
            "errorTitle": wire.errorTitle, "meaning": wire.meaning, "products": wire.products, "steps": wire.steps,
            "stepsValue": wire.stepsValue, "stepNames": wire.stepNames, "habits": wire.habits,
            "habitsValue": wire.habitsValue, "habitsTitle": wire.habitsTitle, "quiet": wire.quiet,
            "failing": wire.failing,
        ]
    }
}
