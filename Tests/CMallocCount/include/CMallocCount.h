#ifndef CMALLOCCOUNT_H
#define CMALLOCCOUNT_H

/// Counts the allocations this thread makes while counting is on (Linux: the process's malloc,
/// calloc, realloc, posix_memalign, aligned_alloc and memalign go through this file first, then to
/// glibc's). 0 on other platforms, where nothing is interposed.
void navtape_mallocs_start(void);
/// Stops counting on this thread and returns the allocations counted since the start.
long navtape_mallocs_stop(void);
/// Whether allocations are interposed here (Linux with glibc).
int navtape_mallocs_available(void);

#endif
