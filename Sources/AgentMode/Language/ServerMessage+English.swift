import OpenMarketContract

/// The English catalogue of ``ServerMessage``.
extension ServerMessage {
    public var english: String {
        switch self {
        case .instructions:
            "This server is one seller's shop on an Open Market server, through the openmarket shell's own commands. "
                + "Reads (\(AgentToolCatalog.reads.joined(separator: ", "))) answer at once. Every change "
                + "(\(AgentToolCatalog.writes.joined(separator: ", "))) takes two calls: the first sends nothing and answers the plan (the "
                + "requests, each product before → after) with a one-time token; the same call again with that token "
                + "makes exactly that change, unless the products changed since. Show the person the plan before you "
                + "apply it; a delete may ask them to confirm. undo takes back any change, the person's or yours. "
                + "The seller's secret is never shown and no tool takes it."
        case .noFolder(let tool):
            "\(tool): openmarket mcp reads no files: the person starts it with --folder DIR to let it read the files in DIR"
        case .token(let token): "token: \(token)"
        case .unknownTool(let name): "no tool named '\(name)' (tools/list lists them)"
        case .deleteQuestion(let count):
            count == 1
                ? "An assistant asks to delete 1 product, shown below. Delete it? (undo in the shell brings it back)"
                : "An assistant asks to delete \(count) products, shown below. Delete them? "
                    + "(undo in the shell brings them back)"
        case .confirmTitle: "Delete"
        case .confirmDescription: "Tick to delete the products in this plan."
        case .notConfirmed(let why): why.english
        case .deleteAllowanceUsed(let allowed, let deleted, let asked):
            "Not deleted, nothing was sent: without a person's confirmation this session deletes at most \(allowed) "
                + "product\(allowed == 1 ? "" : "s") (\(deleted) deleted, this plan deletes \(asked)). A person can "
                + "confirm it in a client that asks them (MCP elicitation), run the delete in the openmarket shell, or "
                + "restart the server with --max-deletes N."
        case .serving(let server, let vendor, let folder, let scratch):
            "openmarket mcp: serving \(server)" + (vendor.map { " as \($0)" } ?? "")
                + " on standard input and output; "
                + (folder.map { "files read under \($0)" } ?? "no files read (start it with --folder DIR to let it read DIR)")
                + ", written to \(scratch)"
        case .notLoggedIn(let server):
            "openmarket mcp: not logged in to \(server): the tools read; changes need OPENMARKET_IDENTIFIER and "
                + "OPENMARKET_SECRET, or --profile NAME"
        case .secretsMasked(let count):
            "openmarket mcp: masked \(count) secret\(count == 1 ? "" : "s") in a message to the client; a secret "
                + "should never get that far: please report this bug"
        case .stopped: "openmarket mcp: the client closed the connection; stopped"
        case .shellEnded: "openmarket mcp: the program that started this server ended; stopped"
        case .unknownOption(let word): "mcp: unknown option '\(word)': \(Self.usage)"
        case .needsValue(let option): "mcp: \(option) needs a value: \(Self.usage)"
        case .maxDeletesRange(let given):
            "mcp: --max-deletes takes a whole number from \(AgentLimits.deletesRange.lowerBound) to "
                + "\(AgentLimits.deletesRange.upperBound) (got '\(given)')"
        case .planMinutesRange(let given):
            "mcp: --plan-minutes takes a whole number from \(AgentLimits.planMinutesRange.lowerBound) to "
                + "\(AgentLimits.planMinutesRange.upperBound) (got '\(given)')"
        case .folderMissing(let path): "mcp: --folder names no folder: \(path)"
        case .folderTooWide(let path, let why):
            "mcp: --folder \(path) would let the assistant read "
                + {
                    switch why {
                    case .root: "the whole disk"
                    case .home: "every file in your home folder"
                    case .settings(let held): "the shell's saved logins and state (\(held))"
                    case .hidden(let held): "a hidden folder of your home, where programs keep keys and settings (\(held))"
                    case .system(let held): "the system's own files (\(held))"
                    }
                }() + ": name the folder of the photos and sheets it should use"
        case .unexpectedWord(let word): "mcp: unexpected '\(word)': \(Self.usage)"
        case .excludedOptions:
            "mcp serves tools over standard input and output: -c, --record, --json, script options and --report-* "
                + "do not go with it"
        case .cannotMakeScratchFolder(let reason): "mcp: cannot make a scratch folder: \(reason)"
        }
    }
}

extension ServerMessage.NotConfirmed {
    var english: String {
        switch self {
        case .declined: "Not deleted, nothing was sent: the person declined. The token still works if they change their mind."
        case .cancelled: "Not deleted, nothing was sent: the person dismissed the question. The token still works."
        case .callCancelled:
            "Not deleted, nothing was sent: the call was cancelled before the person answered. The token still works."
        case .clientClosed: "Not deleted, nothing was sent: the client closed before the person answered."
        case .cannotAsk(let reason):
            "Not deleted, nothing was sent: the person could not be asked (\(reason)). They can run the delete in the "
                + "openmarket shell."
        }
    }
}
