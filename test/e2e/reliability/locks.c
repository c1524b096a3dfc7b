/* Everything a lock can do, through the lock interposers (docs/locks.md):
 * recursive and error-checking mutexes, a robust mutex whose owner died
 * (EOWNERDEAD, pthread_mutex_consistent), a process-shared mutex in shared
 * memory used by a forked child, fork with a lock held, a program's own
 * malloc that locks, a signal handler that locks while the thread is
 * inside a lock call, a lock taken before the runtime starts (a
 * constructor), timeouts (mutex, rwlock, condition, semaphore), and a
 * thread cancelled inside pthread_cond_wait. Output, status and timing
 * behaviour are the plain build's; the report counts the mutex
 * acquisitions exactly. Built with the shared, the static and a fully
 * static runtime.
 *
 * UNSUPPORTED: sanitizer
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain -pthread
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t -pthread %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --show --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t | %FileCheck %s
 * RUN: %python %S/Inputs/check_locks_json.py %t.json
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static -pthread %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.static.json %t.plain %t.static
 * RUN: %python %S/Inputs/check_locks_json.py %t.static.json
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -static -O2 %s -o %t.full -pthread %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.full.json %t.plain %t.full
 * RUN: %python %S/Inputs/check_locks_json.py %t.full.json
 * Bound at load (LD_BIND_NOW, as -z now builds are): the interposers are
 * plain functions, which the loader can bind before the runtime is
 * relocated (an IFUNC could not: ld.so complains, or aborts for the static
 * runtime's).
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --stderr --env LD_BIND_NOW=1 --env HOTPATH_LOCKS=0 --env HOTPATH_OUTPUT_PATH=%t.bind.json %t.plain %t
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --stderr --env LD_BIND_NOW=1 --env HOTPATH_OUTPUT_PATH=%t.bind-static.json %t.plain %t.static
 * And with lock tracking off, the same program.
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_LOCKS=0 %t.plain %t
 *
 * CHECK: constructor lock 0
 * CHECK-NEXT: recursive 0 0 0 0
 * CHECK-NEXT: errorcheck relock 35 unlock-other 1
 * CHECK-NEXT: robust 130 consistent 0 unlock 0
 * CHECK-NEXT: shared child 0 parent 0 counter 2000
 * CHECK-NEXT: fork held: child lock 0 unlock 0
 * CHECK-NEXT: own malloc 100 locked 100
 * CHECK-NEXT: signal handler locks 20
 * CHECK-NEXT: timeouts mutex 110 rwlock 110 cond 110 sem -1 110
 * CHECK-NEXT: cancelled in cond_wait: cleanup 1 lock 0
 * CHECK-NEXT: done
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Taken before main, and before the runtime's own constructor has run. */
static pthread_mutex_t Early = PTHREAD_MUTEX_INITIALIZER;
static int EarlyResult = -1;
__attribute__((constructor(101))) static void early(void) {
  EarlyResult = pthread_mutex_lock(&Early);
  pthread_mutex_unlock(&Early);
}

/* The counted mutex: 10 acquisitions in app_counted (check_locks_json.py). */
pthread_mutex_t Counted = PTHREAD_MUTEX_INITIALIZER;
void app_counted(void) {
  for (int I = 0; I < 10; ++I) {
    pthread_mutex_lock(&Counted);
    pthread_mutex_unlock(&Counted);
  }
}

static void recursive(void) {
  pthread_mutexattr_t A;
  pthread_mutex_t M;
  pthread_mutexattr_init(&A);
  pthread_mutexattr_settype(&A, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&M, &A);
  int R1 = pthread_mutex_lock(&M), R2 = pthread_mutex_lock(&M);
  int R3 = pthread_mutex_unlock(&M), R4 = pthread_mutex_unlock(&M);
  printf("recursive %d %d %d %d\n", R1, R2, R3, R4);
}

