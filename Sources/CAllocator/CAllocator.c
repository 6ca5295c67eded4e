// The allocator's knobs, for whichever allocator the executable was linked with: `notez` links
// jemalloc's shared library on Linux (Package.swift); the other executables and the test bundle
// use glibc's malloc. jemalloc's `mallctl` is a weak reference, null when it is not linked.
#include "CAllocator.h"

#include <stddef.h>
#include <sys/types.h>

#if defined(__linux__)
#include <malloc.h>

extern int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen) __attribute__((weak));

// Read by jemalloc when it starts (ignored by glibc). Two arenas: notez works on two threads at a
// time, and `serve`'s many answering threads reused each other's freed memory only within one arena.
const char *malloc_conf = "narenas:2";

// MALLCTL_ARENAS_ALL of <jemalloc/jemalloc.h>: every arena.
#define ALL_ARENAS "4096"

void notez_allocator_return_freed_pages_soon(void) {
    if (mallctl != NULL) {
        // Dirty pages purged after a second instead of ten; pages already advised away
        // (`muzzy`) released at once. Existing arenas and any made later.
        ssize_t dirty = 1000, muzzy = 0;
        mallctl("arena." ALL_ARENAS ".dirty_decay_ms", NULL, NULL, &dirty, sizeof dirty);
        mallctl("arena." ALL_ARENAS ".muzzy_decay_ms", NULL, NULL, &muzzy, sizeof muzzy);
        mallctl("arenas.dirty_decay_ms", NULL, NULL, &dirty, sizeof dirty);
        mallctl("arenas.muzzy_decay_ms", NULL, NULL, &muzzy, sizeof muzzy);
        return;
    }
    mallopt(M_MMAP_THRESHOLD, 1 << 18);
    mallopt(M_ARENA_MAX, 2);
}

void notez_allocator_release_freed_memory(void) {
    if (mallctl != NULL) {
        mallctl("arena." ALL_ARENAS ".purge", NULL, NULL, NULL, 0);
        return;
    }
    malloc_trim(0);
}
#else
void notez_allocator_return_freed_pages_soon(void) {}
void notez_allocator_release_freed_memory(void) {}
#endif
