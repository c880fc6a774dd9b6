import Foundation
import OpenMarketAPI
import OpenMarketContract
import TerminalText

/// `exchanges --markdown FILE`: the session as a lab notebook for homework — each exchange as a
/// section with the line that sent it, the request and the answer as `exchange N` shows them
/// (one renderer for both), secrets masked.
enum LabNotebook {
    static func text(for exchanges: [Exchange], server: URL, now: Date = Date()) -> String {
        var out = [
            Message.notebookTitle.text, "",
            Message.notebookInfo(server: server.absoluteString, written: HARFile.timestamp(now), count: exchanges.count).text,
            "",
        ]
        for exchange in exchanges {
            out.append("## " + ExchangeRendering.summary(exchange))
            out.append("")
            if let reason = exchange.bookkeeping {
                out.append("_\(Bookkeeping.label(reason))_")
                out.append("")
            } else if let command = exchange.command {
                out.append(Message.notebookSentBy(inlineCode(command)).text)
                out.append("")
            }
            out += [Message.notebookRequest.text, "", fence(ExchangeRendering.request(exchange.request)), ""]
            out += [Message.notebookAnswer.text, "", fence(ExchangeRendering.answer(of: exchange)), ""]
        }
        return out.joined(separator: "\n")
    }

    /// A fenced block long enough that no run of backticks inside can close it. Runs are counted
    /// on Unicode scalars, as a Markdown reader counts them: a backtick followed by a combining
    /// mark is one `Character` that is not a backtick.
    static func fence(_ text: String) -> String {
        let marks = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return "\(marks)http\n\(text)\n\(marks)"
    }

    /// `text` as an inline code span (CommonMark 6.1): delimited by one backtick more than its
    /// longest run, padded with a space when it starts or ends with a backtick; a line break,
    /// which would end the paragraph's line, shown as `␊`.
    static func inlineCode(_ text: String) -> String {
        let line = TerminalText.visible(text)
        let marks = String(repeating: "`", count: longestBacktickRun(line) + 1)
        let pad = line.unicodeScalars.first == "`" || line.unicodeScalars.last == "`" || line.isEmpty ? " " : ""
        return marks + pad + line + pad + marks
    }

    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar == .backtick ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
