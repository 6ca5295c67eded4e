/// The rules of "locked down", as a pure decision over the parts of a request that matter, so
/// each rule is testable without a server.
struct AccessGuard: Sendable {
    /// What to do with a request.
    enum Decision: Equatable {
        /// Serve it; `viaCookie` is false for a `Bearer` request.
        case allow(viaCookie: Bool)
        /// A valid `?token=`: set the cookie and redirect to `location` (the URL without the token).
        case trade(location: String)
        /// Refuse with this status and a one-line reason.
        case reject(status: Int, reason: String)
    }

    /// The facts of one request.
    struct Facts {
        var method: String
        var path: String
        /// The query string without `?`.
        var query: String?
        /// The request's authority and every `Host` field (all must be acceptable).
        var hosts: [String]
        var cookieToken: String?
        var authorization: String?
        var origin: String?
        /// The CSRF token from the `X-CSRF-Token` header or the form field `csrf`.
        var csrf: String?
    }

    let settings: ServerSettings
    /// The port actually bound.
    let port: Int

    /// Methods that change nothing; everything else needs the CSRF token and a matching Origin.
    static let safeMethods: Set<String> = ["GET", "HEAD"]

    func decide(_ facts: Facts) -> Decision {
        // DNS rebinding: a page of another site that resolved its name to 127.0.0.1 sends its own Host.
        let allowed = settings.allowedHosts(port: port)
        if facts.hosts.isEmpty || !facts.hosts.allSatisfy({ allowed.contains($0.lowercased()) }) {
            return .reject(status: 403, reason: "the Host header does not name this server")
        }
        let isSafe = AccessGuard.safeMethods.contains(facts.method)
        if isSafe, let token = AccessGuard.parameter("token", in: facts.query) {
            guard AccessGuard.equal(token, settings.token) else { return .reject(status: 401, reason: "wrong access token") }
            let rest = AccessGuard.removing("token", from: facts.query)
            // `//host/...` would be a redirect to another site.
            let local = facts.path.hasPrefix("/") && !facts.path.hasPrefix("//") && !facts.path.contains("\\")
            return .trade(location: (local ? facts.path : "/") + (rest.isEmpty ? "" : "?" + rest))
        }
        if let authorization = facts.authorization {
            let prefix = "Bearer "
            guard authorization.hasPrefix(prefix), AccessGuard.equal(String(authorization.dropFirst(prefix.count)), settings.token) else {
                return .reject(status: 401, reason: "wrong access token")
            }
            // A browser never attaches this header on its own, so a Bearer request cannot be forged
            // by another page: no CSRF token is needed.
            return .allow(viaCookie: false)
        }
        guard let cookie = facts.cookieToken, AccessGuard.equal(cookie, settings.token) else {
            return .reject(status: 401, reason: "open the address printed by 'notez serve' (it carries the access token)")
        }
        if !isSafe {
            let origins = allowed.map { "http://" + $0 }
            guard let origin = facts.origin, origins.contains(origin.lowercased()) else {
                return .reject(status: 403, reason: "a change must come from a page of this server (Origin)")
            }
            guard let csrf = facts.csrf, AccessGuard.equal(csrf, settings.csrfToken) else {
                return .reject(status: 403, reason: "missing or wrong CSRF token")
            }
        }
        return .allow(viaCookie: true)
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// The first value of `name` in a query string (percent-decoded).
    static func parameter(_ name: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return FormData.decode(parts.count > 1 ? parts[1] : "") }
        }
        return nil
    }

    /// The query string without any `name=` pair.
    static func removing(_ name: String, from query: String?) -> String {
        (query ?? "").split(separator: "&").filter { !($0 == name || $0.hasPrefix(name + "=")) }.joined(separator: "&")
    }
}
