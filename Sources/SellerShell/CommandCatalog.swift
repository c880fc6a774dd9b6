/// Every command's name, aliases, one-line summary, usage and examples: the source of `help`
/// and of TAB completion, so the two can never disagree.
struct CommandSpec: Sendable {
    var name: String
    var aliases: [String] = []
    var summary: String
    var usage: String
    var examples: [String] = []
    var flags: [String] = []
    var fields: [String] = []
}

enum CommandCatalog {
    static let productFields = ["name=", "description=", "price=", "currency=", "discount=", "stock="]

    static let all: [CommandSpec] = [
        CommandSpec(name: "help", aliases: ["?"], summary: "list commands, or explain one", usage: "help [COMMAND]",
                    examples: ["help", "help register"]),
        CommandSpec(name: "health", summary: "check that the server answers (GET /healthChecker)", usage: "health"),
        CommandSpec(name: "list", aliases: ["ls"], summary: "list products, newest first", usage: "list [PAGE] [--per-page N] [--search TEXT] [--mine] [--all]",
                    examples: ["list", "list 2 --per-page 50", "list --search 텀블러", "list --mine --all"],
                    flags: ["--per-page", "--search", "--mine", "--all"]),
        CommandSpec(name: "show", aliases: ["get"], summary: "show one product with its images", usage: "show ID", examples: ["show 12"]),
        CommandSpec(name: "register", aliases: ["add", "new"], summary: "register a product with photos (multipart POST)",
                    usage: "register name=… description=… price=… currency=KRW|USD [discount=…] [stock=…] image=PATH [image=PATH]… [--no-resize]",
                    examples: [
                        #"register name="우유병 텀블러" description="하얀 우유병 모양의 텀블러입니다" price=3500 currency=KRW discount=100 stock=5 image=~/photos/tumbler.jpg"#,
                        "register name=Mug description='A sturdy mug' price=19.99 currency=USD image=photos/sku12-*.jpg",
                    ],
                    flags: ["--no-resize"], fields: productFields + ["image="]),
        CommandSpec(name: "patch", aliases: ["edit"], summary: "change fields of a product (JSON PATCH)",
                    usage: "patch ID [name=…] [description=…] [price=…] [currency=…] [discount=…] [stock=…] [thumbnail=IMAGE_ID]",
                    examples: ["patch 12 price=3000 discount=0", "patch 12 thumbnail=35"],
                    fields: productFields + ["thumbnail="]),
        CommandSpec(name: "stock", summary: "adjust stock: add, remove or set", usage: "stock ID +N | -N | =N",
                    examples: ["stock 12 +10", "stock 12 -1", "stock 12 =0"]),
        CommandSpec(name: "delete", aliases: ["rm"], summary: "delete a product (the two-step DELETE)", usage: "delete ID [--yes]",
                    examples: ["delete 12", "delete 12 --yes"], flags: ["--yes"]),
        CommandSpec(name: "login", summary: "set the vendor identifier and secret (the secret is asked without echo)",
                    usage: "login [IDENTIFIER] [--save NAME]", examples: ["login", "login 0c1b5a9e-… --save shop"], flags: ["--save"]),
        CommandSpec(name: "logout", summary: "forget the vendor credentials", usage: "logout"),
        CommandSpec(name: "whoami", summary: "show the server and vendor in use", usage: "whoami"),
        CommandSpec(name: "use", summary: "log in with a saved profile", usage: "use NAME", examples: ["use shop"]),
        CommandSpec(name: "connect", summary: "talk to another server", usage: "connect URL", examples: ["connect http://127.0.0.1:8080"]),
        CommandSpec(name: "set", summary: "set output (table or json), trace (on or off), or a variable",
                    usage: "set output table|json | set trace on|off | set NAME VALUE",
                    examples: ["set output json", "set trace on", "set price 3500"]),
        CommandSpec(name: "history", summary: "show the commands typed so far", usage: "history"),
        // Run by the session layer (ShellScripting); listed here so help and TAB know them.
        CommandSpec(name: "expect", summary: "check the last results; a script stops when it is false", usage: "expect VALUE ==|!=|<|<=|>|>= VALUE",
                    examples: ["register … as mug", "expect ${mug.stock} == 5", "expect ${last.bargain_price} == 3400"]),
        CommandSpec(name: "source", aliases: ["."], summary: "run a script file in this session (variables and login carry over)", usage: "source FILE",
                    examples: ["source scripts/examples/demo-catalog.om"]),
        CommandSpec(name: "record", summary: "write the commands that succeed to a script file", usage: "record FILE [--all] | record stop",
                    examples: ["record catalog.om", "record session.om --all", "record stop"], flags: ["--all"]),
        CommandSpec(name: "vars", summary: "list variables and named products", usage: "vars"),
        CommandSpec(name: "exit", aliases: ["quit"], summary: "leave the shell (Ctrl-D works too)", usage: "exit"),
    ]

    static func find(_ name: String) -> CommandSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    static func helpText(for spec: CommandSpec) -> String {
        var lines = ["\(spec.name) — \(spec.summary)", "usage: \(spec.usage)"]
        if !spec.aliases.isEmpty { lines.append("aliases: \(spec.aliases.joined(separator: ", "))") }
        if !spec.examples.isEmpty {
            lines.append("examples:")
            lines += spec.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    static var overview: String {
        let width = all.map(\.name.count).max() ?? 0
        return (["commands:"] + all.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            + [
                "", "'help COMMAND' shows usage and examples. Quotes and backslashes work as in a shell.",
                "End a command with 'as NAME' to name its product; then $NAME is its id and ${NAME.price} a field.",
            ])
            .joined(separator: "\n")
    }
}

/// The catalog's names for the layers above the shell (scripts, recording).
public enum CommandNames {
    /// `register` for `add` or `new`; nil for a word that names no command.
    public static func canonical(_ word: String) -> String? { CommandCatalog.find(word)?.name }
}
