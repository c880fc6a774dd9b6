import Foundation
import LineEditor

/// A small program over LineEditor alone, for the pty tests and for trying the editor by hand.
@main
struct LineEditorDemo {
    static let commands = ["help", "hello", "history", "login", "list", "quit", "시장상인"]
    static let productIDs = [Completion("12", hint: "우유병 텀블러"), Completion("15", hint: "coffee")]

    static let completer: Completer = { lineBeforeCursor in
        let word = String(lineBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let before = String(lineBeforeCursor.dropLast(word.count))
        if word.hasPrefix("image=") {
            let path = String(word.dropFirst("image=".count))
            return (path, pathCandidates(path))
        }
        if before.allSatisfy({ $0 == " " }) {
            return (word, commands.filter { $0.hasPrefix(word) }.map { Completion($0) })
        }
        if before == "show " {
            return (word, productIDs.filter { $0.text.hasPrefix(word) })
        }
        return (word, [])
    }

    static func main() async {
        LineReaders.ensureUTF8Locale()
        InterruptMonitor.shared.install()
        let historyFile = ProcessInfo.processInfo.environment["DEMO_HISTORY"].map { URL(fileURLWithPath: $0) }
        let reader = LineReaders.make(programName: "demo", historyFile: historyFile, completer: completer)
        reader.prompt = "demo> "
        // From here on this code runs on a dispatch worker thread that blocks SIGINT, which is
        // the situation the reader's Ctrl-C handling has to survive (libedit-notes §3.2).
        try? await Task.sleep(for: .milliseconds(1))

        while true {
            switch reader.readLine() {
            case .interrupted:
                continue
            case .eof:
                print("bye")
                reader.saveHistory()
                exit(0)
            case .line(let line):
                if !line.hasPrefix("login") {
                    reader.addHistory(line)
                }
                if await !run(line, reader: reader) {
                    reader.saveHistory()
                    exit(0)
                }
            }
        }
    }

    /// Runs one command; false means quit.
    static func run(_ line: String, reader: any LineReader) async -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
        switch (words.first ?? "", words.count > 1 ? words[1] : nil) {
        case ("", _):
            break
        case ("echo", let text):
            let text = text ?? ""
            print("echo: \(text) [chars=\(text.count) bytes=\(text.utf8.count)]")
        case ("sleep", let argument?) where Double(argument) != nil:
            let seconds = Double(argument)!
            do {
                try await InterruptMonitor.shared.runCancellable {
                    try await Task.sleep(for: .seconds(seconds))
                }
                print("slept")
            } catch {
                print("sleep cancelled")
            }
        case ("login", nil):
            if let secret = reader.readSecret(prompt: "secret: ") {
                print("secret length \(secret.count)")
            } else {
                print("login cancelled")
            }
        case ("history", nil):
            for (number, entry) in reader.history().enumerated() {
                print("\(number + 1)  \(entry)")
            }
        case ("quit", nil):
            return false
        default:
            print("unknown: \(line)")
        }
        return true
    }
}
