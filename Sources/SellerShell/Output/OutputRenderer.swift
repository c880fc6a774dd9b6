import Foundation
import OpenMarketAPI
import OpenMarketContract

extension SellerShell {
    /// Prints a command's outcome: server documents as sent in JSON mode, rendered otherwise;
    /// notes always go to the note stream, and never in JSON mode's standard output.
    func render(_ output: [CommandOutcome.Output]) {
        for item in output {
            switch item {
            case .detail(let product, let raw):
                console.write(outputJSON ? String(decoding: raw, as: UTF8.self) : ProductRendering.detail(product))
            case .products(let products, let raw, let empty):
                if outputJSON {
                    console.write(String(decoding: raw, as: UTF8.self))
                } else {
                    console.write(products.isEmpty ? empty : ProductRendering.table(products))
                }
            case .summary(let text):
                if !outputJSON { console.note(text) }
            case .text(let text, let raw):
                // JSON mode keeps stdout for JSON: a text with no document (help) goes to stderr.
                if !outputJSON {
                    console.write(text)
                } else if let raw {
                    console.write(String(decoding: raw, as: UTF8.self))
                } else {
                    console.note(text)
                }
            case .note(let text):
                console.note(text)
            }
        }
    }
}
