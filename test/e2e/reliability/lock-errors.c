/* Lock calls whose answer is an error, through the lock interposers: the
 * plain build's answers, and no hang.
 * - A robust mutex that is not recoverable (its owner died, it was
 *   unlocked without pthread_mutex_consistent): pthread_mutex_lock
 *   returns ENOTRECOVERABLE. With lock tracking on it waited for ever:
 *   glibc's trylock, which the tracker tried first, leaves such a mutex's
 *   word taken.
 * - pthread_mutex_clocklock with a clock glibc does not take, and the
 *   timed and clock rwlock calls with a bad clock or timeout: EINVAL, the
 *   lock left free (the tracker's try took it and returned 0).
 * Shared, static and fully static runtime.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain -pthread
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t -pthread %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --show %t.plain %t | %FileCheck %s
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static -pthread %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 %t.plain %t.static
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -static -O2 %s -o %t.full -pthread %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 %t.plain %t.full
 *
 * CHECK: robust: Owner died 0 State not recoverable State not recoverable
 * CHECK-NEXT: mutex clocklock, cpu clock: Invalid argument; then trylock: Success
 * CHECK-NEXT: rwlock: Invalid argument; Invalid argument; Invalid argument; Invalid argument; Invalid argument; Success;
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t Robust;
static void *dieHolding(void *A) {
  pthread_mutex_lock(&Robust);
  return A;
}

__attribute__((noinline)) int app_run(void) {
  pthread_mutexattr_t At;
  pthread_mutexattr_init(&At);
  pthread_mutexattr_setrobust(&At, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init(&Robust, &At);
  pthread_t T;
  pthread_create(&T, 0, dieHolding, 0);
  pthread_join(T, 0);
  int R1 = pthread_mutex_lock(&Robust);   /* EOWNERDEAD */
  int R2 = pthread_mutex_unlock(&Robust); /* not made consistent */
  int R3 = pthread_mutex_lock(&Robust);   /* ENOTRECOVERABLE */
  int R4 = pthread_mutex_trylock(&Robust);
  struct timespec Now;
  clock_gettime(CLOCK_REALTIME, &Now);
  Now.tv_nsec = 0;
  Now.tv_sec += 1;
  int R5 = pthread_mutex_timedlock(&Robust, &Now);
  printf("robust: %s %d %s %s %s\n", strerror(R1), R2, strerror(R3),
         strerror(R4), strerror(R5));

  pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
  int C = pthread_mutex_clocklock(&M, CLOCK_PROCESS_CPUTIME_ID, &Now);
  int Free = pthread_mutex_trylock(&M);
  printf("mutex clocklock, cpu clock: %s; then trylock: %s\n", strerror(C),
         strerror(Free));
  if (Free == 0)
    pthread_mutex_unlock(&M);

  pthread_rwlock_t W = PTHREAD_RWLOCK_INITIALIZER;
  struct timespec Bad = Now;
  Bad.tv_nsec = -1;
  struct timespec Big = Now;
  Big.tv_nsec = 1000000000;
  int Res[6];
  Res[0] = pthread_rwlock_timedrdlock(&W, &Bad);
  Res[1] = pthread_rwlock_timedwrlock(&W, &Big);
  Res[2] = pthread_rwlock_clockrdlock(&W, CLOCK_PROCESS_CPUTIME_ID, &Now);
  Res[3] = pthread_rwlock_clockwrlock(&W, 12345, &Now);
  Res[4] = pthread_rwlock_clockrdlock(&W, CLOCK_MONOTONIC, &Bad);
  Res[5] = pthread_rwlock_trywrlock(&W);
  printf("rwlock:");
  for (int I = 0; I < 6; ++I)
    printf(" %s;", strerror(Res[I]));
  printf("\n");
  return 0;
}
int main(void) { return app_run(); }
