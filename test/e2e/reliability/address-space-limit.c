/* Under an address-space limit (ulimit -v) the program keeps its room. A
 * program that makes 160 threads (64 KB stacks) made 14 to 82 with hotpath
 * at 20 to 60 MB, and the drain thread's allocations threw std::bad_alloc
 * out of the runtime (SIGABRT) at 30 to 60 MB: the runtime reserves about
 * 200 MiB of address space, and a few MiB a measured thread. Below 1 GiB
 * no session begins (one line, nothing reserved, the plain build's
 * output); at 4 GB the runtime keeps to a quarter of it and the threads
 * past that are not measured (one line), their calls still counted. (At
 * 2 GB glibc's own arenas, 64 MB each for the threads that contend for the
 * heap, leave the program too little on a loaded machine: 3 runs in 30
 * made fewer threads, with the runtime of before this test's last change
 * too, and one in 20 ended in an uncaught std::bad_alloc, not yet found.)
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain -pthread
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t -pthread %rt_shared
 * RUN: bash -c 'for L in 20000 30000 45000 60000 100000; do ulimit -v $L; %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t || exit 1; done'
 * RUN: bash -c 'ulimit -v 60000; env HOTPATH_OUTPUT_PATH=/dev/null %t 2>&1 >/dev/null' | %FileCheck %s --check-prefix=LOW
 * LOW: hotpath: the address-space limit (ulimit -v) is {{[0-9]+}} MiB, below the 1 GiB hotpath needs beside the program: nothing is measured
 * LOW-NOT: {{.}}
 * RUN: bash -c 'ulimit -v 4000000; env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t' 2> %t.err | %FileCheck %s
 * RUN: %FileCheck %s --check-prefix=SOME < %t.err
 * SOME: hotpath: the address-space limit (ulimit -v) leaves no more room for measuring threads
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.json app_work=16000
 * And the static runtime.
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static -pthread %rt_static
 * RUN: bash -c 'for L in 20000 45000; do ulimit -v $L; %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t.static || exit 1; done'
 *
 * CHECK: made 160 threads
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;
static pthread_barrier_t Barrier;

__attribute__((noinline)) void app_work(int X) { Sink = X; }

static void *run(void *A) {
  for (int I = 0; I < 100; ++I)
    app_work(I);
  pthread_barrier_wait(&Barrier); /* all 160 alive at once */
  return A;
}

int main(void) {
  enum { N = 160 };
  pthread_t T[N];
  pthread_attr_t At;
  pthread_attr_init(&At);
  pthread_attr_setstacksize(&At, 64 * 1024);
  pthread_barrier_init(&Barrier, 0, N + 1);
  int Made = 0;
  while (Made < N && pthread_create(&T[Made], &At, run, 0) == 0)
    ++Made;
  if (Made < N) {
    printf("made %d of %d threads\n", Made, N);
    fflush(stdout);
    _exit(3);
  }
  pthread_barrier_wait(&Barrier);
  for (int I = 0; I < Made; ++I)
    pthread_join(T[I], 0);
  printf("made %d threads\n", Made);
  return 0;
}
