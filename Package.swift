// swift-tools-version: 6.2
import PackageDescription

/// Vitrine: a server-driven retail home page. The module map is `docs/ARCHITECTURE.md`.
let package = Package(
    name: "Vitrine",
    // Synchronization.Mutex, used across the modules, needs macOS 15 and iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "FlowCore", targets: ["FlowCore"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
        .library(name: "FlowWidgets", targets: ["FlowWidgets"]),
        .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
        .library(name: "RetailContract", targets: ["RetailContract"]),
        .library(name: "RetailKit", targets: ["RetailKit"]),
        .library(name: "FlowPresentation", targets: ["FlowPresentation"]),
        .library(name: "RetailPresentation", targets: ["RetailPresentation"]),
        .library(name: "FlowTerminal", targets: ["FlowTerminal"]),
        .library(name: "RetailTerminal", targets: ["RetailTerminal"]),
        // The SwiftUI renderer and UIKit host, for any widgets; and separately the retail
        // widgets' views and the shopper's app on AppComposition. Built on Apple platforms; on
        // Linux type-checked against the declarations of Apple's API in Sources/AppleDeclarations.
        .library(name: "FlowSwiftUI", targets: ["FlowSwiftUI"]),
        .library(name: "RetailSwiftUI", targets: ["RetailSwiftUI"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "RetailBackend", targets: ["RetailBackend"]),
        .executable(name: "vitrine", targets: ["vitrine"]),
    ],
    targets: [
        // The contract: Foundation only, knows no widget.
        .target(name: "FlowCore"),
        .target(name: "FlowRuntime", dependencies: ["FlowCore"]),
        .target(name: "FlowWidgets", dependencies: ["FlowCore"]),
        // Deterministic retail pages for benchmarks, property tests and fuzz seeds.
        .target(name: "PageGenerator", dependencies: ["FlowCore", "RetailContract"]),

        // Image decoding and encoding over Debian's libjpeg-turbo and libpng.
        .target(
            name: "CImageCodec",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        // Files only their owner can read (0600, in 0700 directories), written whole: what the
        // client keeps of a shopper.
        .target(name: "PrivateFiles"),
        // libcurl from Debian's libcurl4-openssl-dev: the client's HTTP on Linux.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Every HTTP request the client makes, bounded: a body cap that stops the transfer,
        // deadlines, cancellation that closes the connection, no redirects, no cookies. libcurl
        // on Linux (FoundationNetworking reads on after a cancel); URLSession on Apple platforms.
        .target(name: "HTTPTransport", dependencies: [.target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // CImageCodec decodes on Linux only; Apple platforms decode with ImageIO, and the iOS
        // SDK has no libjpeg or libpng to build it against.
        .target(
            name: "ImagePipeline",
            dependencies: [.target(name: "CImageCodec", condition: .when(platforms: [.linux])), "PrivateFiles", "HTTPTransport"]
        ),

        // SQLite from Debian's libsqlite3: the client's analytics outbox and the backend's
        // embedded store, through one connection type.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SQLiteSupport", dependencies: ["CSQLite"]),
        // The retail vocabulary client and backend compile against: widget and action type
        // names, routes, limits, error codes. Depends on nothing.
        .target(name: "RetailContract"),
        .target(
            name: "RetailKit",
            dependencies: ["RetailContract", "FlowCore", "FlowRuntime", "FlowWidgets", "ImagePipeline", "HTTPTransport", "CSQLite", "SQLiteSupport", "PrivateFiles"]
        ),

        // What every renderer decides the same way: chrome order, visible fractions, detents,
        // focus order, image pixel sizes. No drawing.
        .target(name: "FlowPresentation", dependencies: ["FlowCore", "FlowRuntime", "FlowWidgets", "ImagePipeline"]),
        // The shopper's screens as values and pure rules (page status, cart sheet, product page,
        // search, notices, the keys' help) and the one catalogue of the app's words, over
        // RetailKit's data: what both retail renderers draw, decided once. No drawing.
        .target(name: "RetailPresentation", dependencies: ["RetailContract", "FlowCore", "FlowRuntime", "FlowWidgets", "FlowPresentation", "RetailKit", "ImagePipeline"]),
        // The terminal renderer: cells, text, chrome, arrangements, page shell, images, writer,
        // terminal modes, input.
        .target(
            name: "FlowTerminal",
            dependencies: ["FlowCore", "FlowRuntime", "FlowWidgets", "ImagePipeline", "FlowPresentation"]
        ),
        .target(
            name: "RetailTerminal",
            dependencies: ["RetailKit", "RetailPresentation", "FlowTerminal", "FlowPresentation", "FlowWidgets", "FlowCore", "FlowRuntime", "ImagePipeline"]
        ),

        // Declarations of the SwiftUI, UIKit, CoreGraphics and Accessibility API the SwiftUI
        // renderer uses, copied from Apple's documentation, so that it is type-checked where
        // those frameworks do not exist. Linked on Linux only; their bodies are never run (see their README).
        .target(name: "CoreGraphicsDeclarations", path: "Sources/AppleDeclarations/CoreGraphics"),
        .target(name: "UIKitDeclarations", path: "Sources/AppleDeclarations/UIKit"),
        .target(name: "AccessibilityDeclarations", path: "Sources/AppleDeclarations/Accessibility"),
        .target(
            name: "SwiftUIDeclarations", dependencies: ["CoreGraphicsDeclarations", "UIKitDeclarations"],
            path: "Sources/AppleDeclarations/SwiftUI", exclude: ["../README.md"]
        ),
        // The SwiftUI renderer: every decision comes from FlowPresentation and the runtime.
        .target(
            name: "FlowSwiftUI",
            dependencies: [
                "FlowCore", "FlowRuntime", "FlowWidgets", "FlowPresentation", "ImagePipeline",
                .target(name: "SwiftUIDeclarations", condition: .when(platforms: [.linux])),
                .target(name: "UIKitDeclarations", condition: .when(platforms: [.linux])),
                .target(name: "CoreGraphicsDeclarations", condition: .when(platforms: [.linux])),
                .target(name: "AccessibilityDeclarations", condition: .when(platforms: [.linux])),
            ]
        ),
        // The retail widgets' SwiftUI views and the shopper's app shell on AppComposition.
        .target(
            name: "RetailSwiftUI",
            dependencies: [
                "FlowSwiftUI", "RetailKit", "RetailPresentation", "FlowCore", "FlowRuntime", "FlowPresentation",
                .target(name: "SwiftUIDeclarations", condition: .when(platforms: [.linux])),
            ]
        ),
        // The example app's sources (Examples/VitrineShop.swiftpm, whose own manifest needs
        // Xcode), type-checked as part of this package.
        .target(
            name: "VitrineShopExample",
            dependencies: [
                "RetailSwiftUI", "RetailKit", "RetailPresentation",
                .target(name: "SwiftUIDeclarations", condition: .when(platforms: [.linux])),
            ],
            path: "Examples/VitrineShop.swiftpm/App",
            // The demo shop the app shows with no backend (`make example-shop`).
            resources: [.copy("Resources/DemoShop")]
        ),

        // The home backend and its HTTP front on libmicrohttpd.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // An HTTP/1.1 server on libmicrohttpd: framing, limits, slow-client watch, suspended
        // answers, trusted proxies, access log; and a generic route table. No domain type.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        // HMAC-SHA-256, SHA-256 and constant-time comparison from Debian's OpenSSL (libcrypto):
        // session tokens are kept as their keyed hash.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // PostgreSQL's client library from Debian's libpq: state shared by many `vitrine serve`.
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // The demo catalogue is a directory of JSON files (docs/backend.md, "Merchandising"),
        // copied as it is for `vitrine serve` to read when it is given no other.
        .target(
            name: "RetailBackend",
            dependencies: ["RetailContract", "FlowCore", "HTTPServer", "CImageCodec", "CCrypto", "CPostgres", "CSQLite", "SQLiteSupport", "PrivateFiles"],
            resources: [.copy("DemoCatalogue")]
        ),

        // What every command-line program shares: the console, usage errors, safe text.
        .target(name: "CommandLineSupport", dependencies: ["FlowPresentation"]),

        // The command-line surfaces (app, lint, serve, render, preview, catalogue) and the executable.
        .target(
            name: "VitrineCLI",
            dependencies: [
                "CommandLineSupport", "FlowCore", "FlowRuntime", "FlowWidgets", "RetailContract", "RetailKit", "RetailPresentation", "ImagePipeline", "RetailBackend",
                "HTTPServer", "PageGenerator", "FlowPresentation", "FlowTerminal", "RetailTerminal", "CImageCodec", "HTTPTransport", "PrivateFiles",
            ]
        ),
        .executableTarget(name: "vitrine", dependencies: ["VitrineCLI"]),

        // The benchmarks, a program of their own beside `vitrine` (`vitrine bench NAME` runs it).
        .target(
            name: "VitrineBench",
            dependencies: [
                "CommandLineSupport", "FlowCore", "FlowRuntime", "FlowWidgets", "RetailContract", "RetailKit", "ImagePipeline", "RetailBackend", "HTTPServer",
                "PageGenerator", "FlowTerminal", "RetailTerminal", "CPTYSupport", "CImageCodec", "TestSupport",
            ]
        ),
        .executableTarget(name: "vitrine-bench", dependencies: ["VitrineBench"]),

        .testTarget(name: "FlowCoreTests", dependencies: ["FlowCore"]),
        // The route table, without a socket.
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CMicroHTTPD"]),
        // zlib (tests only): the crafted server's gzip answers.
        .systemLibrary(name: "CZlib", path: "Tests/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The manual clocks and the crafted server every test target that needs them shares.
        .target(name: "TestSupport", dependencies: ["CZlib", "CPTYSupport"], path: "Tests/TestSupport"),
        // The programs the tests run as children (a terminal session, a process to kill).
        .executableTarget(name: "VitrineTestChild", dependencies: ["CommandLineSupport", "FlowCore", "FlowTerminal", "RetailKit"], path: "Tests/VitrineTestChild"),
        // The transport through real sockets: caps, gzip, deadlines, cancellation, IPv6.
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowCore", "TestSupport"]),
        .testTarget(name: "FlowWidgetsTests", dependencies: ["FlowWidgets", "FlowCore"]),
        // The retail data layer against the real backend, in process on a loopback port; the
        // crash test runs the `vitrine` binary as its child.
        .testTarget(
            name: "RetailKitTests",
            dependencies: ["RetailKit", "RetailContract", "FlowCore", "FlowRuntime", "FlowWidgets", "PageGenerator", "RetailBackend", "HTTPServer", "SQLiteSupport", "PrivateFiles", "ImagePipeline", "TestSupport"]
        ),
        .testTarget(name: "ImagePipelineTests", dependencies: ["ImagePipeline", "CImageCodec", "HTTPTransport", "TestSupport"]),
        .testTarget(name: "PrivateFilesTests", dependencies: ["PrivateFiles"]),
        .testTarget(name: "RetailBackendTests", dependencies: ["RetailBackend", "RetailContract", "HTTPServer", "FlowCore", "CImageCodec", "SQLiteSupport", "PageGenerator", "TestSupport"]),
        // Opens pseudo-terminals (posix_openpt is not visible to Swift): the terminal-mode
        // tests and `vitrine bench app` run the binary in one.
        .target(name: "CPTYSupport"),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(name: "VitrineBenchTests", dependencies: ["VitrineBench", "CommandLineSupport", "FlowCore"]),
        .testTarget(name: "VitrineCLITests", dependencies: ["VitrineCLI", "CommandLineSupport", "RetailContract", "HTTPServer", "FlowCore", "FlowRuntime", "FlowPresentation", "RetailBackend", "RetailKit", "RetailPresentation", "RetailTerminal", "FlowTerminal", "CPTYSupport", "SQLiteSupport", "PageGenerator", "TestSupport"]),
        .testTarget(name: "FlowPresentationTests", dependencies: ["FlowPresentation", "RetailPresentation", "FlowCore", "FlowRuntime", "FlowWidgets", "ImagePipeline", "CImageCodec", "TestSupport"]),
        // libvterm, a real terminal emulator, checks what the writer sends (tests only).
        .systemLibrary(
            name: "CVTerm",
            path: "Tests/CVTerm",
            pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"])]
        ),
        .testTarget(
            name: "FlowTerminalTests",
            dependencies: ["FlowTerminal", "FlowPresentation", "RetailPresentation", "FlowCore", "FlowRuntime", "FlowWidgets", "ImagePipeline", "CImageCodec", "CVTerm", "TestSupport"]
        ),
        // The SwiftUI layer's own logic (preview fixtures, registries, the example's session);
        // depending on the three targets makes `swift build` and `make test` type-check them.
        // The widget recipe (docs/ARCHITECTURE.md) runs here, where every registry is seen:
        // hence the terminal's and the contract's modules.
        .testTarget(
            name: "FlowSwiftUITests",
            dependencies: [
                "FlowSwiftUI", "RetailSwiftUI", "VitrineShopExample", "FlowCore", "FlowRuntime", "FlowPresentation", "FlowWidgets", "RetailKit", "RetailPresentation",
                "ImagePipeline", "RetailContract", "FlowTerminal", "RetailTerminal", "TestSupport",
                .target(name: "SwiftUIDeclarations", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(
            name: "RetailTerminalTests",
            dependencies: ["RetailTerminal", "RetailPresentation", "FlowTerminal", "FlowPresentation", "RetailKit", "FlowCore", "FlowRuntime", "ImagePipeline", "TestSupport"]
        ),
        // The shopper's screens as models, and the one catalogue of words.
        .testTarget(
            name: "RetailPresentationTests",
            dependencies: ["RetailPresentation", "RetailContract", "RetailKit", "FlowPresentation", "FlowRuntime", "FlowCore", "FlowWidgets", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