static pthread_mutex_t Checked;
static void *unlockOther(void *Arg) {
  (void)Arg;
  return (void *)(long)pthread_mutex_unlock(&Checked);
}
static void errorCheck(void) {
  pthread_mutexattr_t A;
  pthread_mutexattr_init(&A);
  pthread_mutexattr_settype(&A, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&Checked, &A);
  pthread_mutex_lock(&Checked);
  int Relock = pthread_mutex_lock(&Checked); /* EDEADLK */
  pthread_t T;
  void *Other;
  pthread_create(&T, NULL, unlockOther, NULL);
  pthread_join(T, &Other); /* EPERM */
  pthread_mutex_unlock(&Checked);
  printf("errorcheck relock %d unlock-other %ld\n", Relock, (long)Other);
}

static pthread_mutex_t Robust;
static void *dieHolding(void *Arg) {
  (void)Arg;
  pthread_mutex_lock(&Robust);
  return NULL; /* exits holding it */
}
static void robust(void) {
  pthread_mutexattr_t A;
  pthread_mutexattr_init(&A);
  pthread_mutexattr_setrobust(&A, PTHREAD_MUTEX_ROBUST);
  pthread_mutex_init(&Robust, &A);
  pthread_t T;
  pthread_create(&T, NULL, dieHolding, NULL);
  pthread_join(T, NULL);
  int R = pthread_mutex_lock(&Robust); /* EOWNERDEAD */
  int C = pthread_mutex_consistent(&Robust);
  int U = pthread_mutex_unlock(&Robust);
  printf("robust %d consistent %d unlock %d\n", R, C, U);
}

