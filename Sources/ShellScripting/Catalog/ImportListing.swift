import CatalogFiles
import Foundation
import OpenMarketAPI
import OpenMarketContract
import SellerShell

/// `import --dry-run`: the requests the plan would send, one line each, without building their
/// bodies (a 10,000-row check stays quick; photos were checked already). Paths come from the
/// client's `Endpoints`, the one place that knows them.
enum DryRunListing {
    static func requests(_ plan: ImportPlan) -> String {
        var lines: [String] = []
        for (row, command) in plan.registers {
            let fields = ParsedFields.texts(of: command.fields.changes, ProductField.editable).map { field, text in
                "\(field.rawValue)=\(TextLayout.visible(text, limit: 40))"
            }
            let photos = command.images.map { ($0.text as NSString).lastPathComponent }
            let endpoint = "\(HTTPMethod.post.rawValue) \(path(of: Endpoints.listProducts()))"
            lines.append(
                CatalogMessage.dryRegister(
                    row: row, endpoint: endpoint, fields: fields.joined(separator: " "), photos: photos.count,
                    names: photos.map { TextLayout.visible($0) }.joined(separator: ", ")
                ).text)
        }
        for update in plan.updates {
            let endpoint = path(of: Endpoints.product(id: update.id))
            // The body as `undo --dry-run` shows one: its JSON, without the secret.
            let changes = TextLayout.visible(RequestPreview.json(update.changes), limit: 300)
            lines.append(CatalogMessage.dryUpdate(row: update.row, endpoint: endpoint, changes: changes).text)
        }
        for product in plan.deletes {
            lines.append(
                CatalogMessage.dryPrune(
                    id: product.id, name: TextLayout.visible(product.name, limit: 40),
                    path: path(of: Endpoints.product(id: product.id))
                ).text)
        }
        return lines.isEmpty ? CatalogMessage.noRequests.text : lines.joined(separator: "\n")
    }

    private static func path<T>(of endpoint: Endpoint<T>) -> String { endpoint.path }
}
