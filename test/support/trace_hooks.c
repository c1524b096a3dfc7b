/*===- trace_hooks.c - A test-only implementation of the hook ABI ---------===*
 *
 * Links instead of the runtime into the clang-driven tests of the pass
 * (test/e2e/pass). Every hook call becomes one line:
 *
 *   register <name> hash=<N> flags=<F> line=<L> symbol=<sym> file=<file>
 *   enter <name>            exit <name>
 *   main_begin              main_end
 *
 * and at process exit one line per function (sorted by name)
 *
 *   count <name> enter=<E> exit=<X>
 *
 * written to the file named by HOTPATH_TRACE_FILE, else to stderr. Plain C
 * so that C and C++ tests link it alike.
 *===----------------------------------------------------------------------===*/
#include "hotpath/abi.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAMES 4096

struct counts {
  const char *name;
  unsigned long enter, exit;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static struct counts table[MAX_NAMES];
static unsigned nnames;

static void print_counts(void);

/* Called with the lock held. */
static FILE *trace(void) {
  if (!out) {
    const char *path = getenv("HOTPATH_TRACE_FILE");
    out = path && *path ? fopen(path, "w") : NULL;
    if (!out)
      out = stderr;
    setvbuf(out, NULL, _IOLBF, 0);
    atexit(print_counts);
  }
  return out;
}

/* Functions defined in several translation units have several records with
 * one name: count by name, as the runtime merges by hash. */
static struct counts *slot(const char *name) {
  for (unsigned i = 0; i < nnames; ++i)
    if (strcmp(table[i].name, name) == 0)
      return &table[i];
  if (nnames == MAX_NAMES) {
    fprintf(stderr, "trace_hooks: too many functions\n");
    abort();
  }
  table[nnames].name = name;
  return &table[nnames++];
}

static int by_name(const void *a, const void *b) {
  return strcmp(((const struct counts *)a)->name,
                ((const struct counts *)b)->name);
}

static void print_counts(void) {
  pthread_mutex_lock(&lock);
  qsort(table, nnames, sizeof table[0], by_name);
  for (unsigned i = 0; i < nnames; ++i)
    fprintf(out, "count %s enter=%lu exit=%lu\n", table[i].name, table[i].enter,
            table[i].exit);
  nnames = 0; /* a later atexit-time call starts from zero */
  fflush(out);
  pthread_mutex_unlock(&lock);
}

/* The wrappers' fast path (abi.h) is never armed here: epoch ~0 is never
 * __hotpath_epoch's value, so every call reaches the hooks and is traced. */
__thread hotpath_fast_state __hotpath_fast = {~0u, 0, 0, 0};
uint32_t __hotpath_epoch = 0;

/* The link check that every instrumented object reads (abi.h). */
const char hotpath_link_check __asm__(HOTPATH_LINK_CHECK_SYMBOL) = 0;

void __hotpath_register(hotpath_fn_desc *const *descs, uint64_t count,
                        uint32_t abi_version) {
  pthread_mutex_lock(&lock);
  FILE *f = trace();
  if (abi_version != HOTPATH_ABI_VERSION)
    fprintf(f, "bad-abi %u\n", abi_version);
  for (uint64_t i = 0; i < count; ++i) {
    hotpath_fn_desc *d = descs[i];
    if (d->abi_version != HOTPATH_ABI_VERSION)
      fprintf(f, "bad-abi %u\n", d->abi_version);
    d->runtime_id = (uint32_t)(slot(d->name) - table) + 1;
    fprintf(f, "register %s hash=%llu flags=%u line=%u symbol=%s file=%s\n",
            d->name, (unsigned long long)d->hash, d->flags, d->line, d->symbol,
            d->file);
  }
  pthread_mutex_unlock(&lock);
}

/* Never armed: the countdowns of the functions' own are never read. */
void __hotpath_register_countdowns(hotpath_fn_desc *const *descs,
                                   uint64_t count, uint32_t abi_version,
                                   const uint64_t *countdowns) {
  (void)countdowns;
  __hotpath_register(descs, count, abi_version);
}

void __hotpath_enter(hotpath_fn_desc *desc) {
  pthread_mutex_lock(&lock);
  fprintf(trace(), "enter %s\n", desc->name);
  slot(desc->name)->enter++;
  pthread_mutex_unlock(&lock);
}

void __hotpath_exit(hotpath_fn_desc *desc) {
  pthread_mutex_lock(&lock);
  fprintf(trace(), "exit %s\n", desc->name);
  slot(desc->name)->exit++;
  pthread_mutex_unlock(&lock);
}

void __hotpath_main_begin(void) {
  pthread_mutex_lock(&lock);
  fprintf(trace(), "main_begin\n");
  pthread_mutex_unlock(&lock);
}

void __hotpath_main_end(void) {
  pthread_mutex_lock(&lock);
  fprintf(trace(), "main_end\n");
  pthread_mutex_unlock(&lock);
}
