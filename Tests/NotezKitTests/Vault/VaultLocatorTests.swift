import NotezTestSupport
import Testing

@testable import NotezKit

/// Where a vault path given on the command line or found from the current folder points.
struct VaultLocatorTests {
    /// A path made absolute keeps its meaning whether it takes the clean path's shortcut or not.
    @Test func absolutePathsAgreeWithTheirComponents() {
        func reference(_ path: String, _ base: String) -> String {
            let joined = path.hasPrefix("/") ? path : base + "/" + path
            var parts: [Substring] = []
            for component in joined.split(separator: "/") where component != "." {
                if component == ".." { _ = parts.popLast() } else { parts.append(component) }
            }
            return "/" + parts.joined(separator: "/")
        }
        let paths = [
            "/", "/a", "/a/b", "/a/b/", "//a", "/a//b", "/a/./b", "/a/../b", "/..", "/a/.hidden/b", "/a/b.", "/a/b..",
            "a", "a/b", "./a", "../a", "", ".", "/a/...", "/é/ü",
        ]
        for path in paths {
            for base in ["/", "/x/y", "/x/y/"] {
                expect(VaultLocator.absolute(path, from: base), equals: reference(path, base), "\(path) from \(base)")
            }
        }
    }
}
