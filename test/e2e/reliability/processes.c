/* Processes: 100 forks whose children run measured code and leave with
 * _exit (no report), 3 whose children exit() (a report each, with %p), a
 * vfork + exec, and posix_spawn. The parent's counts stay its own, the
 * children's are their own, and every output and status is unchanged.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.%%p.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only '%t.*.json' app_work=105 app_child=0 \
 * RUN:   --- app_child=1 app_work=1 --- app_child=1 app_work=1 --- app_child=1 app_work=1
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }
void app_child(int X) { app_work(X); }

int main(void) {
  int Ok = 0;
  for (int I = 0; I < 100; ++I) {
    app_work(I);
    fflush(stdout);
    pid_t P = fork();
    if (P == 0) {
      app_child(I);
      _exit(I % 7);
    }
    int St;
    waitpid(P, &St, 0);
    Ok += WIFEXITED(St) && WEXITSTATUS(St) == I % 7;
  }
  for (int I = 0; I < 3; ++I) {
    app_work(I);
    fflush(stdout);
    pid_t P = fork();
    if (P == 0) {
      app_child(I);
      exit(0);
    }
    int St;
    waitpid(P, &St, 0);
    Ok += WIFEXITED(St) && WEXITSTATUS(St) == 0;
  }
  fflush(stdout);
  pid_t V = vfork();
  if (V == 0) {
    execl("/bin/sh", "sh", "-c", "echo from vfork; exit 3", (char *)NULL);
    _exit(127);
  }
  int St;
  waitpid(V, &St, 0);
  Ok += WIFEXITED(St) && WEXITSTATUS(St) == 3;
  app_work(1);
  char *Argv[] = {"sh", "-c", "echo from posix_spawn; exit 4", NULL};
  pid_t S;
  if (posix_spawn(&S, "/bin/sh", NULL, NULL, Argv, environ) == 0) {
    waitpid(S, &St, 0);
    Ok += WIFEXITED(St) && WEXITSTATUS(St) == 4;
  }
  app_work(2);
  printf("children as expected: %d of 105\n", Ok);
  return 0;
}
