/* fork: the child starts with a clean runtime (none of the parent's calls,
 * its own drain) and writes its own report, to the path with %p expanded
 * to its pid; the parent's report has only the parent's calls. The child's
 * runtime works well enough to fork again: the grandchild reports too.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: %plainclang -O2 %s -o %t.plain && %t.plain > %t.expected
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O0 -g %s -o %t.O0 %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/O0.%%p.json %t.O0 > %t.O0.out
 * RUN: diff %t.expected %t.O0.out
 * RUN: %python %S/Inputs/check_counts.py '%t.d/O0.*.json' app_parent=1 app_leaf=5 '!app_child' --- app_child=1 app_leaf=7 '!app_parent' '!app_grandchild' --- app_grandchild=1 app_leaf=4 '!app_child' '!app_parent'
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.O2 %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/O2.%%p.json %t.O2 > %t.O2.out
 * RUN: diff %t.expected %t.O2.out
 * RUN: %python %S/Inputs/check_counts.py '%t.d/O2.*.json' app_parent=1 app_leaf=5 '!app_child' --- app_child=1 app_leaf=7 '!app_parent' '!app_grandchild' --- app_grandchild=1 app_leaf=4 '!app_child' '!app_parent'
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

void app_leaf(int I) { Sink += I; }

void app_child(void) {
  for (int I = 0; I < 7; ++I)
    app_leaf(I);
  printf("child done\n");
}

void app_grandchild(void) {
  for (int I = 0; I < 4; ++I)
    app_leaf(I);
  printf("grandchild done\n");
}

void app_parent(pid_t Child) {
  int Status = 0;
  waitpid(Child, &Status, 0);
  for (int I = 0; I < 2; ++I)
    app_leaf(I);
  printf("child exited with %d\n", WEXITSTATUS(Status));
}

int main(void) {
  for (int I = 0; I < 3; ++I)
    app_leaf(I); /* before the fork: the parent's calls only */
  fflush(stdout);
  pid_t Child = fork();
  if (Child < 0)
    return 1;
  if (Child == 0) {
    app_child();
    fflush(stdout);
    pid_t Grandchild = fork();
    if (Grandchild < 0)
      return 1;
    if (Grandchild == 0) {
      app_grandchild();
      return 0; /* the grandchild's report */
    }
    waitpid(Grandchild, NULL, 0);
    return 0; /* the child's session ends here: its own report */
  }
  app_parent(Child);
  return 0;
}