struct Shared {
  pthread_mutex_t M;
  long Counter;
};
static void processShared(void) {
  struct Shared *S = mmap(NULL, sizeof *S, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  pthread_mutexattr_t A;
  pthread_mutexattr_init(&A);
  pthread_mutexattr_setpshared(&A, PTHREAD_PROCESS_SHARED);
  pthread_mutex_init(&S->M, &A);
  S->Counter = 0;
  pid_t P = fork();
  int Err = 0;
  for (int I = 0; I < 1000; ++I) {
    Err |= pthread_mutex_lock(&S->M);
    ++S->Counter;
    Err |= pthread_mutex_unlock(&S->M);
  }
  if (P == 0)
    _exit(Err);
  int St;
  waitpid(P, &St, 0);
  printf("shared child %d parent %d counter %ld\n", WEXITSTATUS(St), Err,
         S->Counter);
  munmap(S, sizeof *S);
}

static pthread_mutex_t HeldAtFork = PTHREAD_MUTEX_INITIALIZER;
static void forkHolding(void) {
  pthread_mutex_lock(&HeldAtFork);
  pid_t P = fork();
  if (P == 0) {
    /* The child holds a copy: it releases and takes it again. */
    int U = pthread_mutex_unlock(&HeldAtFork);
    int L = pthread_mutex_lock(&HeldAtFork);
    pthread_mutex_unlock(&HeldAtFork);
    _exit(U * 16 + L);
  }
  pthread_mutex_unlock(&HeldAtFork);
  int St;
  waitpid(P, &St, 0);
  printf("fork held: child lock %d unlock %d\n", WEXITSTATUS(St) % 16,
         WEXITSTATUS(St) / 16);
}

/* A program's own allocation function that locks (a pool). */
static pthread_mutex_t PoolLock = PTHREAD_MUTEX_INITIALIZER;
static char Pool[1 << 16];
static size_t PoolUsed;
static int PoolLocked;
static void *poolAlloc(size_t N) {
  pthread_mutex_lock(&PoolLock);
  ++PoolLocked;
  void *P = PoolUsed + N <= sizeof Pool ? Pool + PoolUsed : NULL;
  PoolUsed += N;
  pthread_mutex_unlock(&PoolLock);
  return P;
}
static void ownMalloc(void) {
  int Got = 0;
  for (int I = 0; I < 100; ++I)
    Got += poolAlloc(64) != NULL;
  printf("own malloc %d locked %d\n", Got, PoolLocked);
}

/* A handler that locks another mutex while the thread is in a lock call. */
static pthread_mutex_t HandlerLock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t HandlerLocks;
static void onAlarm(int Sig) {
  (void)Sig;
  if (pthread_mutex_trylock(&HandlerLock) == 0) {
    ++HandlerLocks;
    pthread_mutex_unlock(&HandlerLock);
  }
}
static void signalHandler(void) {
  pthread_mutex_t M = PTHREAD_MUTEX_INITIALIZER;
  struct sigaction SA;
  memset(&SA, 0, sizeof SA);
  SA.sa_handler = onAlarm;
  sigaction(SIGALRM, &SA, NULL);
  for (int I = 0; I < 20; ++I) {
    /* Read before arming: an alarm that comes before the read (the thread
     * preempted on a loaded machine) would otherwise be waited for forever. */
    int Before = HandlerLocks;
    struct itimerval T = {{0, 0}, {0, 200}};
    setitimer(ITIMER_REAL, &T, NULL);
    /* Lock and unlock until the alarm has come. */
    while (HandlerLocks == Before) {
      pthread_mutex_lock(&M);
      pthread_mutex_unlock(&M);
    }
  }
  signal(SIGALRM, SIG_DFL);
  printf("signal handler locks %d\n", (int)HandlerLocks);
}

static pthread_mutex_t Held = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t HeldRw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t Never = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t NeverMu = PTHREAD_MUTEX_INITIALIZER;
static void *timeouts(void *Arg) {
  (void)Arg;
  struct timespec At;
  clock_gettime(CLOCK_REALTIME, &At);
  At.tv_nsec += 20000000;
  if (At.tv_nsec >= 1000000000) {
    At.tv_nsec -= 1000000000;
    ++At.tv_sec;
  }
  int M = pthread_mutex_timedlock(&Held, &At);
  int W = pthread_rwlock_timedwrlock(&HeldRw, &At);
  pthread_mutex_lock(&NeverMu);
  int C = pthread_cond_timedwait(&Never, &NeverMu, &At);
  pthread_mutex_unlock(&NeverMu);
  sem_t S;
  sem_init(&S, 0, 0);
  errno = 0;
  int SR = sem_timedwait(&S, &At);
  int SE = errno;
  printf("timeouts mutex %d rwlock %d cond %d sem %d %d\n", M, W, C, SR, SE);
  return NULL;
}
static void timeoutsFromAnotherThread(void) {
  pthread_mutex_lock(&Held);
  pthread_rwlock_rdlock(&HeldRw);
  pthread_t T;
  pthread_create(&T, NULL, timeouts, NULL);
  pthread_join(T, NULL);
  pthread_rwlock_unlock(&HeldRw);
  pthread_mutex_unlock(&Held);
}

static pthread_mutex_t CancelMu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t CancelCond = PTHREAD_COND_INITIALIZER;
static volatile int CleanedUp, Waiting;
static void cleanup(void *Arg) {
  (void)Arg;
  CleanedUp = 1;
  pthread_mutex_unlock(&CancelMu);
}
static void *waitForever(void *Arg) {
  (void)Arg;
  pthread_mutex_lock(&CancelMu);
  pthread_cleanup_push(cleanup, NULL);
  Waiting = 1;
  for (;;)
    pthread_cond_wait(&CancelCond, &CancelMu);
  pthread_cleanup_pop(1);
  return NULL;
}
static void cancelInCondWait(void) {
  pthread_t T;
  pthread_create(&T, NULL, waitForever, NULL);
  while (!Waiting)
    usleep(1000);
  usleep(10000);
  pthread_cancel(T);
  pthread_join(T, NULL);
  /* The cleanup released the mutex the wait had taken back. */
  int L = pthread_mutex_lock(&CancelMu);
  pthread_mutex_unlock(&CancelMu);
  printf("cancelled in cond_wait: cleanup %d lock %d\n", CleanedUp, L);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* the forks must not repeat output */
  printf("constructor lock %d\n", EarlyResult);
  app_counted();
  recursive();
  errorCheck();
  robust();
  processShared();
  forkHolding();
  ownMalloc();
  signalHandler();
  timeoutsFromAnotherThread();
  cancelInCondWait();
  puts("done");
  return 0;
}
