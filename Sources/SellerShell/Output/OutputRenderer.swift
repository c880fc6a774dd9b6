import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

extension ShellSession {
    /// Prints a command's outcome: server documents as sent in JSON mode, rendered otherwise;
    /// notes always go to the note stream, and never in JSON mode's standard output.
    /// Where the caller runs (`perform`), as the session's settings are after the command
    /// (`showsJSON`: as they were then, for a drawing held until later; see `HeldOutput`).
    nonisolated func render(_ output: [CommandOutcome.Output], showsJSON: Bool? = nil) {
        let showsJSON = showsJSON ?? self.showsJSON
        for item in output {
            switch item {
            case .detail(let product, let raw):
                console.write(showsJSON ? Self.text(raw) : fitted(ProductRendering.detail(product, color: useColor)))
            case .pictured(let product, let raw, let photos, let beside):
                if showsJSON {
                    console.write(Self.text(raw))
                } else if let canvas = console.photoCanvas {
                    console.write(
                        PhotoRendering.detail(product, photos: photos, beside: beside, canvas: canvas, color: useColor))
                } else {
                    console.write(fitted(ProductRendering.detail(product, color: useColor)))
                }
            case .grid(let grid, let raw):
                if showsJSON {
                    console.write(Self.text(raw))
                } else if console.photoCanvas != nil {
                    // Paged at the terminal's height; a console sends images' escapes to no pager.
                    console.page(PhotoRendering.grid(grid, color: useColor))
                } else {
                    console.page(ProductRendering.table(grid.products, columns: console.columns, color: useColor))
                }
            case .written(let product, let raw, let verb, let stockBefore):
                console.write(
                    showsJSON
                        ? Self.text(raw)
                        : fitted(ProductRendering.summary(product, verb: verb, stockBefore: stockBefore, color: useColor)))
            case .products(let products, let raw, let empty):
                renderProducts(products, raw: raw, empty: empty, showsJSON: showsJSON)
            case .listed(let text, let paged, _):
                if paged { console.page(text) } else { console.write(text) }
            case .summary(let text):
                if !showsJSON { console.note(text) }
            case .text(let text, let raw):
                // JSON mode keeps stdout for JSON: a text with no document (help) goes to stderr.
                if !showsJSON {
                    // Folded between words to the terminal's width (a server's long message, a
                    // body's line); a word wider than a line (a URL) kept whole on its own.
                    console.write(fitted(text))
                } else if let raw {
                    console.write(Self.text(raw))
                } else {
                    console.note(text)
                }
            case .prose(let text):
                renderProse(text, showsJSON: showsJSON)
            case .note(let text):
                console.note(text)
            case .warning(let text):
                console.warn(text)
            }
        }
    }

    /// Prose (`help`, `explain`, `exchanges`) folded to the terminal's width, and paged at its
    /// height where a person reads it at the prompt; `openmarket -c help` prints it whole. In
    /// JSON mode it goes to the notes (stdout is for JSON).
    private nonisolated func renderProse(_ text: String, showsJSON: Bool) {
        let folded = console.columns.map { TerminalText.wrapped(text, columns: $0 - 1) } ?? text
        if showsJSON {
            console.note(folded)
        } else if console.isInteractive {
            console.page(folded)
        } else {
            console.write(folded)
        }
    }

    /// A page of products: the document in JSON mode, else a table, through the pager when
    /// taller than the terminal (where the console has one).
    private nonisolated func renderProducts(_ products: [Product], raw: Data, empty: String, showsJSON: Bool) {
        if showsJSON {
            console.write(Self.text(raw))
        } else if products.isEmpty {
            console.write(empty)
        } else {
            console.page(ProductRendering.table(products, columns: console.columns, color: useColor))
        }
    }

    /// `text` folded between words to the terminal's width (a product's long description, a
    /// server's message), a row of label and value under its value; a word wider than a line
    /// (a photo's URL) kept whole on a line of its own, so that it can be copied. As it is when
    /// the console is no terminal.
    private nonisolated func fitted(_ text: String) -> String {
        console.columns.map { TerminalText.wrapped(text, columns: $0 - 1, longWords: .whole) } ?? text
    }

    /// A warning about what is about to be sent, printed before it is (`warning: the won has no
    /// minor unit; …`), so it is seen even when the request then fails or is cancelled.
    func warn(_ text: String) { console.warn(text) }

    /// `set output json`: documents as sent on standard output, notes on the note stream.
    nonisolated var showsJSON: Bool { state.withLock { $0.outputJSON } }

    private static func text(_ raw: Data) -> String { String(decoding: raw, as: UTF8.self) }
}
