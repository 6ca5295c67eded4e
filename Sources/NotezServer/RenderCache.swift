import Foundation
import NotezKit

/// The link resolver and the list of attachments note pages render with. Building them reads
/// every note's name and lists every folder (about a second at 100,000 notes and 2,540 folders),
/// so only the first note page builds them while it waits; after a change (a new snapshot
/// version) or when the attachment list is older than `attachmentAge` (files that are not notes
/// change without a new snapshot), pages keep rendering with the last ones while new ones are
/// built in the background, one build at a time.
final class RenderCache: @unchecked Sendable {
    /// Seconds an attachment list is trusted.
    static let attachmentAge = 10.0

    private let lock = NSLock()
    private var resolver: (version: Int, resolver: LinkResolver)?
    private var scan: (time: Double, scan: AttachmentScan)?
    private var building = false

    func tools(_ index: VaultIndex, version: Int) -> (LinkResolver, AttachmentScan) {
        let now = Date().timeIntervalSince1970
        enum Step { case build, refresh(rescan: Bool), use }
        var current: (LinkResolver, AttachmentScan)?
        let step: Step = lock.withLock {
            guard let resolver, let scan else { return .build }
            current = (resolver.resolver, scan.scan)
            let rescan = now - scan.time > RenderCache.attachmentAge
            guard !building, resolver.version < version || rescan else { return .use }
            building = true
            return .refresh(rescan: rescan)
        }
        switch step {
        case .build:
            let scan = AttachmentScan(index: index)
            let fresh = LinkResolver(index: index, files: scan)
            lock.withLock {
                if (resolver?.version ?? -1) <= version { resolver = (version, fresh) }
                if self.scan == nil { self.scan = (now, scan) }
            }
            return (fresh, scan)
        case .refresh(let rescan):
            let old = current!.1
            DispatchQueue.global(qos: .utility).async { [self] in
                let scan = rescan ? AttachmentScan(index: index) : old
                let fresh = LinkResolver(index: index, files: scan)
                lock.withLock {
                    if (resolver?.version ?? -1) <= version { resolver = (version, fresh) }
                    if rescan { self.scan = (Date().timeIntervalSince1970, scan) }
                    building = false
                }
            }
            return current!
        case .use:
            return current!
        }
    }
}
