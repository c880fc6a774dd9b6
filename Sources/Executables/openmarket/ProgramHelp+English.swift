/// The English catalogue of ``ProgramHelp``.
extension ProgramHelp {
    var english: String {
        switch self {
        case .abstract: "A shell for sellers on the Open Market API."
        case .discussion:
            """
            With no --server (and no OPENMARKET_SERVER), the shell starts a local market beside it, over \
            $XDG_DATA_HOME/openmarket/local, logged in as its demo vendor.
            Credentials come from OPENMARKET_IDENTIFIER and OPENMARKET_SECRET, from --profile, or from 'login'. \
            Your vendor id (list --mine, import and export need it) comes from the profile, from \
            OPENMARKET_VENDOR_ID, from 'login --vendor-id N', or is asked once on a terminal.
            Scripts: 'openmarket run FILE' (or 'openmarket FILE', or a '#!/usr/bin/env openmarket' file) runs a \
            file of shell commands, keeping a journal beside it (FILE.journal; else under $XDG_STATE_HOME/openmarket/journals) \
            so '--resume' continues a run \
            that stopped without repeating what it did. Standard input that is not a terminal is read as a script.
            Commands: 'openmarket list --mine', 'openmarket show 12 --json': a first word that names a command runs it.
            Grading: 'openmarket test FILE…' runs each script with its 'expect' checks on a fresh local market \
            (or --server URL), one line per file and a summary; --report-junit FILE and --report-tap FILE write reports. \
            Graded scripts, and 'run --untrusted FILE', read only their own folder, write only a scratch folder and talk \
            only to their market (see docs/scripts.md: --env NAME, --read DIR, --time-limit SECONDS; --allow-force lets \
            your own script's --force replace files).
            Agent mode: 'openmarket mcp [--max-deletes N] [--plan-minutes N] [--folder DIR]' serves these commands \
            to an AI assistant over MCP on standard input and output: every change planned first and applied with a \
            one-time token, undo for what it did, the secret never in a message (see docs/agents.md).
            Exit status: 0 all succeeded, 1 a command failed, 2 usage error, 3 server unreachable, 130 interrupted; \
            'exit N' leaves with N.
            """
        case .server: "The market's URL, e.g. http://127.0.0.1:8080 (default: OPENMARKET_SERVER, else a local market)."
        case .profile: "Log in with a saved profile (see 'login --save NAME')."
        case .json: "Print the server's JSON, one document per command, and nothing else on stdout."
        case .trace: "Print every HTTP exchange (secrets masked) on stderr."
        case .explain:
            "After each HTTP exchange, explain the method, the headers that matter and the status (as 'set explain on')."
        case .noColor: "Plain prompt without colours (NO_COLOR works too)."
        case .commands: "Run this command and exit; repeat for several, run in order."
        case .record: "Record the commands that succeed to FILE, as a script that replays elsewhere."
        case .script:
            "A command to run and exit ('openmarket list --mine', 'openmarket show 12 --json'), or a script: 'run FILE', or just FILE."
        case .continueOnError:
            "Run every line of the script and list the failed ones at the end, instead of stopping at the first."
        case .dryRun: "Send nothing: check every line locally and print the requests that would be sent."
        case .resume: "Continue the script's last run from its journal, skipping the lines it completed."
        case .restart: "Run the script from the top although its journal shows a run that did not finish."
        case .step:
            "Step through the script: show each command with its comments and wait (Enter sends, s skips, c continues, q stops)."
        case .journal: "Keep the script's journal here instead of beside it (FILE.journal)."
        case .variables: "Define a script variable; repeat for several."
        case .localPort: "Start the local market on this port (1-65535), so image URLs stay the same."
        case .reportJUnit: "With 'test': write the results as JUnit XML to FILE."
        case .reportTAP: "With 'test': write the results as TAP to FILE."
        case .lang: "Speak English (en) or Korean (ko); by default the language of LANG."
        case .resetLocal: "Empty the local market's catalog (products and images; the demo vendor stays) before starting."
        }
    }
}
