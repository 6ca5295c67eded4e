// swift-tools-version:6.1
import PackageDescription

// `make test` builds in the release configuration with `-Onone` and sets NOTEZ_TEST_BUILD: no
// optimizer for the dependencies and the tests (as in a debug build), and no `DEBUG`, whose checks
// in the argument parser were two thirds of every debug `notez` run's CPU (docs/architecture.md).
// NOTEZ_TEST_BUILD=optimized also optimizes NotezKit, for the tests over the real vaults.
let testBuild = Context.environment["NOTEZ_TEST_BUILD"]

let package = Package(
    name: "notez",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notez", targets: ["notez"]),
        .library(name: "NotezKit", targets: ["NotezKit"]),
        .executable(name: "notez-mcp", targets: ["notez-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        // The web UI (`notez serve`) only: SwiftNIO's HTTP server with service lifecycle.
        // Without its default traits: swift-configuration (config readers) and full Foundation
        // (DateFormatter in form decoding) are used by nothing here, and the first is 47 files to build.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The storage comparison of notez-bench only (`--storage`): the index cache against SQLite.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // A prefetch hint for the daemon's signature test (Swift has none of its own).
        .target(name: "CPrefetch"),
        // The allocator's knobs for a long-running process, whichever allocator is linked (jemalloc
        // into `notez` on Linux, glibc's elsewhere).
        .target(name: "CAllocator"),
        // Optimized in debug builds, and in the test build when the real vaults of 16,000 notes are
        // there (an unoptimized NotezKit made their tests most of `make test`'s time); without them,
        // its optimizer was half of the test build's CPU and saved the tests less. The test build's
        // `-Onone` comes after these flags, so `-O` goes to the frontend directly (the last of the
        // two wins there). Optimized, it is compiled in batches, so that both cores run its optimizer;
        // unoptimized, whole-module (the release default): 106 s of CPU against 188 s in batches, each
        // of which type-checks what it uses of the rest of the module again.
        .target(
            name: "NotezKit", dependencies: ["CYAML", "CCmarkGFM", "CPrefetch", "CAllocator"],
            swiftSettings: testBuild == nil
                ? [.unsafeFlags(["-O"], .when(configuration: .debug))]
                : testBuild == "optimized" ? [.unsafeFlags(["-Xfrontend", "-O", "-no-whole-module-optimization"])] : []),
        // The web UI: Hummingbird lives here only, so no other command initializes any of it.
        .target(
            name: "NotezServer",
            dependencies: [
                "NotezKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "notez",
            dependencies: [
                "NotezKit",
                "NotezServer",
                "NotezLSP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A static stdlib (the release build) links with `-export-dynamic`: 25,000 symbols in
            // `.dynsym`, which the runtime's start-up `dladdr` scans one by one (an eighth of a
            // warm client's CPU). Nothing looks the executable's symbols up dynamically but jemalloc (below).
            // Debug and test builds link the Swift runtime and Foundation statically too: the tests
            // start `notez` thousands of times, and the dynamic linker's work was a third of each start.
            // jemalloc (Debian's libjemalloc2), a shared library loaded before the C library, so that
            // its `malloc` serves the Swift runtime, libyaml and the C library alike (linked
            // statically, the toolchain's `--exclude-libs ALL` would hide it from them). A first run
            // over 100,000 notes spent a sixth of its time in glibc's malloc and free
            // (docs/performance.md). `malloc_conf` (Sources/CAllocator) is exported for it to read.
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"]),
                .linkedLibrary("jemalloc", .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=malloc_conf"], .when(platforms: [.linux])),
                .unsafeFlags(
                    [
                        "-static-stdlib", "-lCoreFoundation", "-l_FoundationCShims", "-l_FoundationCollections",
                        "-l_FoundationICU",
                    ], testBuild != nil ? nil : .when(configuration: .debug)),
            ]
        ),
        // The MCP server in its own executable, which `notez mcp` runs: ordinary commands neither
        // load it nor the networking Foundation the SDK links.
        .target(name: "NotezMCP", dependencies: ["NotezKit", .product(name: "MCP", package: "swift-sdk")]),
        .executableTarget(name: "notez-mcp", dependencies: ["NotezMCP"]),
        // The Language Server (`notez lsp`): JSON-RPC over stdio with Foundation's JSON only, so it
        // lives in notez itself; the editor rules it serves are NotezKit's (Sources/NotezKit/Editor).
        .target(name: "NotezLSP", dependencies: ["NotezKit"]),
        .executableTarget(name: "notez-bench", dependencies: ["NotezKit", "CSQLite"]),
        // Fuzzing: the checks live in NotezFuzz; each fuzz-* executable is a libFuzzer target when built
        // with `-DNOTEZ_LIBFUZZER -sanitize=fuzzer` (make fuzz) and a replayer of input files otherwise.
        .target(name: "NotezFuzz", dependencies: ["NotezKit"]),
        .executableTarget(name: "fuzz-front-matter", dependencies: ["NotezFuzz"]),
        .executableTarget(name: "fuzz-front-matter-edit", dependencies: ["NotezFuzz"]),
        .executableTarget(name: "fuzz-query", dependencies: ["NotezFuzz"]),
        // What several test targets share: package paths, built executables, the real vaults, scratch folders.
        .target(name: "NotezTestSupport", path: "Tests/NotezTestSupport"),
        .testTarget(
            name: "NotezKitTests",
            dependencies: [
                "NotezKit", "NotezTestSupport",
                // The tag edit model is shared with the editor's fuzz check.
                "NotezFuzz",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // MCP: the end-to-end test of `notez mcp` speaks to it with the SDK's own client.
        .testTarget(
            name: "NotezCLITests",
            dependencies: [
                "NotezKit", "NotezTestSupport", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(name: "NotezFuzzTests", dependencies: ["NotezFuzz"]),
        // Real-browser tests: drive the built `notez serve` with Chromium through chromedriver.
        .testTarget(name: "NotezBrowserTests", dependencies: ["NotezTestSupport"]),
        .testTarget(
            name: "NotezServerTests",
            dependencies: [
                "NotezServer", "NotezKit", "NotezTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                // Requests go straight to the router (Tests/NotezServerTests/RouterClient.swift), not
                // through HummingbirdTesting: its live mode builds an HTTP client with TLS
                // (AsyncHTTPClient, NIOSSL with BoringSSL, NIOHTTP2), minutes of every clean build.
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
