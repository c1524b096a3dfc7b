/* A forked child samples its own threads: the parent's events stay the
 * parent's (their rings are not copied into the child), the child's drain
 * gives the child's thread an event of its own. Each report holds the
 * samples of its own process only.
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/fork.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t %rt_shared
 * RUN: rm -f %t.*.json
 * RUN: env HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_PATH=%t.%%p.json %t | %FileCheck %s
 * RUN: %python %S/Inputs/check_fork.py %hotpath %t
 * CHECK: child done
 * CHECK: parent done
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile unsigned long Sink;

void parent_work(void) {
  for (long I = 0; I < 200000000; ++I)
    Sink += (unsigned long)I;
}

void child_work(void) {
  for (long I = 0; I < 200000000; ++I)
    Sink += (unsigned long)I * 3;
}

int main(void) {
  parent_work();
  fflush(stdout);
  pid_t P = fork();
  if (P == 0) {
    child_work();
    printf("child done\n");
    return 0;
  }
  waitpid(P, 0, 0);
  parent_work();
  printf("parent done\n");
  return 0;
}
