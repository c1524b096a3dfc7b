/* A vfork child runs on its parent's memory, thread-local storage
 * included, until it calls exec or _exit: the measured calls it makes
 * there are not the parent's, and appeared in the parent's report (and
 * could leave frames open on the parent's shadow stack). The runtime's
 * vfork pauses measuring on the calling thread until the parent resumes.
 * Two children that call measured functions, one ending in _exit, one in
 * exec; the parent's own calls before and after; a failed vfork is not
 * possible to force here. Shared, static and fully static runtime.
 *
 * UNSUPPORTED: sanitizer
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --show --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t | %FileCheck %s
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.json app_parent=3 app_child=0 app_outer=1
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.static.json %t.plain %t.static
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.static.json app_parent=3 app_child=0 app_outer=1
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -static -O2 %s -o %t.full %rt_static
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.full.json %t.plain %t.full
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.full.json app_parent=3 app_child=0 app_outer=1
 * And with every call timed, count-only.
 * RUN: %python %S/Inputs/same.py --timeout 30 --status 0 --env HOTPATH_TIME_SAMPLING_RATE=0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.count.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.count.json app_parent=3 app_child=0 app_outer=1
 *
 * CHECK: exit 0 then 5, parent's sink 3
 */
#include <errno.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) void app_parent(void) { Sink = Sink + 1; }
__attribute__((noinline)) void app_child(int X) { (void)X; }

__attribute__((noinline)) int app_outer(void) {
  int Statuses[2];
  app_parent();
  for (int K = 0; K < 2; ++K) {
    pid_t P = vfork();
    if (P == 0) {
      for (int I = 0; I < 1000; ++I)
        app_child(I);
      if (K == 0)
        _exit(0);
      execl("/bin/sh", "sh", "-c", "exit 5", (char *)NULL);
      _exit(127);
    }
    int St = 0;
    waitpid(P, &St, 0);
    Statuses[K] = WEXITSTATUS(St);
    app_parent();
  }
  printf("exit %d then %d, parent's sink %d\n", Statuses[0], Statuses[1], Sink);
  return 0;
}

int main(void) { return app_outer(); }
