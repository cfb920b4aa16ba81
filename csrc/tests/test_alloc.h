/* test_alloc.h: the C tests' allocator: malloc, calloc, realloc and free of the whole process are
 * interposed here to count allocations, to count the blocks still live (a leak check that needs
 * no tool) and to make the Nth allocation fail on purpose (fault injection).
 *
 * The interposed functions forward to the allocator that comes next in the symbol lookup order,
 * found with dlsym(RTLD_NEXT): glibc's malloc in a plain build and under valgrind (run with
 * --soname-synonyms=somalloc=nouserintercepts so that valgrind keeps these functions and
 * replaces glibc's), AddressSanitizer's malloc in a build with -fsanitize=address. Forwarding to
 * glibc's __libc_malloc directly, as these tests once did, breaks under ASan: memory that ASan's
 * interceptors allocate (strdup, ...) would reach glibc's free, and glibc's memory ASan's.
 *
 * Include this file first in a test (it defines _GNU_SOURCE for RTLD_NEXT), and in one file of a
 * program only. */
#ifndef TEST_ALLOC_H
#define TEST_ALLOC_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define TA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TA_ASAN 1
#endif
#endif
#ifndef TA_ASAN
#define TA_ASAN 0
#endif

/* allocations (successful or not) since program start: malloc, calloc, realloc */
static atomic_long ta_nalloc;
/* blocks allocated through these functions and not freed yet */
static atomic_long ta_live;
/* when > 0: the allocation whose count ta_nalloc reaches this value returns NULL (unless it is a
 * realloc that does not grow the block: those cannot fail in practice, and libraries such as
 * CXSparse rightly ignore a failure to shrink) */
static atomic_long ta_fail_at;
/* allocations that failed on purpose */
static atomic_long ta_nfailed;

static void *(*ta_real_malloc)(size_t);
static void *(*ta_real_calloc)(size_t, size_t);
static void *(*ta_real_realloc)(void *, size_t);
static void (*ta_real_free)(void *);

/* dlsym may allocate (calloc) while the real functions are looked up: those requests are served
 * from this buffer and never freed */
static _Alignas(max_align_t) char ta_boot[8192];
static size_t ta_boot_used;
static int ta_resolving;

static void ta_resolve(void)
{
    if (ta_real_free || ta_resolving) return;
    ta_resolving = 1;
    /* the object-pointer to function-pointer conversion as POSIX's dlsym documents it */
    *(void **)&ta_real_malloc = dlsym(RTLD_NEXT, "malloc");
    *(void **)&ta_real_calloc = dlsym(RTLD_NEXT, "calloc");
    *(void **)&ta_real_realloc = dlsym(RTLD_NEXT, "realloc");
    *(void **)&ta_real_free = dlsym(RTLD_NEXT, "free");
    ta_resolving = 0;
}

static inline int ta_in_boot(const void *p)
{
    return (const char *)p >= ta_boot && (const char *)p < ta_boot + sizeof ta_boot;
}

static void *ta_boot_alloc(size_t n)
{
    size_t a = _Alignof(max_align_t), off = (ta_boot_used + a - 1) / a * a;
    if (n > sizeof ta_boot - off) return NULL;
    ta_boot_used = off + n;
    return ta_boot + off;   /* static storage: already zero */
}

/* called when an allocation fails on purpose: to see where, run the test in gdb with
 * `break ta_injected` (the test prints the number of the failing allocation) */
__attribute__((noinline)) void ta_injected(void);
__attribute__((noinline)) void ta_injected(void) { __asm__ volatile(""); }

/* counts the allocation; 1 if it is the one that must fail (injectable: it may fail) */
static inline int ta_fails_if(int injectable)
{
    long k = atomic_fetch_add(&ta_nalloc, 1) + 1, at = atomic_load(&ta_fail_at);
    if (injectable && at > 0 && k == at) {
        atomic_fetch_add(&ta_nfailed, 1);
        ta_injected();
        return 1;
    }
    return 0;
}
#define ta_fails() ta_fails_if(1)

void *malloc(size_t n)
{
    ta_resolve();
    if (!ta_real_malloc) return ta_boot_alloc(n);
    if (ta_fails()) return NULL;
    void *p = ta_real_malloc(n);
    if (p) atomic_fetch_add(&ta_live, 1);
    return p;
}

void *calloc(size_t m, size_t n)
{
    ta_resolve();
    if (!ta_real_calloc) return n && m > SIZE_MAX / n ? NULL : ta_boot_alloc(m * n);
    if (ta_fails()) return NULL;
    void *p = ta_real_calloc(m, n);
    if (p) atomic_fetch_add(&ta_live, 1);
    return p;
}

void *realloc(void *p, size_t n)
{
    ta_resolve();
    if (ta_in_boot(p)) {   /* move a bootstrap block to the real allocator */
        void *q = malloc(n);
        if (q) memcpy(q, p, (size_t)(ta_boot + sizeof ta_boot - (char *)p) < n
                                ? (size_t)(ta_boot + sizeof ta_boot - (char *)p) : n);
        return q;
    }
    if (!ta_real_realloc) return NULL;
    if (ta_fails_if(!p || n > malloc_usable_size(p)))
        return NULL;   /* p stays allocated, as with a real failure */
    void *q = ta_real_realloc(p, n);
    /* a new block counts one, p counts minus one when it was released: on success, or with
     * n == 0 where glibc frees p and returns NULL */
    atomic_fetch_add(&ta_live, (q != NULL) - (p != NULL && (q != NULL || n == 0)));
    return q;
}

void free(void *p)
{
    if (!p || ta_in_boot(p)) return;
    ta_resolve();
    atomic_fetch_sub(&ta_live, 1);
    ta_real_free(p);
}

/* 1 if the malloc of this file is the one in use: valgrind replaces it with its own unless run
 * with --soname-synonyms=somalloc=nouserintercepts */
static inline int ta_interposer_live(void)
{
    long before = atomic_load(&ta_nalloc);
    void *volatile p = malloc(1);
    free(p);
    return atomic_load(&ta_nalloc) > before;
}

#endif
