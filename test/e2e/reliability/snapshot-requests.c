/* Asking for a snapshot never interrupts the program's system calls:
 *  - HOTPATH_SNAPSHOT_TRIGGER: touching the file asks the drain thread for
 *    one; nanosleep, poll, select and epoll_wait, which no SA_RESTART
 *    restarts, never fail with EINTR;
 *  - HOTPATH_SNAPSHOT_SIGNAL accepts only signals whose default action
 *    ends the process and that nothing else relies on: SIGPIPE (a program
 *    in a pipeline must die of it), SIGCHLD, SIGURG (ignored by default),
 *    SIGKILL and the faults are refused with the list of what is accepted;
 *    `prog | head -1` still ends with SIGPIPE;
 *  - a snapshot that cannot be written is one line on stderr, not one per
 *    interval, and every failure is counted in meta.warnings.
 *
 *   snapshot-requests sleep ROUNDS   (measured calls between 4 x 20 ms sleeps)
 *   snapshot-requests yes            (prints y forever)
 *
 * HOTPATH_ALLOC=0 where stderr is checked: no line about ASan's malloc in
 * the sanitizer build.
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 *
 * RUN: %python %S/Inputs/trigger.py %t.d/trigger %t.d/snap.json -- env HOTPATH_SNAPSHOT_TRIGGER=%t.d/trigger HOTPATH_SNAPSHOT_PATH=%t.d/snap.json HOTPATH_OUTPUT_FORMAT=none %t sleep 25 | %FileCheck %s --check-prefix=TRIGGER
 * TRIGGER: snapshots 1 2 3
 * TRIGGER: rounds 25 eintr 0
 *
 * RUN: for S in 13 PIPE 17 28 9 11 19; do env HOTPATH_SNAPSHOT_SIGNAL=$S HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=none %t sleep 1; done 2>&1 | %FileCheck %s --check-prefix=REFUSED
 * REFUSED-COUNT-7: is invalid (accepted: a signal whose default action ends the process and that nothing else relies on: USR1, USR2, HUP, ALRM, VTALRM, PROF, IO, PWR, STKFLT, RTMIN+N, RTMAX-N, or one of their numbers); using none
 * RUN: for S in USR2 sigusr1 HUP ALRM RTMIN+3 RTMAX 40; do env HOTPATH_SNAPSHOT_SIGNAL=$S HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=none %t sleep 1; done 2>&1 | %FileCheck %s --check-prefix=ACCEPTED --implicit-check-not=hotpath:
 * ACCEPTED-COUNT-7: rounds 1 eintr 0
 * RUN: env HOTPATH_SNAPSHOT_SIGNAL=13 HOTPATH_OUTPUT_FORMAT=none timeout 20 sh -c '%t yes | head -n 1'
 *
 * RUN: env HOTPATH_SNAPSHOT_INTERVAL=10 HOTPATH_SNAPSHOT_PATH=/dev/full HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/full.json %t sleep 10 2>&1 | %FileCheck %s --check-prefix=FULL
 * FULL-COUNT-1: hotpath: cannot write the snapshot to /dev/full: No space left on device; later failures are only counted, in the report's meta.warnings
 * FULL-NOT: hotpath:
 * RUN: %python -c "import json; print(json.load(open('%t.d/full.json'))['meta']['warnings'])" | %FileCheck %s --check-prefix=FULL-META
 * FULL-META: cannot write the snapshot to /dev/full: No space left on device ([[N:[0-9]+]] of [[N]] snapshots not written)
 * RUN: env HOTPATH_SNAPSHOT_INTERVAL=10 HOTPATH_SNAPSHOT_PATH=%t.d/missing/snap.json HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=none %t sleep 5 2>&1 | %FileCheck %s --check-prefix=MISSING
 * MISSING-COUNT-1: hotpath: cannot write the snapshot to {{.*}}missing/snap.json: No such file or directory
 * MISSING-NOT: hotpath:
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

int app_step(int N) { return N + 1; }

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "yes") == 0) {
    for (int N = 0;; N = app_step(N))
      if (puts("y") == EOF)
        return 1;
  }
  int Rounds = argc > 2 ? atoi(argv[2]) : 10, Eintr = 0, N = 0;
  int Ep = epoll_create1(0);
  for (int R = 0; R < Rounds; ++R) {
    N = app_step(N);
    struct timespec T = {0, 20000000};
    if (nanosleep(&T, NULL) != 0 && errno == EINTR)
      ++Eintr;
    if (poll(NULL, 0, 20) < 0 && errno == EINTR)
      ++Eintr;
    struct timeval TV = {0, 20000};
    if (select(0, NULL, NULL, NULL, &TV) < 0 && errno == EINTR)
      ++Eintr;
    struct epoll_event E;
    if (epoll_wait(Ep, &E, 1, 20) < 0 && errno == EINTR)
      ++Eintr;
  }
  printf("rounds %d eintr %d\n", N, Eintr);
  return 0;
}
