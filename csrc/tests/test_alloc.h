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
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* the allocator itself is not instrumented: ASan's start-up calls it (through dlsym) before
 * ASan's shadow memory exists */
#if defined(__GNUC__)
#define TA_NOSAN __attribute__((no_sanitize_address, no_sanitize_undefined))
#else
#define TA_NOSAN
#endif

/* Counters of the calling thread: allocations (successful or not) since it started (malloc,
 * calloc, realloc), and when ta_fail_at > 0, the allocation whose count reaches it returns NULL
 * (unless it is a realloc that does not grow the block: those cannot fail in practice, and
 * libraries such as CXSparse rightly ignore a failure to shrink). Per thread, so that threads of
 * a library (OpenBLAS starts workers that allocate when they run) neither change the counts
 * nor receive the failure. Volatile: the compiler may assume that a call to malloc leaves
 * variables unchanged. */
static _Thread_local volatile long ta_nalloc;
static _Thread_local volatile long ta_fail_at;
/* allocations of this thread that failed on purpose */
static _Thread_local volatile long ta_nfailed;
/* blocks allocated through these functions and not freed yet, all threads */
static atomic_long ta_live;
/* the file (executable or shared library) whose code called the allocation that failed last on
 * purpose, from dladdr ("?" if unknown) */
static _Thread_local const char *volatile ta_failed_in = "?";

static void *(*ta_real_malloc)(size_t);
static void *(*ta_real_calloc)(size_t, size_t);
static void *(*ta_real_realloc)(void *, size_t);
static void (*ta_real_free)(void *);

/* dlsym may allocate (calloc) while the real functions are looked up: those requests are served
 * from this buffer and never freed */
static _Alignas(max_align_t) char ta_boot[8192];
static size_t ta_boot_used;
static int ta_resolving;

TA_NOSAN static void ta_resolve(void)
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

TA_NOSAN static inline int ta_in_boot(const void *p)
{
    return (const char *)p >= ta_boot && (const char *)p < ta_boot + sizeof ta_boot;
}

TA_NOSAN static void *ta_boot_alloc(size_t n)
{
    size_t a = _Alignof(max_align_t), off = (ta_boot_used + a - 1) / a * a;
    if (n > sizeof ta_boot - off) return NULL;
    ta_boot_used = off + n;
    return ta_boot + off;   /* static storage: already zero */
}

/* set once the program's constructors run: the loader and ASan's start-up allocate before the
 * main thread's thread-local variables can be used; those allocations are not counted */
static volatile int ta_ready;
__attribute__((constructor)) static void ta_start(void) { ta_ready = 1; }

/* called when an allocation fails on purpose: to see where, run the test in gdb with
 * `break ta_injected` (the test prints the number of the failing allocation) */
__attribute__((noinline)) void ta_injected(void);
__attribute__((noinline)) void ta_injected(void) { __asm__ volatile(""); }

/* counts the allocation; 1 if it is the one that must fail (injectable: it may fail); caller:
 * the return address of malloc, calloc or realloc */
TA_NOSAN static inline int ta_fails_if(int injectable, void *caller)
{
    Dl_info di;
    if (!ta_ready) return 0;   /* before the thread-local counters exist */
    long k = ++ta_nalloc;
    if (!injectable || ta_fail_at <= 0 || k != ta_fail_at) return 0;
    ta_nfailed++;
    ta_failed_in = dladdr(caller, &di) && di.dli_fname ? di.dli_fname : "?";
    ta_injected();
    errno = ENOMEM;   /* as the real allocator does */
    return 1;
}
#define ta_fails() ta_fails_if(1, __builtin_return_address(0))

TA_NOSAN void *malloc(size_t n)
{
    ta_resolve();
    if (!ta_real_malloc) return ta_boot_alloc(n);
    if (ta_fails()) return NULL;
    void *p = ta_real_malloc(n);
    if (p) atomic_fetch_add(&ta_live, 1);
    return p;
}

TA_NOSAN void *calloc(size_t m, size_t n)
{
    ta_resolve();
    if (!ta_real_calloc) return n && m > SIZE_MAX / n ? NULL : ta_boot_alloc(m * n);
    if (ta_fails()) return NULL;
    void *p = ta_real_calloc(m, n);
    if (p) atomic_fetch_add(&ta_live, 1);
    return p;
}

TA_NOSAN void *realloc(void *p, size_t n)
{
    ta_resolve();
    if (ta_in_boot(p)) {   /* move a bootstrap block to the real allocator */
        void *q = malloc(n);
        if (q) memcpy(q, p, (size_t)(ta_boot + sizeof ta_boot - (char *)p) < n
                                ? (size_t)(ta_boot + sizeof ta_boot - (char *)p) : n);
        return q;
    }
    if (!ta_real_realloc) return NULL;
    if (ta_fails_if(!p || n > malloc_usable_size(p), __builtin_return_address(0)))
        return NULL;   /* p stays allocated, as with a real failure */
    void *q = ta_real_realloc(p, n);
    /* a new block counts one, p counts minus one when it was released: on success, or with
     * n == 0 where glibc frees p and returns NULL */
    atomic_fetch_add(&ta_live, (q != NULL) - (p != NULL && (q != NULL || n == 0)));
    return q;
}

TA_NOSAN void free(void *p)
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
    long before = ta_nalloc;
    void *volatile p = malloc(1);
    free(p);
    return ta_nalloc > before;
}

#endif
