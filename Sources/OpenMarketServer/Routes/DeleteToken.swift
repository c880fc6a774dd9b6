import Foundation

/// The opaque delete token: unpadded URL-safe base64 of `"{id}|{product_secret}"` (decided in
/// the contract, §7). Only this server reads it; clients pass the URI back untouched.
enum DeleteToken {
    static func make(productID: Int, productSecret: String) -> String {
        Data("\(productID)|\(productSecret)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func parse(_ token: String) -> (productID: Int, productSecret: String)? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int(parts[0]), !parts[1].isEmpty else { return nil }
        return (id, String(parts[1]))
    }
}
