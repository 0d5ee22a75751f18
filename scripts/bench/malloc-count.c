// Counts malloc and posix_memalign calls in a process, to check that steady streaming does not allocate per frame.
// Build and use (run two frame counts; the difference over the extra frames is the per-frame count):
//   gcc -O2 -shared -fPIC scripts/bench/malloc-count.c -o /tmp/malloc-count.so -ldl
//   LD_PRELOAD=/tmp/malloc-count.so .build/release/carwindow bench media --frames 20 --sizes 800x480
//   LD_PRELOAD=/tmp/malloc-count.so .build/release/carwindow bench media --frames 220 --sizes 800x480
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
static long count;
static void *(*real_malloc)(size_t);
static int (*real_memalign)(void **, size_t, size_t);
void *malloc(size_t n) { if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc"); count++; return real_malloc(n); }
int posix_memalign(void **p, size_t a, size_t n) { if (!real_memalign) real_memalign = dlsym(RTLD_NEXT, "posix_memalign"); count++; return real_memalign(p, a, n); }
__attribute__((destructor)) static void report(void) { fprintf(stderr, "malloc+posix_memalign calls: %ld\n", count); }
