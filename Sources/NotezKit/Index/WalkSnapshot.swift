import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every folder of a walk, with each folder's stamp where the walk found exactly the index
/// cache's notes in it. A folder's names change only with its stamp (`FolderStamp`), so while
/// every folder keeps its stamp the vault holds the same folders and note files; stat'ing the
/// folders and the cached notes then proves the cache current without listing a single folder
/// (`confirms`), and while most keep theirs only the others are listed again (`listing(of:)`).
///
/// A stamp is trusted only when the folder's mtime is older than the walk by more than the file
/// system's timestamp granularity (`IndexCache.racyWindowNanos`): a name added in the same tick as
/// the stamp would leave it unchanged. A folder without a trusted stamp, or whose notes were not
/// the cache's, has none: it never confirms and is always listed again. File `walk-v1.bin` beside
/// the cache: `NZWK`, u32 version, u64 the cache's generation, u32 count and the ignore globs, u32
/// count and per folder (the root "" first) a string, a u8 (1: a stamp follows, 0: none), then
/// inode u64, mtime ns i64, ctime ns i64 when it has one; strings are u32 length + UTF-8; then `NZND`.
struct WalkSnapshot: Sendable, Equatable {
    static let fileName = "walk-v1.bin"
    static let magic: [UInt8] = Array("NZWK".utf8)
    static let version: UInt32 = 2

    /// The generation of the cache file the walk matched (`CacheImage.generation`).
    let generation: UInt64
    /// The vault's ignore globs when the walk ran: they decide which names a walk lists.
    let ignore: [String]
    /// The root ("") and then every folder, as the walk listed them.
    let folders: [String]
    /// The stamp of each of `folders`; nil for a folder to list again.
    let stamps: [FolderStamp?]

    /// From a walk (or a `listing(of:)`) of the vault whose cache has `generation`; nil when it
    /// reported a problem (an unreadable folder, a bad name: only a walk reports those) or no
    /// folder has a stamp. A folder changed too recently for its stamp to be trusted has none, nor
    /// one of `unsettled`, where the listing found other notes than the cache's.
    init?(listing: VaultWalker.Listing, generation: UInt64, ignore: [String], unsettled: Set<String> = []) {
        guard listing.problems.isEmpty, generation != 0 else { return nil }
        let trustedBefore = listing.startedNanos - IndexCache.racyWindowNanos
        var stamps: [FolderStamp?] = []
        stamps.reserveCapacity(listing.folders.count + 1)
        for folder in [""] + listing.folders {
            let stamp = listing.folderStamps[folder]
            stamps.append(stamp.flatMap { $0.mtimeNanos < trustedBefore && !unsettled.contains(folder) ? $0 : nil })
        }
        guard stamps.contains(where: { $0 != nil }) else { return nil }
        self.init(generation: generation, ignore: ignore, folders: [""] + listing.folders, stamps: stamps)
    }

    init(generation: UInt64, ignore: [String], folders: [String], stamps: [FolderStamp?]) {
        self.generation = generation
        self.ignore = ignore
        self.folders = folders
        self.stamps = stamps
    }

    // MARK: - Proof

    /// Whether every folder still has its stamp and every note of `image` (the cache this
    /// snapshot names) its recorded stamp: then a walk would list exactly the cached notes and
    /// `folders`. Folders and their notes are stat'ed on all cores; the first difference stops it.
    func confirms(_ image: CacheImage, root: String) -> Bool {
        guard image.generation == generation else { return false }
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(folders.count)
        for (number, folder) in folders.enumerated() { numbers[folder] = number }
        var snapshotFolder: [Int] = []
        for number in 0..<image.folderCount {
            guard let folder = numbers[image.folder(number: number)] else { return false }
            snapshotFolder.append(folder)
        }
        var members = [[Int32]](repeating: [], count: folders.count)
        for note in 0..<image.noteCount { members[snapshotFolder[image.folderNumber(note)]].append(Int32(note)) }
        // A folder with many notes is split so that both cores share it.
        var units: [(folder: Int, notes: Range<Int>)] = []
        for folder in folders.indices {
            let count = members[folder].count
            units.append((folder, 0..<min(count, 1024)))
            for start in stride(from: 1024, to: count, by: 1024) { units.append((folder, start..<min(start + 1024, count))) }
        }
        let outcome = Outcome()
        let (work, notesOf) = (units, members)
        Parallel.forEach(units.count, minimumChunk: 4) { index in
            guard outcome.stillConfirmed else { return }
            let unit = work[index]
            if !confirms(folder: unit.folder, notes: notesOf[unit.folder][unit.notes], image: image, root: root) {
                outcome.refute()
            }
        }
        return outcome.stillConfirmed
    }

