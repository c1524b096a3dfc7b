/* A program that installs a seccomp filter for all its threads (TSYNC) at
 * the start of main, in which rseq fails with EPERM. glibc aborts a new
 * thread whose rseq registration fails: a runtime thread the session
 * started just before main and that had not yet run its first
 * instruction died so, with the program, in about 7 runs of 10. The
 * runtime now waits, when it creates a thread, until the thread runs.
 * Twenty runs, each the plain build's output and status.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: bash -c 'for i in $(seq 20); do %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t || exit 1; done'
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --show --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t | %FileCheck %s
 * And with CPU samples, whose thread starts too.
 * RUN: bash -c 'for i in $(seq 10); do %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_CPU_SAMPLING=1000 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t || exit 1; done'
 *
 * CHECK: filter 0, rseq refused: yes, sum 4950
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) void app_add(int X) { Sink = Sink + X; }

int main(void) {
  struct sock_filter F[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rseq, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog Prog = {sizeof F / sizeof F[0], F};
  prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  long R = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                   SECCOMP_FILTER_FLAG_TSYNC, &Prog);
  long Rseq = syscall(SYS_rseq, 0, 0, 0, 0);
  for (int I = 0; I < 100; ++I)
    app_add(I);
  printf("filter %ld, rseq refused: %s, sum %d\n", R,
         Rseq == -1 && errno == EPERM ? "yes" : "no", Sink);
  return 0;
}
