import Foundation

/// The global options (`--color`, `--no-pager`, `-q`/`--quiet`, `-V`/`--vault-name`) in the
/// completion of every subcommand. `main` takes them anywhere before `--` (`GlobalFlags`,
/// `UserSettings`), but the argument parser's scripts know a root option only before the
/// subcommand: each script is given, for every subcommand that does not declare the option itself
/// (`tag create --color NAME`, `watch --quiet`), a copy of the root's lines for it. A script whose
/// shape is not the expected one is left as it is (the shell tests would then fail).
enum GlobalOptionCompletion {
    /// The long names of the global options.
    static let longNames = ["--color", "--no-pager", "--quiet", "--vault-name"]
    /// Every spelling, short ones included, with whether it takes a value.
    static let spellings: [(name: String, long: String, takesValue: Bool)] = [
        ("--color", "--color", true), ("--no-pager", "--no-pager", false), ("-q", "--quiet", false),
        ("--quiet", "--quiet", false), ("-V", "--vault-name", true), ("--vault-name", "--vault-name", true),
    ]

    /// `script` for `shell` with the global options in every subcommand.
    static func patch(_ script: String, shell: String) -> String {
        switch shell {
        case "bash": return bash(script)
        case "zsh": return zsh(script)
        case "fish": return fish(script)
        default: return script
        }
    }

    /// A shell function of the script: its first and last line.
    private struct Function {
        var name: String
        var range: Range<Int>
    }