    /// Opens folder `number` of the vault at `root`. The root may be reached through a symlink (as
    /// the walk's `opendir` allows); a folder inside never is.
    private func openFolder(_ number: Int, root: String) -> Int32? {
        number == 0 ? SystemIO.openFolder(root, following: true) : SystemIO.openFolder(root + "/" + folders[number], following: false)
    }

    private func confirms(folder: Int, notes: ArraySlice<Int32>, image: CacheImage, root: String) -> Bool {
        guard let fd = openFolder(folder, root: root) else { return false }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isFolder(info), FolderStamp(info) == stamps[folder] else { return false }
        var name = [CChar](repeating: 0, count: 256)
        for note in notes {
            guard WalkSnapshot.stamp(ofNote: Int(note), in: fd, image: image, name: &name) == image.stamp(Int(note)) else { return false }
        }
        return true
    }

    /// The stamp of the cached note `note` by its name in its open folder `fd` (no path string
    /// made), following a symlinked note as the walk stamps it; `name` is a buffer for the name.
    private static func stamp(ofNote note: Int, in fd: Int32, image: CacheImage, name: inout [CChar]) -> FileStamp? {
        let path = image.pathBytes(note)
        let start = path.lastIndex(of: 0x2F).map { $0 + 1 } ?? 0
        let length = path.count - start
        if name.count <= length { name = [CChar](repeating: 0, count: length + 1) }
        return name.withUnsafeMutableBytes { buffer in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: path[start...]))
            buffer[length] = 0
            return SystemIO.fstatat(fd, cName: buffer.baseAddress!.assumingMemoryBound(to: CChar.self)).map { FileStamp($0) }
        }
    }

    // MARK: - Listing where it still holds

    /// The listing a walk would give, made from this snapshot as far as it still holds: a folder
    /// that kept its stamp has the names it had, so its notes are the cached ones (each stat'ed
    /// now, so a note changed since has its new stamp); a folder whose stamp changed is read again.
    /// Nil when the snapshot is of another cache or other ignore globs, a folder cannot be opened,
    /// or a folder read again has other subfolders than the snapshot's or a problem: then only a
    /// walk knows the vault. Notes that are symlinks are marked only in the folders read again.
    func listing(of image: CacheImage, root: String, ignore: [String]) -> VaultWalker.Listing? {
        guard image.generation == generation, ignore == self.ignore else { return nil }
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(folders.count)
        for (number, folder) in folders.enumerated() { numbers[folder] = number }
        var snapshotFolder: [Int] = []
        for number in 0..<image.folderCount {
            guard let folder = numbers[image.folder(number: number)] else { return nil }
            snapshotFolder.append(folder)
        }
        var members = [[Int32]](repeating: [], count: folders.count)
        for note in 0..<image.noteCount { members[snapshotFolder[image.folderNumber(note)]].append(Int32(note)) }
        var children = [Set<String>](repeating: [], count: folders.count)
        for folder in folders.dropFirst() {
            guard let parent = numbers[VaultPath.folder(of: folder)] else { return nil }
            children[parent].insert(folder)
        }
        var listing = VaultWalker.Listing()
        listing.startedNanos = SystemIO.currentTimeNanos()
        let walker = VaultWalker(root: root, ignore: ignore)
        // First each folder's stamp, and the notes of a small unchanged folder stat'ed at once;
        // then the rest as units claimed one by one, the largest first: the notes of large
        // unchanged folders a chunk at a time, and each changed folder listed again. (Folders
        // claimed in fixed runs left one core idle for a third of a cold rename while the other
        // listed a 20,000-note folder.)
        let stamped = StampSlots(count: image.noteCount)
        let (notesOf, childrenOf) = (members, children)
        let firstPass = ResultSlots<FolderPass?>(count: folders.count)
        Parallel.forEach(folders.count, minimumChunk: 16) { number in
            firstPass.set(number, firstLook(number, cached: notesOf[number], image: image, root: root, into: stamped))
        }
        var units: [(folder: Int, notes: Range<Int>?)] = []
        var folderStamps: [FolderStamp?] = []
        for (number, pass) in firstPass.takeValues().enumerated() {
            guard let pass else { return nil }
            folderStamps.append(pass.stamp)
            switch pass.rest {
            case .none: break
            case .listAgain: units.append((number, nil))
            case .stat(let count):
                for start in stride(from: 0, to: count, by: WalkSnapshot.unitNotes) {
                    units.append((number, start..<min(start + WalkSnapshot.unitNotes, count)))
                }
            }
        }
        units.sort { ($0.notes?.count ?? notesOf[$0.folder].count) > ($1.notes?.count ?? notesOf[$1.folder].count) }
        let scans = ResultSlots<VaultWalker.FolderScan?>(count: units.count)
        let outcome = Outcome()
        let work = units
        Parallel.eachAlone(work.count) { index in
            let unit = work[index]
            guard let range = unit.notes else {
                let scan = walker.scan(folders[unit.folder], stamps: true)
                if !scan.problems.isEmpty || Set(scan.subfolders) != childrenOf[unit.folder] { outcome.refute() }
                return scans.set(index, scan)
            }
            scans.set(index, nil)
            if !statNotes(notesOf[unit.folder][range], inFolder: unit.folder, image: image, root: root, into: stamped) { outcome.refute() }
        }
        guard outcome.stillConfirmed else { return nil }
        // The notes of folders listed again, in path order, merged with the cached notes of the
        // others, which the cache holds in path order.
        var listed: [(path: String, stamp: FileStamp?)] = []
        var listedAgain = [Bool](repeating: false, count: folders.count)
        for (index, scan) in scans.takeValues().enumerated() {
            guard let scan else { continue }
            listed += scan.notes
            listing.symlinkedNotes.formUnion(scan.symlinkedNotes)
            folderStamps[units[index].folder] = scan.stamp
            listedAgain[units[index].folder] = true
        }
        for (number, stamp) in folderStamps.enumerated() { if let stamp { listing.folderStamps[folders[number]] = stamp } }
        let kept = (0..<image.noteCount).filter { !listedAgain[snapshotFolder[image.folderNumber($0)]] }
        let keptPaths = Parallel.map(kept.count, minimumChunk: 4096) { image.path(kept[$0]) }
        let listedOrder = StringOrder.positions(of: listed.map(\.path))
        guard let merged = WalkSnapshot.merge(keptPaths, listedOrder.map { listed[$0].path }) else {
            // Two names that are one String in different bytes (NFC and NFD): the walk's order for all.
            let all = keptPaths + listed.map(\.path)
            let allStamps = kept.map { stamped[$0] } + listed.map(\.stamp)
            let order = StringOrder.positions(of: all)
            listing.notes = order.map { all[$0] }
            listing.stamps = order.map { allStamps[$0] }
            listing.folders = Array(folders.dropFirst())
            return listing
        }
        listing.notes = []
        listing.stamps = []
        listing.notes.reserveCapacity(merged.count)
        listing.stamps.reserveCapacity(merged.count)
        for (fromKept, index) in merged {
            listing.notes.append(fromKept ? keptPaths[index] : listed[listedOrder[index]].path)
            listing.stamps.append(fromKept ? stamped[kept[index]] : listed[listedOrder[index]].stamp)
        }
        listing.folders = Array(folders.dropFirst())
        return listing
    }

    /// Notes of an unchanged folder stat'ed in one unit at most.
    static let unitNotes = 1024

    /// What the first look at a folder found: its stamp when unchanged, and what is left to do.
    private struct FolderPass: Sendable {
        enum Rest: Sendable {
            case none
            case listAgain
            case stat(count: Int)
        }
        var stamp: FolderStamp?
        var rest: Rest
    }

    /// Opens folder `number` and compares its stamp: a changed folder is to be listed again; an
    /// unchanged one with few notes has them stat'ed here; nil when it cannot be opened.
    private func firstLook(_ number: Int, cached: [Int32], image: CacheImage, root: String, into stamped: StampSlots) -> FolderPass? {
        guard let fd = openFolder(number, root: root) else { return nil }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isFolder(info) else { return nil }
        guard FolderStamp(info) == stamps[number] else { return FolderPass(stamp: nil, rest: .listAgain) }
        guard cached.count <= WalkSnapshot.unitNotes else { return FolderPass(stamp: stamps[number], rest: .stat(count: cached.count)) }
        WalkSnapshot.statNotes(cached[...], in: fd, image: image, into: stamped)
        return FolderPass(stamp: stamps[number], rest: .none)
    }

    /// Stats `notes` of the unchanged folder `number`; false when it cannot be opened now.
    private func statNotes(_ notes: ArraySlice<Int32>, inFolder number: Int, image: CacheImage, root: String, into stamped: StampSlots) -> Bool {
        guard let fd = openFolder(number, root: root) else { return false }
        defer { close(fd) }
        WalkSnapshot.statNotes(notes, in: fd, image: image, into: stamped)
        return true
    }

    /// Each of `notes`' stamp, by its name in their open folder `fd`.
    private static func statNotes(_ notes: ArraySlice<Int32>, in fd: Int32, image: CacheImage, into stamped: StampSlots) {
        var name = [CChar](repeating: 0, count: 256)
        for note in notes { stamped[Int(note)] = stamp(ofNote: Int(note), in: fd, image: image, name: &name) }
    }

    /// Two path-ordered lists merged into one: (true, i) for `kept[i]`, (false, j) for
    /// `listed[j]`; nil when two paths are one String in different bytes (twins in NFC and NFD,
    /// next to each other in any String order), whose order only the walk's sort decides.
    static func merge(_ kept: [String], _ listed: [String]) -> [(Bool, Int)]? {
        var merged: [(Bool, Int)] = []
        merged.reserveCapacity(kept.count + listed.count)
        var (i, j) = (0, 0)
        var last: String?
        while i < kept.count || j < listed.count {
            let fromKept = j == listed.count || (i < kept.count && kept[i] < listed[j])
            let path = fromKept ? kept[i] : listed[j]
            if path == last { return nil }
            last = path
            merged.append(fromKept ? (true, i) : (false, j))
            if fromKept { i += 1 } else { j += 1 }
        }
        return merged
    }

    /// Each cached note's stamp, written by the worker that stats it.
    private final class StampSlots: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<FileStamp?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit { storage.deallocate() }

        // Each index is written by one worker only, and read after all workers joined.
        subscript(index: Int) -> FileStamp? {
            get { storage[index] }
            set { storage[index] = newValue }
        }
    }

    /// Whether every unit so far confirmed the cache; shared by the workers.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var refuted = false

        var stillConfirmed: Bool { lock.withLock { !refuted } }

        func refute() { lock.withLock { refuted = true } }
    }

    // MARK: - File

    /// The snapshot in the cache folder `folder`; nil when absent or not exactly in this format
    /// (it is then written again after the next full walk).
    static func load(folder: String) -> WalkSnapshot? {
        IndexCache.readFile(folder + "/" + fileName).flatMap { WalkSnapshot(bytes: $0) }
    }

    /// Writes the snapshot beside the vault's cache (atomically, like the cache).
    func save(root: String) throws(NotezError) {
        try IndexCache.writeFile(encoded(), name: WalkSnapshot.fileName, root: root)
    }

    func encoded() -> [UInt8] {
        var out = ByteWriter()
        out.bytes += WalkSnapshot.magic
        out.u32(WalkSnapshot.version)
        out.u64(generation)
        out.u32(UInt32(ignore.count))
        for glob in ignore { out.string(glob) }
        out.u32(UInt32(folders.count))
        for (folder, stamp) in zip(folders, stamps) {
            out.string(folder)
            out.bytes.append(stamp == nil ? 0 : 1)
            guard let stamp else { continue }
            out.u64(stamp.inode)
            out.u64(UInt64(bitPattern: stamp.mtimeNanos))
            out.u64(UInt64(bitPattern: stamp.ctimeNanos))
        }
        out.bytes += IndexCache.endMarker
        return out.bytes
    }

    /// Decodes and checks a snapshot: the root first, every other folder a plain relative path
    /// (no empty, `.` or `..` component), nothing after the end marker.
    init?(bytes: [UInt8]) {
        let decoded: WalkSnapshot? = bytes.withUnsafeBytes { raw in
            var input = ByteReader(buffer: raw)
            guard input.take(WalkSnapshot.magic), input.u32() == WalkSnapshot.version, let generation = input.u64(),
                let globCount = input.u32(), Int(globCount) <= raw.count
            else { return nil }
            var ignore: [String] = []
            for _ in 0..<globCount {
                guard let glob = input.string() else { return nil }
                ignore.append(glob)
            }
            guard let folderCount = input.u32(), folderCount > 0, Int(folderCount) <= raw.count else { return nil }
            var folders: [String] = []
            var stamps: [FolderStamp?] = []
            for index in 0..<Int(folderCount) {
                guard let folder = input.string(), index == 0 ? folder.isEmpty : WalkSnapshot.isPlainRelative(folder),
                    let known = input.u8(), known <= 1
                else { return nil }
                folders.append(folder)
                guard known == 1 else {
                    stamps.append(nil)
                    continue
                }
                guard let inode = input.u64(), let mtime = input.u64(), let ctime = input.u64() else { return nil }
                stamps.append(FolderStamp(inode: inode, mtimeNanos: Int64(bitPattern: mtime), ctimeNanos: Int64(bitPattern: ctime)))
            }
            guard input.take(IndexCache.endMarker), input.atEnd else { return nil }
            return WalkSnapshot(generation: generation, ignore: ignore, folders: folders, stamps: stamps)
        }
        guard let decoded else { return nil }
        self = decoded
    }

    private static func isPlainRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.utf8.contains(0)
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
