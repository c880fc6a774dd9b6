// swift-tools-version:6.1
// 6.1 is the lowest version that accepts `traits: []`, which keeps SwiftPM 6.3 from rebuilding
// Hummingbird on every re-plan (see docs/dependencies.md, "Hummingbird's traits").
import PackageDescription

/// glib's include folders (Debian: libglib2.0-dev, which libvips-dev and libchafa-dev bring), for
/// the C loaders that open libvips and libchafa at run time. Named here rather than by pkg-config,
/// whose `--libs` would link glib into every program (0.45 ms of each start of the shell).
let glibIncludeFlags = [
    "-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
    "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
]

let package = Package(
    name: "openmarket",
    // Linux only (Debian: libedit, libvips, Glibc); no macOS platform is claimed, since none is
    // built or tested.
    products: [
        .library(name: "OpenMarketContract", targets: ["OpenMarketContract"]),
        .library(name: "OpenMarketAPI", targets: ["OpenMarketAPI"]),
        .library(name: "MarketImages", targets: ["MarketImages"]),
        .library(name: "OpenMarketServer", targets: ["OpenMarketServer"]),
        .executable(name: "openmarket", targets: ["openmarket"]),
        .executable(name: "openmarket-server", targets: ["openmarket-server"]),
        .executable(name: "openmarket-mcp", targets: ["openmarket-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        // The contract both halves share: models, field and upload rules, JSON settings, image
        // formats, timestamps, byte sizes, XDG directories. Foundation only, so the server and
        // the images module need no HTTP client.
        .target(name: "OpenMarketContract"),
        // SHA-256, HMAC and PBKDF2 from the system's OpenSSL libcrypto (Debian libssl-dev), rather
        // than a second BoringSSL compiled by swift-crypto (Sources/Digests/Digests.swift says why).
        // CCryptoLoader opens libcrypto at the first digest instead of linking it: loading it cost
        // every start of the shell about 0.8 ms of CPU (CCryptoLoader.h). Its headers are in
        // /usr/include, so no pkg-config name is needed.
        .target(name: "CCryptoLoader"),
        .target(name: "Digests", dependencies: ["CCryptoLoader"]),

        // The Open Market API's HTTP client as a plain async Swift library: no terminal, no
        // shell, no printing.
        .target(
            name: "OpenMarketAPI",
            dependencies: [
                "OpenMarketContract",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),

        // Image sniffing, dimensions, thumbnails and "fit under N bytes", shared by server and shell.
        // Opens libvips at first use instead of linking it (see CVipsLoader.h for why), and takes
        // glib's few calls from the opened libvips, so glib is not linked either. vips.h needs
        // glib's include folders, given here (pkg-config gobject-2.0 would also link glib, and
        // vips.pc pulls in -pthread, which SwiftPM rejects with a warning); its header exposes no
        // vips or glib type, so Swift needs none of them.
        .target(name: "CVipsLoader", cSettings: [.unsafeFlags(glibIncludeFlags)]),
        .target(name: "MarketImages", dependencies: ["CVipsLoader", "OpenMarketContract"]),
        // Prints the figures for fitting a phone photo under the upload limit (scripts/bench-images).
        .executableTarget(
            name: "market-images-bench", dependencies: ["MarketImages", "OpenMarketContract"],
            path: "Sources/Benchmarks/market-images-bench"),

        // The HTTP habits a teacher marks (a PATCH without If-Match, a retried POST, a secret in a
        // URL, …) over a neutral description of an exchange, so that the shell's lint, its exchange
        // log and the market's activity records use the same rules.
        .target(name: "HTTPHabits", dependencies: ["OpenMarketContract"]),

        // The bundled local market: the contract's server on Hummingbird and SQLite, embeddable.
        .target(
            name: "OpenMarketServer",
            dependencies: [
                "OpenMarketContract", "MarketImages", "HTTPHabits",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                // Vendor secrets: PBKDF2 and HMAC (`Vendors/`); photo names: SHA-256.
                "Digests",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]
        ),
        // The commit both programs print with --version, written at build time by the plugin
        // (Plugins/BuildCommitPlugin says why); only the two executables depend on it.
        .target(name: "BuildCommit", plugins: ["BuildCommitPlugin"]),
        .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
        // How both programs start and leave: usage status 2, errors as one sentence.
        .target(
            name: "ProgramEntry",
            dependencies: [
                "TerminalText", "OpenMarketContract", "CThreadPlacement",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // A thread started on another core than its creator's, which Swift cannot ask for
        // (CThreadPlacement.h says why): a program's start-up work done beside its main thread.
        .target(name: "CThreadPlacement"),
        .executableTarget(
            name: "openmarket-server",
            dependencies: [
                "OpenMarketServer", "OpenMarketContract", "ProgramEntry", "TerminalText", "BuildCommit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Executables/openmarket-server"
        ),

        // A one-route Hummingbird server: the ceiling the market is measured against (scripts/bench-server).
        .executableTarget(
            name: "market-server-bench",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/Benchmarks/market-server-bench"
        ),

        // libedit (Debian libedit-dev) and the C shim Swift needs in front of it: fixed-signature
        // wrappers for its variadic calls, the SIGINT self-pipes, the interruptible reader, the
        // no-echo secret prompt (see docs/libedit.md).
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(name: "CEditLine", dependencies: ["CLibEdit"]),
        // Reading lines: libedit on a terminal, plain lines from pipes and files; Ctrl-C handling.
        // Terminal columns (East Asian wide characters) and control characters made visible.
        .target(name: "TerminalText"),
        .target(name: "LineEditor", dependencies: ["CEditLine", "TerminalText"]),
        // A tiny program over LineEditor alone, so its terminal behaviour is tested in a pty.
        .executableTarget(name: "line-editor-demo", dependencies: ["LineEditor"], path: "Sources/Executables/line-editor-demo"),

        // The shell's core: grammar, commands, session, rendering. No terminal, no libedit: it
        // reads through a ShellConsole, so it runs the same in a pty, a pipe or a test.
        .target(
            name: "SellerShell",
            dependencies: [
                "OpenMarketAPI", "OpenMarketContract", "MarketImages", "TerminalText", "CatalogFiles", "HTTPHabits",
                // Names the change log's file after its server and vendor (`Changes/ChangeLog.swift`)
                // and a kept photo after its URL (`Photos/PhotoCache.swift`).
                "Digests",
                // Path components for what a script may read and write (`Session/AccessPolicy.swift`).
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // What `explain` says, in English and Korean: data, not code.
            resources: [.copy("Teaching/Explanations")]),

        // Photos drawn in a terminal with libchafa (Debian libchafa-dev), opened at first use as
        // libvips is, so the shell runs without it. chafa.h needs glib's include folders and
        // chafaconfig.h from Debian's multiarch folder, which no pkg-config name gives without
        // also linking libchafa (and glib).
        .target(
            name: "CChafaLoader",
            cSettings: [
                .unsafeFlags(
                    glibIncludeFlags + [
                        "-I/usr/include/chafa", "-I/usr/lib/x86_64-linux-gnu/chafa/include",
                        "-I/usr/lib/aarch64-linux-gnu/chafa/include",
                    ])
            ]),
        // The terminal's side of drawing photos: chafa's terminal database and drawing, behind
        // SellerShell's PhotoCanvas.
        .target(name: "TerminalPhotos", dependencies: ["CChafaLoader", "SellerShell", "MarketImages", "TerminalText"]),

        // Scripts over the shell: variables and bindings, `expect`, running files with a journal
        // for resuming, dry runs, and recording a session as a script. No terminal here either.
        .target(
            name: "ShellScripting",
            dependencies: [
                "SellerShell", "OpenMarketAPI", "OpenMarketContract", "CatalogFiles", "MarketImages", "TerminalText",
                "HTTPHabits", "Digests", .product(name: "CSV", package: "CSV.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // Agent mode (`openmarket mcp`): the shell's typed commands served to AI assistants over the
        // Model Context Protocol (stdio), every change planned, confirmed with a one-time token
        // and undoable; the secret never in a message (see docs/agents.md).
        .target(
            name: "AgentMode",
            dependencies: [
                "SellerShell", "ShellScripting", "OpenMarketAPI", "OpenMarketContract", "OpenMarketServer", "Digests",
                // The files under --folder as resources: photos' sizes and previews, sheets' kinds.
                "MarketImages", "CatalogFiles",
                .product(name: "MCP", package: "swift-sdk"),
                // The `Logger` an MCP transport names (`Server/SecretGuard.swift`).
                .product(name: "Logging", package: "swift-log"),
                // A plan's scratch folder (`AccessPolicy.writeFolder`).
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // The executable: options, the REPL loop over LineEditor. The local market it starts when
        // no server is named is `openmarket-server local`, its child: the shell does not link the
        // market (Hummingbird, GRDB), whose conformance records and relocations every start paid
        // (docs/benchmarks.md, "The local market's own program").
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "SellerShell", "ShellScripting", "LineEditor", "OpenMarketAPI", "OpenMarketContract",
                "ProgramEntry", "TerminalPhotos", "BuildCommit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/Executables/openmarket",
            // A release build is linked by lld without exporting its symbols (the Swift driver
            // exports all 48,000 by default, which only a library needs) and with its 141,000
            // relative relocations packed (DT_RELR, glibc 2.36): the dynamic loader has a tenth of
            // the work, and the prompt comes 0.8 ms sooner (scripts/bench-shell, 30 runs: 11.0
            // against 10.2 ms). Debug builds and the tests link as SwiftPM does.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // Agent mode's program, which `openmarket mcp` starts beside itself and hands the login to
        // over an inherited descriptor (`AgentHandoff`): the shell links neither the MCP SDK nor
        // what it brings (FoundationNetworking, libcurl), which cost every start of the shell
        // (docs/benchmarks.md, "Agent mode's own program").
        .executableTarget(
            name: "openmarket-mcp",
            dependencies: [
                "AgentMode", "SellerShell", "OpenMarketContract", "TerminalText",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/Executables/openmarket-mcp"
        ),

        // 1,000 GETs from an in-process AsyncHTTPClient loop: the yardstick for scripts (scripts/bench-scripts);
        // parallel creates through MarketClient: the server's ceiling for imports (scripts/bench-import).
        .executableTarget(
            name: "market-client-bench",
            dependencies: [
                "OpenMarketContract", "OpenMarketAPI", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Sources/Benchmarks/market-client-bench"
        ),

        // Catalog spreadsheets read and written: CSV (UTF-8 or Korean Excel's CP949), JSON Lines or
        // a JSON array, for `import`/`export`. No network, no field rules: only the files.
        .target(
            name: "CatalogFiles",
            // The revision column's digests (`Model/RowRevision.swift`): SHA-256.
            dependencies: ["OpenMarketContract", "Digests", .product(name: "CSV", package: "CSV.swift")]
        ),

        // The fuzz targets (multipart reader, Content-Disposition, product JSON, word splitter,
        // script expander) in one libFuzzer executable; scripts/fuzz runs them. Only this target is
        // instrumented here, which keeps the normal build as it was; scripts/fuzz builds a separate
        // tree (.build-fuzz) that instruments every module, so libFuzzer sees the coverage of the
        // code under test.
        .executableTarget(
            name: "openmarket-fuzz",
            dependencies: [
                "OpenMarketServer", "OpenMarketAPI", "OpenMarketContract", "SellerShell", "ShellScripting",
                "CatalogFiles", "MarketTestSupport", .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/Fuzz",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ),

        // What only tests use, once for every test target: fixtures, the test market, the
        // misbehaving server with modes, the process runner, the recording console, pty driving.
        .target(
            name: "MarketTestSupport",
            dependencies: [
                "OpenMarketServer", "OpenMarketAPI", "OpenMarketContract", "SellerShell",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        .testTarget(
            name: "OpenMarketAPITests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketContract", "MarketTestSupport",
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "OpenMarketServerTests",
            dependencies: [
                "OpenMarketServer", "OpenMarketAPI", "OpenMarketContract", "MarketImages", "MarketTestSupport",
                "TerminalText", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "SellerShellTests",
            dependencies: [
                "SellerShell", "OpenMarketAPI", "OpenMarketContract", "OpenMarketServer", "MarketTestSupport", "MarketImages",
                "TerminalText",
            ]
        ),
        .testTarget(
            name: "ShellScriptingTests",
            dependencies: [
                "ShellScripting", "SellerShell", "OpenMarketAPI", "OpenMarketContract", "OpenMarketServer", "MarketTestSupport",
                "TerminalText", "HTTPHabits",
                // Photos shrunk as the shell shrinks them (`PhotoComparisonTests`).
                "MarketImages",
            ]
        ),
        .testTarget(name: "OpenMarketShellTests", dependencies: ["MarketTestSupport", "TerminalText"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "MarketTestSupport"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests", "OpenMarketContract"]),
        .testTarget(name: "ProgramEntryTests", dependencies: ["ProgramEntry", "CThreadPlacement"]),
        .testTarget(name: "HTTPHabitsTests", dependencies: ["HTTPHabits", "OpenMarketContract", "MarketTestSupport"]),
        .testTarget(
            name: "OpenMarketContractTests", dependencies: ["OpenMarketContract", "TerminalText", "MarketTestSupport"]),
        .testTarget(name: "CatalogFilesTests", dependencies: ["CatalogFiles", "OpenMarketContract", "MarketTestSupport"]),
        .testTarget(name: "MarketImagesTests", dependencies: ["MarketImages", "OpenMarketContract", "MarketTestSupport"]),
        .testTarget(
            name: "AgentModeTests",
            dependencies: [
                "AgentMode", "SellerShell", "ShellScripting", "OpenMarketAPI", "OpenMarketContract", "OpenMarketServer",
                "MarketTestSupport", .product(name: "MCP", package: "swift-sdk"),
            ]),
        .testTarget(
            name: "TerminalPhotosTests",
            dependencies: [
                "TerminalPhotos", "SellerShell", "MarketImages", "OpenMarketAPI", "OpenMarketContract", "MarketTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
