// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "notez",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "notez", targets: ["notez"]),
        .library(name: "NotezKit", targets: ["NotezKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
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
        .target(name: "NotezKit", dependencies: ["CYAML", "CCmarkGFM"]),
        .executableTarget(
            name: "notez",
            dependencies: [
                "NotezKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "notez-bench", dependencies: ["NotezKit"]),
        // Fuzzing: the checks live in NotezFuzz; each fuzz-* executable is a libFuzzer target when built
        // with `-DNOTEZ_LIBFUZZER -sanitize=fuzzer` (make fuzz) and a replayer of input files otherwise.
        .target(name: "NotezFuzz", dependencies: ["NotezKit"]),
        .executableTarget(name: "fuzz-front-matter", dependencies: ["NotezFuzz"]),
        .executableTarget(name: "fuzz-front-matter-edit", dependencies: ["NotezFuzz"]),
        .executableTarget(name: "fuzz-query", dependencies: ["NotezFuzz"]),
        .testTarget(
            name: "NotezKitTests",
            dependencies: [
                "NotezKit",
                // The tag edit model is shared with the editor's fuzz check.
                "NotezFuzz",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "NotezCLITests", dependencies: ["NotezKit"]),
        .testTarget(name: "NotezFuzzTests", dependencies: ["NotezFuzz"]),
    ],
    swiftLanguageModes: [.v6]
)
