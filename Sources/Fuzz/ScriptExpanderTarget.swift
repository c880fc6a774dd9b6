import Foundation
import OpenMarketContract
import SellerShell
import ShellScripting

/// A script's text through `ScriptReader.lines` (comments, continuations), each line split once
/// by `WordSplitter.words`, then its references filled by `Expander.fill` with
/// `ScriptVariables.resolve` (`$name`, `${name.field}`, `${env.X}`), as a run does.
///
/// Input: the script, then optionally a NUL and a value. The value is the text variable `v` and,
/// when it is JSON, the document of a product bound as `p` (so `${p.a.0}` reaches JSONValue).
/// Invariant: `cmd $v`, `cmd "$v"` and `cmd ${v}` are two words, the second exactly the value
/// (a value is never split again); a value holding a NUL is refused instead.
enum ScriptExpanderTarget {
    static let mug = JSONValue.parse(
        Data(
            """
            {"id": 32, "vendor_id": 15, "name": "우유병 텀블러", "currency": "KRW", "price": 3500.0, "stock": 2,
             "images": [{"id": 35, "url": "http://127.0.0.1:8080/images/15/20221018/9f2c_origin.jpg"}],
             "vendors": {"id": 15, "name": "tumbler-shop"}}
            """.utf8))!

    @Sendable static func run(_ input: [UInt8]) {
        let split = input.firstIndex(of: 0) ?? input.endIndex
        let script = String(decoding: input[..<split], as: UTF8.self)
        let valueBytes = split < input.endIndex ? Array(input[(split + 1)...]) : []
        let value = String(decoding: valueBytes, as: UTF8.self)

        var variables = ScriptVariables(environment: ["HOME": "/home/seller", "NEW_PRICE": "3200"])
        variables["price"] = .text("3500")
        variables["v"] = .text(value)
        variables.bind(ProductBinding(id: 32, document: mug), as: "mug")
        if let document = JSONValue.parse(Data(valueBytes)) {
            variables.bind(ProductBinding(id: 7, document: document), as: "p")
        }
        let resolve = { (reference: String) throws(ExpansionError) -> String in try variables.resolve(reference) }

        for line in ScriptReader.lines(of: script) {
            _ = try? Expander.words(line.text, resolve)
        }

        for template in ["cmd $v", "cmd \"$v\"", "cmd ${v}"] {
            let words = try? Expander.words(template, resolve)
            // No text field holds a NUL: a line that carries one is refused, whatever put it there.
            if value.utf8.contains(0) {
                invariant(words == nil, "\(template) with a NUL in v split as \(String(describing: words?.map(\.text)))")
                continue
            }
            invariant(
                words?.map(\.text) == ["cmd", value],
                "\(template) with v = \(value.debugDescription) filled as \(String(describing: words?.map(\.text)))"
            )
        }
    }
}
