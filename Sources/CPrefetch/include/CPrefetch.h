#ifndef NOTEZ_CPREFETCH_H
#define NOTEZ_CPREFETCH_H

/// Asks the CPU to bring the cache line holding `address` in ahead of a load. A hint only: it
/// never faults (an unmapped or released page is simply not fetched) and changes no result.
/// Swift has no prefetch of its own; the daemon's signature test uses it to overlap the one
/// memory miss each note's signature costs with the tests of the notes before it.
static inline void notez_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
