import Foundation

/// Runs a target's checks over files named on the command line, for reproducing a libFuzzer find
/// in an ordinary build (with a debugger, without sanitizers). Exits 1 when a check fails.
public enum FuzzReplay {
    /// Checks every file given as an argument and prints one line per file.
    public static func run(_ target: FuzzTarget, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        if arguments.isEmpty {
            print("usage: fuzz-\(target.rawValue) FILE...  (runs the checks once per file)")
            exit(2)
        }
        var failed = false
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                failed = true
                continue
            }
            do {
                try target.check(Array(data))
                print("\(path): ok")
            } catch {
                print("\(path): FAILED: \(error)")
                failed = true
            }
        }
        exit(failed ? 1 : 0)
    }
}
