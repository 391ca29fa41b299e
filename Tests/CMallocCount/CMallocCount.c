// The allocation counter of the CI's malloc gate (Tests/NavTapeTests/MallocGateTests.swift). Linked
// into the test executable, these definitions interpose glibc's allocator for the whole process,
// which glibc supports ("Replacing malloc"); each forwards to glibc's own entry point and counts the
// call when the calling thread has counting on.
#include "CMallocCount.h"
#include <errno.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread int counting;
static __thread long counted;

#define COUNT() do { if (counting) counted += 1; } while (0)

void *malloc(size_t size) { COUNT(); return __libc_malloc(size); }
void free(void *pointer) { __libc_free(pointer); }
void *calloc(size_t count, size_t size) { COUNT(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { COUNT(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { COUNT(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    COUNT();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

void navtape_mallocs_start(void) { counted = 0; counting = 1; }
long navtape_mallocs_stop(void) { counting = 0; return counted; }
int navtape_mallocs_available(void) { return 1; }
#else
void navtape_mallocs_start(void) {}
long navtape_mallocs_stop(void) { return 0; }
int navtape_mallocs_available(void) { return 0; }
#endif
