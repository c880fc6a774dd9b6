import Foundation
import OpenMarketAPI

/// `exchanges --markdown FILE`: the session as a lab notebook for homework — each exchange as a
/// section with the line that sent it, the request and the answer as `exchange N` shows them
/// (one renderer for both), secrets masked.
enum LabNotebook {
    static func text(for exchanges: [Exchange], server: URL, now: Date = Date()) -> String {
        var out = [
            "# HTTP lab notebook", "",
            "Server: \(server.absoluteString) · written \(HARFile.timestamp(now)) · \(exchanges.count) exchange"
                + (exchanges.count == 1 ? "" : "s"),
            "",
        ]
        for exchange in exchanges {
            out.append("## " + ExchangeRendering.summary(exchange))
            out.append("")
            if let reason = exchange.bookkeeping {
                out.append("_\(Bookkeeping.label(reason))_")
                out.append("")
            } else if let command = exchange.command {
                out.append("Sent by `\(command.replacingOccurrences(of: "`", with: "'"))`")
                out.append("")
            }
            out += ["Request:", "", fence(ExchangeRendering.request(exchange.request)), ""]
            out += ["Answer:", "", fence(ExchangeRendering.answer(of: exchange)), ""]
        }
        return out.joined(separator: "\n")
    }

    /// A fenced block long enough that no run of backticks inside can close it.
    static func fence(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let marks = String(repeating: "`", count: max(3, longest + 1))
        return "\(marks)http\n\(text)\n\(marks)"
    }
}
