#ifndef NOTEZ_CALLOCATOR_H
#define NOTEZ_CALLOCATOR_H

/// For a long-running process: freed pages go back to the system within a second (jemalloc) or
/// allocations of 256 KiB and more are mappings of their own, in two arenas at most (glibc).
void notez_allocator_return_freed_pages_soon(void);

/// Gives the pages of freed memory back to the system now, after large transient work.
void notez_allocator_release_freed_memory(void);

#endif
