/// What a command asks a running daemon: its arguments and everything that shapes its output.
public struct WarmRequest: Sendable, Equatable {
    /// The name of the cookie file the client created just before asking.
    public var cookie: String
    /// The vault root the client resolved (lexical absolute path).
    public var root: String
    /// The client's current folder.
    public var currentDirectory: String
    /// The arguments after the program name.
    public var arguments: [String]
    /// The client's values of the variables that shape output (see `WarmRequest.relevantVariables`).
    public var environment: [String: String]
    /// Whether stdin, stdout and stderr of the client are terminals, and how its output is shaped.
    public var terminals: Terminals
    /// The width rows are cut to on the client's terminal; nil for full lines.
    public var width: Int?

    /// Which of the client's standard streams are terminals, and its choices for output.
    public struct Terminals: OptionSet, Sendable, Equatable {
        /// The raw bits.
        public let rawValue: UInt32
        /// Creates a set from bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// stdin is a terminal.
        public static let stdin = Terminals(rawValue: 1)
        /// stdout is a terminal.
        public static let stdout = Terminals(rawValue: 2)
        /// stderr is a terminal.
        public static let stderr = Terminals(rawValue: 4)
        /// Output is colored.
        public static let color = Terminals(rawValue: 8)
        /// Lists show relative times.
        public static let relativeTimes = Terminals(rawValue: 16)
    }

    /// Variables whose values change what a read command prints: a daemon answers only a client
    /// whose values equal its own, so that warm and cold output cannot differ.
    public static let relevantVariables = [
        "NOTEZ_NOW", "NO_COLOR", "TZ", "HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "LANG", "LC_ALL", "LC_TIME",
        "COLUMNS", "NOTEZ_VAULT",
    ]

    /// Creates a request.
    public init(
        cookie: String, root: String, currentDirectory: String, arguments: [String], environment: [String: String],
        terminals: Terminals, width: Int? = nil
    ) {
        self.cookie = cookie
        self.root = root
        self.currentDirectory = currentDirectory
        self.arguments = arguments
        self.environment = environment
        self.terminals = terminals
        self.width = width
    }
}
