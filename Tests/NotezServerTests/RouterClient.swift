import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// Sends requests straight to the server's router, without a socket. It is what these tests used
/// of Hummingbird's `HummingbirdTesting`, whose live mode brings an HTTP client with TLS
/// (AsyncHTTPClient, NIOSSL and its BoringSSL, NIOHTTP2) into the build: minutes of `make test`.
struct RouterClient: Sendable {
    let responder: RouterResponder<BasicRequestContext>
    private let logger = Logger(label: "notez-server-tests")

    init(router: Router<BasicRequestContext>) {
        responder = router.buildResponder()
    }

    /// Sends one request as a browser on the loopback name would, and collects the whole response.
    func execute(
        uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> RouterResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = BasicRequestContext(source: .init(channel: EmbeddedChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // As Hummingbird's server answers a handler's uncaught error.
            response = Response(status: (error as? any HTTPResponseError)?.status ?? .internalServerError)
        }
        let collected = CollectedBody()
        try await response.body.write(collected)
        return RouterResponse(status: response.status, headers: response.headers, body: collected.buffer)
    }

    /// Sends one request and hands its response to `check`.
    func execute<Value>(
        uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        _ check: (RouterResponse) async throws -> Value
    ) async throws -> Value {
        try await check(execute(uri: uri, method: method, headers: headers, body: body))
    }
}

/// A response as the router gave it, its body collected.
struct RouterResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer

    var text: String { String(buffer: body) }
}

/// The response body's bytes, as a connection would have written them (one task writes them).
private final class CollectedBody: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        buffer.writeImmutableBuffer(part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
