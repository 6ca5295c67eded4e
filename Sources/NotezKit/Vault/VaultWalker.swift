#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks the vault with `opendir`/`readdir`: note files, folders, and what could not be read.
///
/// Hidden names are skipped, symlinked folders are never followed (no loops), a symlinked note
/// file is listed (and marked, so it is never written through).
struct VaultWalker: Sendable {
    /// What a walk found.
    public struct Listing: Sendable {
        /// Relative paths of note files, sorted.
        public var notes: [String] = []
        /// The stamp of each of `notes` taken during the walk (nil when `stat` failed); empty when
        /// the walk took none (`walk(folder:into:)`).
        public var stamps: [FileStamp?] = []
        /// Relative paths of note files that are symlinks.
        public var symlinkedNotes: Set<String> = []
        /// Relative paths of every folder (not the root), sorted.
        public var folders: [String] = []
        /// Paths that could not be read, with the reason.
        public var problems: [(path: String, problem: NoteProblem)] = []
        /// The stamp of every folder listed (the root as ""), taken before its names were read, so
        /// a name added while the walk ran changes it (`WalkSnapshot`); empty without `stamps`.
        var folderStamps: [String: FolderStamp] = [:]
        /// When the walk started, in nanoseconds since 1970.
        var startedNanos: Int64 = 0
    }

    /// The absolute root.
    public let root: String
    /// Globs of paths to skip (see `matches`).
    public let ignore: [String]

    /// Creates a walker.
    public init(root: String, ignore: [String] = []) {
        self.root = root
        self.ignore = ignore
    }

    /// Lists the whole vault, sorted; with `stamps`, also the stamp of each note (`Listing.stamps`).
    public func walk(stamps: Bool = true) -> Listing {
        // Breadth first, each level's folders on all cores; every note is stat'ed relative to its
        // open folder (`fstatat`), which spares a path lookup from the root per note.
        var listing = Listing()
        listing.startedNanos = SystemIO.currentTimeNanos()
        var found: [(path: String, stamp: FileStamp?)] = []
        var level = [""]
        while !level.isEmpty {
            let scans = ResultSlots<FolderScan>(count: level.count)
            let folders = level
            Parallel.forEach(folders.count, minimumChunk: 1) { index in scans.set(index, self.scan(folders[index], stamps: stamps)) }
            level = []
            for scan in scans.takeValues() {
                found += scan.notes
                listing.symlinkedNotes.formUnion(scan.symlinkedNotes)
                listing.problems += scan.problems
                listing.folders += scan.subfolders
                if let stamp = scan.stamp { listing.folderStamps[scan.folder] = stamp }
                level += scan.subfolders
            }
        }
        // Positions are sorted, not the pairs: moving a pair retains and releases its path.
        let order = StringOrder.positions(of: found.map(\.path))
        listing.notes = order.map { found[$0].path }
        if stamps { listing.stamps = order.map { found[$0].stamp } }
        listing.folders.sort()
        listing.problems.sort { $0.path < $1.path }
        return listing
    }

    /// Lists one folder and everything below it (for the watcher's scans of new folders).
    public func walk(folder: String, into listing: inout Listing) {
        let scan = scan(folder, stamps: false)
        listing.notes += scan.notes.map(\.path)
        listing.symlinkedNotes.formUnion(scan.symlinkedNotes)
        listing.problems += scan.problems
        for subfolder in scan.subfolders {
            listing.folders.append(subfolder)
            walk(folder: subfolder, into: &listing)
        }
    }

    /// What one folder holds (not its subfolders' contents).
    struct FolderScan {
        var folder = ""
        /// The folder's own stamp, taken before its names were read (only with `stamps`).
        var stamp: FolderStamp?
        var notes: [(path: String, stamp: FileStamp?)] = []
        var symlinkedNotes: [String] = []
        var subfolders: [String] = []
        var problems: [(path: String, problem: NoteProblem)] = []
    }

