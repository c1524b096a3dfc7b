/* An LD_PRELOAD shim for startup-spin.c: counts the process's
 * clock_gettime(CLOCK_MONOTONIC_RAW) calls (the runtime's calibration
 * clock) and writes the count to the file COUNT_CLOCK_READS names, at exit.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long Reads;

int clock_gettime(clockid_t Id, struct timespec *T) {
  static int (*Real)(clockid_t, struct timespec *);
  if (!Real)
    Real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT,
                                                        "clock_gettime");
  if (Id == CLOCK_MONOTONIC_RAW)
    __atomic_add_fetch(&Reads, 1, __ATOMIC_RELAXED);
  return Real(Id, T);
}

__attribute__((destructor(101))) static void report(void) {
  const char *Path = getenv("COUNT_CLOCK_READS");
  FILE *F = Path ? fopen(Path, "w") : NULL;
  if (F) {
    fprintf(F, "%lu\n", __atomic_load_n(&Reads, __ATOMIC_RELAXED));
    fclose(F);
  }
}
