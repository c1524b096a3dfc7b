/* HOTPATH_LOCKS=0 costs nothing: the runtime points the program's lock
 * calls (their GOT slots) at glibc, past its interposers, so that 20,000
 * lock/unlock pairs in lock_pairs (not measured; called by the measured
 * app_run) execute exactly the
 * instructions they execute in a build without hotpath, counted by
 * Callgrind. Bound at load (LD_BIND_NOW, so that no lazy binding is
 * counted), with the GOT writable and, linked -z now, read-only (RELRO:
 * the runtime makes it writable for the store and read-only again). The
 * program's output is the plain build's.
 *
 * REQUIRES: valgrind
 * RUN: rm -f %t*.cg
 * RUN: %clang -O2 -gdwarf-4 %s -o %t.plain -pthread
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hold.toml %clang -O2 -gdwarf-4 %s -o %t.hp -pthread %rt_shared
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hold.toml %clang -O2 -gdwarf-4 %s -o %t.relro -pthread -Wl,-z,now -Wl,-z,relro %rt_shared
 * RUN: env LD_BIND_NOW=1 %valgrind --tool=callgrind --compress-strings=no --callgrind-out-file=%t.plain.cg %t.plain > %t.plain.out 2>/dev/null
 * RUN: env LD_BIND_NOW=1 HOTPATH_LOCKS=0 HOTPATH_OUTPUT_PATH=/dev/null %valgrind --tool=callgrind --compress-strings=no --callgrind-out-file=%t.hp.cg %t.hp > %t.hp.out 2>/dev/null
 * RUN: env HOTPATH_LOCKS=0 HOTPATH_OUTPUT_PATH=/dev/null %valgrind --tool=callgrind --compress-strings=no --callgrind-out-file=%t.relro.cg %t.relro > %t.relro.out 2>/dev/null
 * RUN: diff %t.plain.out %t.hp.out
 * RUN: diff %t.plain.out %t.relro.out
 * RUN: %python %S/Inputs/same_ir.py %t.plain.cg %t.hp.cg %t.relro.cg | %FileCheck %s
 * CHECK: lock_pairs: the same instructions in all 3 builds
 *
 * Natively too: the program works, its report has no locks section.
 * RUN: env HOTPATH_LOCKS=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t.relro | %FileCheck %s --check-prefix=NATIVE
 * NATIVE: pairs 20000
 * RUN: not grep -q '"locks"' %t.json
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
static volatile long Counter;

__attribute__((noinline)) long lock_pairs(int N) {
  for (int I = 0; I < N; ++I) {
    pthread_mutex_lock(&M);
    ++Counter;
    pthread_mutex_unlock(&M);
  }
  return Counter;
}

/* Measured (hold.toml: ^app_), so that the runtime has a session. */
long app_run(void) { return lock_pairs(20000); }

int main(void) {
  printf("pairs %ld\n", app_run());
  return 0;
}