    /// Reads one folder; with `stamps`, stats each note (following a symlinked note, as the reader does).
    func scan(_ folder: String, stamps: Bool) -> FolderScan {
        var result = FolderScan(folder: folder)
        let absolute = folder.isEmpty ? root : root + "/" + folder
        guard let dir = opendir(absolute) else {
            result.problems.append(
                (folder, NoteProblem(kind: .unreadable, message: "cannot read folder: \(String(cString: strerror(errno)))")))
            return result
        }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        if stamps { result.stamp = SystemIO.fstat(fd).map { FolderStamp($0) } }
        // Regular notes are stat'ed after the listing, on all cores when there are many: one
        // folder can hold a fifth of a vault.
        var unstamped: [(slot: Int, name: String)] = []
        while let entry = readdir(dir) {
            let name = SystemIO.entryName(entry)
            if name.first == UInt8(ascii: ".") { continue }
            guard let decoded = String(validating: name, as: UTF8.self) else {
                let shown = String(decoding: name, as: UTF8.self)
                if isNoteName(name) || Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                    result.problems.append(
                        (VaultPath.join(folder, shown), NoteProblem(kind: .badFileName, message: "file name is not valid UTF-8; skipped")))
                }
                continue
            }
            let relative = VaultPath.join(folder, decoded)
            if isIgnored(relative, name: decoded) { continue }
            var type = Int32(entry.pointee.d_type)
            var isLink = type == Int32(DT_LNK)
            if type == Int32(DT_UNKNOWN) {
                guard let info = SystemIO.fstatat(fd, decoded) else { continue }
                isLink = (info.st_mode & S_IFMT) == S_IFLNK
                type = VaultWalker.direntType(info.st_mode)
            }
            if isLink {
                // Follow only to learn whether a linked file is a regular file; never descend.
                if VaultPath.isNoteFile(decoded), let info = SystemIO.fstatat(fd, decoded, following: true) {
                    if (info.st_mode & S_IFMT) == S_IFREG {
                        result.notes.append((relative, FileStamp(info)))
                        result.symlinkedNotes.append(relative)
                    } else if (info.st_mode & S_IFMT) != S_IFDIR {
                        result.problems.append((relative, VaultWalker.notRegular(VaultWalker.direntType(info.st_mode), link: true)))
                    }
                }
                continue
            }
            if type == Int32(DT_DIR) {
                result.subfolders.append(relative)
            } else if VaultPath.isNoteFile(decoded) {
                if type == Int32(DT_REG) {
                    result.notes.append((relative, nil))
                    if stamps { unstamped.append((result.notes.count - 1, decoded)) }
                } else {
                    // A FIFO, socket or device with a note's name: never opened (a FIFO would block).
                    result.problems.append((relative, VaultWalker.notRegular(type, link: false)))
                }
            }
        }
        VaultWalker.stamp(&result.notes, unstamped, folder: fd)
        return result
    }

    /// Fills in the stamps of `notes` at the given slots, by `fstatat` in the open `folder`.
    static func stamp(_ notes: inout [(path: String, stamp: FileStamp?)], _ unstamped: [(slot: Int, name: String)], folder: Int32) {
        guard !unstamped.isEmpty else { return }
        let stamps = ResultSlots<FileStamp?>(count: unstamped.count)
        let stampOne: @Sendable (Int) -> Void = { index in stamps.set(index, SystemIO.fstatat(folder, unstamped[index].name).map { FileStamp($0) }) }
        if unstamped.count >= 512 {
            Parallel.forEach(unstamped.count, stampOne)
        } else {
            for index in unstamped.indices { stampOne(index) }
        }
        for (index, stamp) in stamps.takeValues().enumerated() { notes[unstamped[index].slot].stamp = stamp }
    }

    /// The `d_type` for a `st_mode`.
    static func direntType(_ mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFDIR: return Int32(DT_DIR)
        case S_IFREG: return Int32(DT_REG)
        case S_IFIFO: return Int32(DT_FIFO)
        case S_IFSOCK: return Int32(DT_SOCK)
        case S_IFCHR: return Int32(DT_CHR)
        case S_IFBLK: return Int32(DT_BLK)
        case S_IFLNK: return Int32(DT_LNK)
        default: return Int32(DT_UNKNOWN)
        }
    }

    /// The problem reported for a non-regular file with a note extension.
    static func notRegular(_ type: Int32, link: Bool) -> NoteProblem {
        let what: String
        switch type {
        case Int32(DT_FIFO): what = "a FIFO"
        case Int32(DT_SOCK): what = "a socket"
        case Int32(DT_CHR): what = "a character device"
        case Int32(DT_BLK): what = "a block device"
        default: what = "not a regular file"
        }
        let subject = link ? "symlink to \(what)" : what
        return NoteProblem(kind: .notRegularFile, message: "\(subject), not a note file; skipped and never opened")
    }

    private func isNoteName(_ bytes: [UInt8]) -> Bool {
        VaultPath.isNoteFile(String(decoding: bytes, as: UTF8.self))
    }

    /// True when a walk would skip `relative`: it or one of its folders is ignored by a glob.
    func isSkipped(_ relative: String) -> Bool {
        var prefix = ""
        for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
            prefix = VaultPath.join(prefix, String(component))
            if isIgnored(prefix, name: String(component)) { return true }
        }
        return false
    }

    /// True when a configured glob matches the path, or (for globs without `/`) its name.
    func isIgnored(_ relative: String, name: String) -> Bool {
        for pattern in ignore {
            if fnmatch(pattern, relative, 0) == 0 { return true }
            if !pattern.contains("/"), fnmatch(pattern, name, 0) == 0 { return true }
            // `Archive/`, `Archive/*` and `Archive/**` all mean the folder itself too, not only its contents.
            for suffix in ["/", "/*", "/**"] where pattern.hasSuffix(suffix) {
                if fnmatch(String(pattern.dropLast(suffix.count)), relative, 0) == 0 { return true }
            }
        }
        return false
    }
}
