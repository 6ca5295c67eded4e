import NotezFuzz

// Built twice: with `-DNOTEZ_LIBFUZZER -sanitize=fuzzer` (make fuzz) libFuzzer supplies main and
// calls the entry point; in the normal build the executable replays the files it is given instead.
#if NOTEZ_LIBFUZZER
/// libFuzzer's entry point: a broken invariant crashes so that libFuzzer saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try FuzzTarget.frontMatterEdit.check(bytes)
    } catch {
        fatalError("\(error)")
    }
    return 0
}
#else
/// Replays inputs without libFuzzer: `fuzz-front-matter-edit FILE...`, e.g. a crash file from `make fuzz`.
@main
struct FuzzFrontMatterEdit {
    static func main() {
        FuzzReplay.run(.frontMatterEdit)
    }
}
#endif
