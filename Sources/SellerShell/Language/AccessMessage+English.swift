/// The English catalog of ``AccessMessage``.
extension AccessMessage {
    public var english: String {
        switch self {
        case .environmentCredentialsUnused(let name):
            "\(name) is used by no server in this session (it started with --profile, or with --server "
                + "naming another server than OPENMARKET_SERVER): log in with 'login' or 'use NAME'"
        case .environmentCredentialsElsewhere(let name, let home, let server):
            "\(name) belongs to \(home), not to \(server): "
                + "after 'connect' a script gets no credentials; use a profile saved for this server ('use NAME'), "
                + "or run the script with --server"
        case .readOutside(let path, let resolved):
            "refused: reads \(Self.shown(path))" + (resolved.map { ", a link to \(Self.shown($0))" } ?? "")
                + ", outside the script's folder (untrusted scripts read only their own folder)"
        case .writeOutside(let path):
            "refused: writes \(Self.shown(path)), outside the run's scratch folder "
                + "(untrusted scripts write only there; name a file without a folder)"
        case .agentReadOutside(let path):
            "refused: reads \(Self.shown(path)), outside the folder openmarket mcp reads (--folder DIR)"
        case .agentReadsNoFiles(let path):
            "refused: reads \(Self.shown(path)), but openmarket mcp reads no files: "
                + "start it with --folder DIR to let it read the files in DIR"
        case .agentWriteOutside(let path):
            "refused: writes \(Self.shown(path)), outside the scratch folder openmarket mcp writes to "
                + "(name a file without a folder)"
        case .agentOtherMarket(let url):
            "refused: talks to \(Self.shown(url)), not the market openmarket mcp serves"
        case .forceUntrusted: "refused: --force replaces files, and untrusted scripts replace none (name a new file)"
        case .forceInScript:
            "refused: --force in a script replaces files only when the script is run with --allow-force "
                + "(openmarket run FILE --allow-force)"
        case .otherMarket(let url):
            "refused: talks to \(Self.shown(url)), not the market this script runs on "
                + "(untrusted scripts talk only to that market)"
        case .profiles: "refused: saved logins are not for untrusted scripts (they log in only to the market they run on)"
        case .environment(let name):
            "refused: reads the environment variable \(Self.shown(name)), which was not passed "
                + "(untrusted scripts see only the names given with --env NAME)"
        case .photoOutsideCatalog(let path):
            "refused: photo \(Self.shown(path)) is outside the catalog's folder (put photos in the catalog's folder "
                + "or below it; --photos-anywhere allows others)"
        case .globTooWide(let pattern, let limit):
            "\(Self.shown(pattern)): the pattern looks at over \(limit) files: "
                + "name a folder near the photos (patterns cannot start from /)"
        case .startsProgram(let command):
            "refused: \(command) starts another program on this machine (an editor or a browser), "
                + "which untrusted scripts never do"
        case .scratchFolder(let folder):
            "untrusted script: it reads only its own folder, and what it writes goes to \(Self.shown(folder)) (kept)"
        }
    }
}
