/* A process ends as the plain build does whichever way its last thread
 * exits, and a thread that gives up its time-stamp counter is not killed
 * by the next measured call:
 *   raw N:     main ends with the raw exit system call (status N), which
 *              runs no destructor: the runtime's threads were all that kept
 *              the process alive, a zombie forever;
 *   thread:    the same while a worker still runs measured code;
 *   tsc:       prctl(PR_SET_TSC, PR_TSC_SIGSEGV), then measured calls, and
 *              a thread born with the counter disabled;
 *   strict, strict-syscall: seccomp strict mode (prctl, or the seccomp
 *              system call), measured calls, write, and the raw exit: the
 *              only way such a program can end.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: %plainclang -O2 %s -o %t.plain -lpthread
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared -lpthread
 *
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/raw.json %t.plain %t raw 0
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/raw.json app_work=100
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 3 %t.plain %t raw 3
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/thread.json %t.plain %t thread
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/thread.json app_work=200
 *
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/tsc.json %t.plain %t tsc
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/tsc.json app_work=100
 * RUN: %python -c "import json; print(json.load(open('%t.d/tsc.json'))['meta']['warnings'])" | %FileCheck %s --check-prefix=TSC
 * TSC: measuring stopped on 2 threads that disabled the time-stamp counter
 * RUN: env HOTPATH_OUTPUT_FORMAT=none %t tsc 2>&1 >/dev/null | %FileCheck %s --check-prefix=TSC-ERR
 * TSC-ERR: hotpath: thread {{[0-9]+}} disables its time-stamp counter (PR_SET_TSC): its calls are no longer measured
 * TSC-ERR-NOT: hotpath:
 *
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/strict.json %t.plain %t strict
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/strict.json app_work=100
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/strict2.json %t.plain %t strict-syscall
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/strict2.json app_work=100
 * RUN: env HOTPATH_OUTPUT_FORMAT=none %t strict 2>&1 >/dev/null | %FileCheck %s --check-prefix=STRICT-ERR
 * STRICT-ERR: hotpath: thread {{[0-9]+}} enters seccomp strict mode: its calls are no longer measured
 *
 * Sanitizers make system calls of their own, which strict mode forbids.
 * UNSUPPORTED: sanitizer
 */
#include <linux/seccomp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int app_work(int N) { return N * 3 + 1; }

static int work(void) {
  int S = 0;
  for (int I = 0; I < 100; ++I)
    S += app_work(I);
  return S;
}

static void *worker(void *Arg) {
  usleep(100000); /* main is gone by now */
  *(int *)Arg = work();
  printf("worker %d\n", *(int *)Arg);
  fflush(stdout);
  return NULL;
}

/* Only write and the raw exit: all that strict mode allows. */
static void strictEnd(int S) {
  char Buf[64];
  int N = snprintf(Buf, sizeof Buf, "strict %d\n", S);
  if (write(1, Buf, N) != N)
    syscall(SYS_exit, 1);
  syscall(SYS_exit, 0);
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "raw";
  int S = work();
  printf("main %d\n", S);
  fflush(stdout);
  if (strcmp(Mode, "raw") == 0)
    syscall(SYS_exit, argc > 2 ? atoi(argv[2]) : 0);
  if (strcmp(Mode, "thread") == 0) {
    static int W;
    pthread_t T;
    pthread_create(&T, NULL, worker, &W);
    syscall(SYS_exit, 0);
  }
  if (strcmp(Mode, "strict") == 0) {
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT) != 0)
      return 2;
    strictEnd(S + work());
  }
  if (strcmp(Mode, "strict-syscall") == 0) {
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL) != 0)
      return 2;
    strictEnd(S + work());
  }
  if (prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0) != 0)
    return 2;
  S += work();
  int W = 0;
  pthread_t T;
  pthread_create(&T, NULL, worker, &W);
  pthread_join(T, NULL);
  printf("tsc %d\n", S + W);
  return 0;
}
