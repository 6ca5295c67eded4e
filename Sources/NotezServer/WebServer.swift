import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NotezKit
import ServiceLifecycle

/// `notez serve`: the web UI over one live vault, locked down (see docs/web.md).
public final class WebServer: Sendable {
    /// The absolute vault root.
    public let root: String
    /// Where it listens and its tokens.
    public let settings: ServerSettings
    /// The live index shared by every page and the live stream.
    public let vault: WatchedIndex
    let runner: ActionRunner
    let hub = EventHub()
    let flashes = FlashStore()
    let derived = DerivedLists()
    let renderCache = RenderCache()
    let tagSuggestions = TagSuggestionCache()
    let port: PortBox

    /// The largest form body read (a note's text plus the form's fields).
    static let maxForm = 16 << 20

    /// A server for `vault`; nothing listens until `run`.
    public init(vault: WatchedIndex, settings: ServerSettings) {
        self.root = vault.root
        self.settings = settings
        self.vault = vault
        runner = ActionRunner(root: vault.root)
        port = PortBox(settings.port)
    }

    /// The address a browser opens first: it carries the token, which the page trades for a cookie.
    public func startURL(port: Int) -> String {
        let host = settings.host.contains(":") && !settings.host.hasPrefix("[") ? "[\(settings.host)]" : settings.host
        return "http://\(host):\(port)/?token=\(settings.token)"
    }

    /// Listens until SIGINT or SIGTERM; `onReady` gets the bound port once requests are served.
    public func run(onReady: @escaping @Sendable (Int) -> Void) async throws {
        let listener = vault.addListener { [hub] report in hub.publish(report) }
        defer { vault.removeListener(listener) }
        var logger = Logger(label: "notez.serve")
        logger.logLevel = .error
        let portBox = port
        // A header read timeout and a connection limit below the descriptor limit: half-open
        // connections are closed, and those beyond the limit wait in the kernel's queue.
        let app = Application(
            router: router(),
            server: .http1(configuration: .init(idleTimeout: .milliseconds(Int64(settings.headerTimeout * 1000)))),
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(ServerSettings.connectionLimit())),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                portBox.value = bound
                onReady(bound)
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [app, StreamKeeper(hub: hub)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// The routes behind the access middleware (internal so tests can drive them without a socket).
    func router() -> Hummingbird.Router<BasicRequestContext> {
        let router = Hummingbird.Router(context: BasicRequestContext.self)
        router.add(middleware: AccessMiddleware<BasicRequestContext>(settings: settings, port: port))
        addPageRoutes(router)
        addActionRoutes(router)
        addAPIRoutes(router)
        return router
    }

    /// A query parameter, decoded as a form does (`+` is a space, as browsers send GET forms).
    static func parameter(_ request: Request, _ name: String) -> String? {
        FormData(request.uri.query ?? "")[name]
    }

    /// The frame of a page, from the current snapshot.
    func frame(_ request: Request, index: VaultIndex, version: Int, folder: String? = nil) -> Page.Frame {
        let flash = WebServer.parameter(request, "flash").flatMap { flashes.take($0) }
        let route = folder == nil ? routeSuggestion() : nil
        return Page.Frame(
            csrf: settings.csrfToken, index: index, generation: vault.currentGeneration, flash: flash, folder: folder,
            route: route, templates: (try? TemplateStore.names(root: root)) ?? [],
            properties: CaptureSettings.load(root: root).schema(forFolder: folder ?? route?.folder ?? ""),
            lists: derived.lists(index, version: version))
    }

    /// Where routing files a capture made now, from this machine's capture history of the vault:
    /// the hour-of-week pattern, else the most recent capture's folder (the text is not known yet,
    /// so similarity plays no part); nil without history or when that folder is gone.
    func routeSuggestion() -> CaptureRouter.Suggestion? {
        guard let file = CaptureHistory.file(root: root) else { return nil }
        let router = CaptureRouter(history: CaptureHistory.load(file: file))
        let now = WebServer.captureTime
        guard let suggestion = router.pattern(at: now) ?? router.recent(now: now.seconds) else { return nil }
        let files = DiskVaultFiles(root: root)
        return suggestion.folder.isEmpty || files.kind(suggestion.folder) == .folder ? suggestion : nil
    }

    /// Now in the server's local zone (`TZ`), as the CLI's captures see it.
    static var captureTime: LocalTime {
        LocalTime(seconds: ActionRunner.now, zone: LocalTime.zone(environment: ProcessInfo.processInfo.environment))
    }
}

/// Keeps the live streams: a heartbeat every `EventHub.heartbeatInterval` seconds, and the end of
/// every stream when the server begins to shut down, so shutdown does not wait on them.
struct StreamKeeper: Service {
    let hub: EventHub

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(EventHub.heartbeatInterval * 1_000_000_000))
                if !Task.isCancelled { hub.heartbeat() }
            }
        }
        hub.close()
    }
}

/// Messages shown once after an action's redirect (kept in memory, never in the URL).
final class FlashStore: @unchecked Sendable {
    private let lock = NSLock()
    private var flashes: [String: Page.Flash] = [:]
    private var order: [String] = []

    /// Keeps a flash and returns its id.
    func put(_ flash: Page.Flash) -> String {
        let id = ServerSettings.randomToken()
        lock.withLock {
            flashes[id] = flash
            order.append(id)
            if order.count > 200 { flashes[order.removeFirst()] = nil }
        }
        return id
    }

    /// The flash with this id, once.
    func take(_ id: String) -> Page.Flash? {
        lock.withLock { flashes.removeValue(forKey: id) }
    }
}