    /// The functions `_notez…() {` … `}` of a bash or zsh script.
    private static func functions(_ lines: [String]) -> [Function] {
        var result: [Function] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("_notez"), line.hasSuffix("() {"), let end = lines[index...].firstIndex(of: "}") {
                result.append(Function(name: String(line.dropLast(4)), range: index..<(end + 1)))
                index = end + 1
            } else {
                index += 1
            }
        }
        return result
    }

    // MARK: bash

    /// Adds the names to each subcommand's `non_repeating_flags`/`non_repeating_options` (so a
    /// value after `--color` is not taken for an argument) and the root's value completions.
    private static func bash(_ script: String) -> String {
        var lines = script.components(separatedBy: "\n")
        let all = functions(lines)
        guard let root = all.first(where: { $0.name == "_notez" }) else { return script }
        // The root's `case "${prev}"` entries for the options with a value, each up to its `;;`.
        var handlers: [String: [String]] = [:]
        for long in ["--color", "--vault-name"] {
            guard let start = lines[root.range].firstIndex(where: { $0.hasPrefix("    '") && $0.contains("'\(long)'") && $0.hasSuffix(")") }),
                let end = lines[start..<root.range.upperBound].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == ";;" })
            else { return script }
            handlers[long] = Array(lines[start...end])
        }
        // The root's own entries answer only before the subcommand: after it, the subcommand's
        // function answers (`tag create NAME --color` offers presets, not auto/always/never).
        // So do a group's (`tag`): `tag create`'s function comes after it.
        var guardedHandlers: [String: [String]] = [:]
        for long in ["--vault-name", "--color"] {
            let entry = handlers[long]!
            guard let start = lines[root.range].firstIndex(of: entry[0]) else { return script }
            let guarded =
                [entry[0], "        if [[ \"${positional_number}\" -ne -2 ]]; then"]
                + entry[1..<(entry.count - 1)].map { "    " + $0 } + ["        fi", entry[entry.count - 1]]
            guardedHandlers[long] = guarded
            lines.replaceSubrange(start..<(start + entry.count), with: guarded)
        }
        // From the last function up, so earlier line numbers stay right.
        for function in functions(lines).reversed() where function.name != "_notez" {
            let body = Array(lines[function.range])
            guard let flagsAt = body.firstIndex(where: { $0.hasPrefix("    non_repeating_flags=(") }),
                let optionsAt = body.firstIndex(where: { $0.hasPrefix("    non_repeating_options=(") }),
                let offerAt = body.firstIndex(where: { $0.hasPrefix("    __notez_offer_flags_options") })
            else { continue }
            let declared = Set(
                body.filter { $0.contains("_flags=(") || $0.contains("_options=(") }
                    .flatMap { line in line.drop { $0 != "(" }.dropFirst().dropLast().split(separator: " ").map(String.init) })
            let missing = spellings.filter { !declared.contains($0.name) && !declared.contains($0.long) }
            guard !missing.isEmpty else { continue }
            var patched = body
            let flags = missing.filter { !$0.takesValue }.map(\.name)
            let options = missing.filter(\.takesValue).map(\.name)
            if !flags.isEmpty { patched[flagsAt] = String(patched[flagsAt].dropLast()) + (patched[flagsAt].hasSuffix("(") ? "" : " ") + flags.joined(separator: " ") + ")" }
            if !options.isEmpty {
                patched[optionsAt] = String(patched[optionsAt].dropLast()) + (patched[optionsAt].hasSuffix("(") ? "" : " ") + options.joined(separator: " ") + ")"
                let isGroup = body.contains("    local -r subcommand=\"${unparsed_words[0]}\"")
                let entries = Set(missing.filter(\.takesValue).map(\.long)).sorted().flatMap { isGroup ? guardedHandlers[$0]! : handlers[$0]! }
                if let caseAt = patched.firstIndex(of: "    case \"${prev}\" in") {
                    patched.insert(contentsOf: entries, at: caseAt + 1)
                } else {
                    patched.insert(contentsOf: ["", "    case \"${prev}\" in"] + entries + ["    esac"], at: offerAt + 1)
                }
            }
            lines.replaceSubrange(function.range, with: patched)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: zsh

    /// Adds the root's `_arguments` specs (and the value lists they use) to each subcommand's.
    private static func zsh(_ script: String) -> String {
        var lines = script.components(separatedBy: "\n")
        let all = functions(lines)
        guard let root = all.first(where: { $0.name == "_notez" }),
            let rootSpecs = lines[root.range].firstIndex(of: "    local -ar arg_specs=("),
            let rootEnd = lines[rootSpecs..<root.range.upperBound].firstIndex(of: "    )")
        else { return script }
        // Each global option's spec line, and the setup line of its value list if it has one.
        var specs: [String: (spec: String, setup: String?)] = [:]
        for long in longNames {
            guard let spec = lines[(rootSpecs + 1)..<rootEnd].first(where: { declares($0, long) }) else { return script }
            let variable = "___" + long.dropFirst(2).replacingOccurrences(of: "-", with: "_")
            let setup = lines[root.range].first { $0.hasPrefix("    local -ar \(variable)=(") }
            specs[long] = (spec, setup)
        }
        for function in all.reversed() where function.name != "_notez" {
            guard let specsAt = lines[function.range].firstIndex(of: "    local -ar arg_specs=("),
                let end = lines[specsAt..<function.range.upperBound].firstIndex(of: "    )")
            else { continue }
            let block = lines[(specsAt + 1)..<end]
            let missing = longNames.filter { long in !block.contains { declares($0, long) } }
            guard !missing.isEmpty else { continue }
            lines.insert(contentsOf: missing.map { specs[$0]!.spec }, at: specsAt + 1)
            lines.insert(contentsOf: missing.compactMap { specs[$0]!.setup }, at: specsAt)
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a zsh spec line declares the option `long` (`'--color[…` or `{-q,--quiet}'[…`).
    private static func declares(_ line: String, _ long: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("'\(long)[") || trimmed.hasPrefix("'\(long)=") || trimmed.hasPrefix("'*\(long)[")
            || trimmed.contains(",\(long)}") || trimmed.contains("{\(long),")
    }

    // MARK: fish

    /// Adds the root's option specs to each subcommand's `argparse` specs (so `--color VALUE` is
    /// parsed as an option) and the root's `complete` lines in each subcommand's context.
    private static func fish(_ script: String) -> String {
        var lines = script.components(separatedBy: "\n")
        let parse = "__notez_parse_subcommand "
        guard let rootParse = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(parse) }) else { return script }
        let rootWords = lines[rootParse].split(separator: " ").map(String.init)
        // `'color='`, `'no-pager'`, `'q/quiet'`, `'V/vault-name='`.
        func specName(_ word: String) -> String? {
            guard word.hasPrefix("'"), word.hasSuffix("'") else { return nil }
            let inner = word.dropFirst().dropLast()
            let name = inner.split(separator: "/").last.map { String($0) } ?? ""
            return "--" + (name.hasSuffix("=") ? String(name.dropLast()) : name)
        }
        let globalSpecs = rootWords.filter { specName($0).map(longNames.contains) ?? false }
        guard globalSpecs.count == longNames.count else { return script }
        for index in lines.indices where index != rootParse && lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(parse) {
            let words = lines[index].split(separator: " ").map(String.init)
            let declared = Set(words.compactMap(specName))
            let added = globalSpecs.filter { !declared.contains(specName($0)!) }
            if !added.isEmpty { lines[index] += " " + added.joined(separator: " ") }
        }
        // The root's completion lines of the global options, and every subcommand's context.
        let flagsFunction = "__notez_should_offer_completions_for_flags_or_options \""
        let rootContext = flagsFunction + "notez\""
        let rootLines = lines.filter { line in
            line.contains(rootContext) && longNames.contains { line.contains("-l '\($0.dropFirst(2))'") || line.contains("-l \($0.dropFirst(2)) ") }
        }
        guard rootLines.count == longNames.count else { return script }
        var contexts: [String] = []
        var declaredByContext: [String: Set<String>] = [:]
        for line in lines {
            guard let start = line.range(of: flagsFunction) else { continue }
            let rest = line[start.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { continue }
            let context = String(rest[..<close])
            if context == "notez" { continue }
            if declaredByContext[context] == nil { contexts.append(context) }
            for long in longNames where line.contains("-l '\(long.dropFirst(2))'") || line.contains("-l \(long.dropFirst(2)) ") {
                declaredByContext[context, default: []].insert(long)
            }
            declaredByContext[context, default: []].formUnion([])
        }
        var added: [String] = []
        for context in contexts {
            for (long, line) in zip(longNames, longNames.map { long in rootLines.first { $0.contains("-l '\(long.dropFirst(2))'") || $0.contains("-l \(long.dropFirst(2)) ") }! })
            where !(declaredByContext[context]?.contains(long) ?? false) {
                added.append(line.replacingOccurrences(of: rootContext, with: flagsFunction + context + "\""))
            }
        }
        return (lines + added).joined(separator: "\n")
    }
}
