import Foundation
import NotezKit

/// The link resolver and the list of attachments a note page renders with, built once per
/// snapshot version (a resolver over 100,000 notes takes tens of milliseconds) and, for the
/// attachments (which change without a note changing), again when older than `attachmentAge`.
final class RenderCache: @unchecked Sendable {
    /// Seconds an attachment list is trusted.
    static let attachmentAge = 10.0

    private let lock = NSLock()
    private var resolver: (version: Int, resolver: LinkResolver)?
    private var scan: (version: Int, time: Double, scan: AttachmentScan)?

    func tools(_ index: VaultIndex, version: Int) -> (LinkResolver, AttachmentScan) {
        let now = Date().timeIntervalSince1970
        let cached = lock.withLock { (self.resolver, self.scan) }
        var scan = cached.1
        if scan == nil || scan!.version != version || now - scan!.time > RenderCache.attachmentAge {
            scan = (version, now, AttachmentScan(index: index))
        }
        let fresh = cached.0?.version == version ? cached.0! : (version: version, resolver: LinkResolver(index: index, files: scan!.scan))
        lock.withLock {
            if (self.resolver?.version ?? -1) <= version { self.resolver = fresh }
            if (self.scan?.version ?? -1) <= version { self.scan = scan }
        }
        return (fresh.resolver, scan!.scan)
    }
}
