/* A user's perf rings are locked memory, bounded by perf_event_mlock_kb and
 * RLIMIT_MEMLOCK (root is exempt). Where the allowance runs out, the
 * threads it covers are sampled (with smaller rings when a full one does
 * not fit), the rest are counted in one warning, and nothing is reported
 * as a refusal of perf events: here as nobody with RLIMIT_MEMLOCK 0, 12
 * threads and main.
 *
 * REQUIRES: perf-events, root
 * RUN: rm -rf %t.d && mkdir -p %t.d && chmod 777 %t.d
 * RUN: env HOTPATH_CONFIG=%S/Inputs/locked.toml %clang -O2 -fno-omit-frame-pointer -pthread %s -o %t.d/prog %rt_shared
 * RUN: chmod 755 %t.d/prog
 * RUN: prlimit --memlock=0:0 setpriv --reuid=nobody --regid=nogroup --clear-groups \
 * RUN:   env HOTPATH_CPU_SAMPLING=1000 HOTPATH_OUTPUT_PATH=%t.d/report.json %t.d/prog > %t.d/out 2> %t.d/err
 * RUN: %FileCheck %s < %t.d/out
 * RUN: %python %S/Inputs/check_locked.py %t.d/report.json
 * RUN: %FileCheck %s --check-prefix=ERR < %t.d/err
 *
 * CHECK: done 12
 * ERR-NOT: refused
 */
#include <pthread.h>
#include <stdio.h>

static volatile unsigned long Sink;

__attribute__((noinline)) static void spin(long N) {
  for (long I = 0; I < N; ++I)
    Sink += (unsigned long)I;
}

void *work(void *Arg) {
  (void)Arg;
  spin(60000000);
  return NULL;
}

int main(void) {
  pthread_t T[12];
  for (int I = 0; I < 12; ++I)
    pthread_create(&T[I], NULL, work, NULL);
  for (int I = 0; I < 12; ++I)
    pthread_join(T[I], NULL);
  printf("done 12\n");
  return 0;
}
