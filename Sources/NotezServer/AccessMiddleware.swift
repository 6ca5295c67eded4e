import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Applies `AccessGuard` to every request and adds the security headers to every response.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let settings: ServerSettings
    let port: PortBox

    static var csrfHeader: HTTPField.Name { HTTPField.Name("X-CSRF-Token")! }
    static var hostHeader: HTTPField.Name { HTTPField.Name("Host")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var hosts: [String] = request.head.authority.map { [$0] } ?? []
        hosts += request.headers[values: AccessMiddleware.hostHeader]
        let method = request.method.rawValue
        let boundPort = port.value
        let access = AccessGuard(settings: settings, port: boundPort)
        var facts = AccessGuard.Facts(
            method: method, path: request.uri.path, query: request.uri.query, hosts: hosts,
            cookieToken: request.cookies[settings.cookieName(port: boundPort)]?.value,
            authorization: request.headers[.authorization], origin: request.headers[.origin],
            csrf: request.headers[AccessMiddleware.csrfHeader])
        // A form's CSRF token is in its body: read it only for a request that passes every other rule.
        if !AccessGuard.safeMethods.contains(method), facts.csrf == nil,
            request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true
        {
            var others = facts
            others.csrf = settings.csrfToken
            if case .allow = access.decide(others) {
                let buffer = try await request.collectBody(upTo: WebServer.maxForm)
                facts.csrf = FormData(String(buffer: buffer))["csrf"]
            }
        }
        var response: Response
        switch access.decide(facts) {
        case .allow:
            do {
                response = try await next(request, context)
            } catch let error as HTTPError {
                response = Page.errorResponse(status: error.status, message: error.body ?? error.status.reasonPhrase)
            }
        case .trade(let location):
            response = Response(status: .seeOther, headers: [.location: location])
            response.setCookie(
                Cookie(
                    name: settings.cookieName(port: boundPort), value: settings.token, path: "/", httpOnly: true,
                    sameSite: .strict))
        case .reject(let status, let reason):
            response = Page.errorResponse(status: status == 401 ? .unauthorized : .forbidden, message: reason)
        }
        AccessMiddleware.addSecurityHeaders(&response.headers)
        return response
    }

    /// Own scripts and styles only, no framing, no referrer to other sites, no sniffing, no caching of vault pages.
    static func addSecurityHeaders(_ headers: inout HTTPFields) {
        // A response with a policy of its own (a vault file: sandboxed) keeps it.
        if headers[HTTPField.Name("Content-Security-Policy")!] == nil {
            headers[HTTPField.Name("Content-Security-Policy")!] = csp
        }
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        // Not `no-referrer`: with it browsers send `Origin: null` on a same-origin POST, which the
        // CSRF check must refuse. `same-origin` still sends nothing to other sites.
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }

    /// The pages' policy.
    static var csp: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }
}

/// The port the server bound (known only once it listens when 0 was asked for).
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int

    init(_ port: Int) { self.port = port }

    var value: Int {
        get { lock.withLock { port } }
        set { lock.withLock { port = newValue } }
    }
}
