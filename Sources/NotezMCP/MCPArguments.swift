import Foundation
import MCP

/// The arguments of a tool call, read with checks whose errors say which argument is wrong.
struct MCPArguments {
    let values: [String: Value]

    init(_ values: [String: Value]) { self.values = values }

    func string(_ name: String) throws -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw MCPToolError("argument '\(name)' must be a string") }
        return text
    }

    func requiredString(_ name: String) throws -> String {
        guard let text = try string(name) else { throw MCPToolError("argument '\(name)' is required") }
        return text
    }

    func strings(_ name: String) throws -> [String]? {
        guard let value = values[name], !value.isNull else { return nil }
        // One string is accepted as a list of one, as assistants often send it so.
        if let text = value.stringValue { return [text] }
        guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
            throw MCPToolError("argument '\(name)' must be a list of strings")
        }
        return items.compactMap(\.stringValue)
    }

    func requiredStrings(_ name: String) throws -> [String] {
        guard let items = try strings(name), !items.isEmpty else { throw MCPToolError("argument '\(name)' needs at least one item") }
        return items
    }

    func integer(_ name: String) throws -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        let number = value.intValue ?? value.doubleValue.flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
        guard let number, number >= 0 else { throw MCPToolError("argument '\(name)' must be a whole number, 0 or more") }
        return number
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw MCPToolError("argument '\(name)' must be true or false") }
        return flag
    }

    /// A value as compact JSON text with sorted keys (the text content of a tool result).
    static func json(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
