/* exit() and _exit() from deep inside measured code.
 *
 * exit(): the session ends in exit's handlers, the report is written, and
 * every frame still open (the whole recursion) is counted once; the exit
 * status and the program's output are unchanged.
 * _exit(): the process ends at once, without exit handlers, so no report
 * is written (docs/getting-started.md); nothing else changes either.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: %t.plain exit > %t.expected.exit; test $? = 3
 * RUN: %t.plain _exit > %t.expected._exit; test $? = 4
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O0 -g %s -o %t.O0 %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.exit.json %t.O0 exit > %t.O0.exit.out; test $? = 3
 * RUN: diff %t.expected.exit %t.O0.exit.out
 * RUN: %python %S/Inputs/check_counts.py %t.O0.exit.json app_descend=101 app_work=100 app_finish=1
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0._exit.json %t.O0 _exit > %t.O0._exit.out; test $? = 4
 * RUN: diff %t.expected._exit %t.O0._exit.out
 * RUN: %python %S/Inputs/check_counts.py --none '%t.O0._exit.json*'
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.O2 %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.exit.json %t.O2 exit > %t.O2.exit.out; test $? = 3
 * RUN: diff %t.expected.exit %t.O2.exit.out
 * RUN: %python %S/Inputs/check_counts.py %t.O2.exit.json app_descend=101 app_work=100 app_finish=1
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2._exit.json %t.O2 _exit > %t.O2._exit.out; test $? = 4
 * RUN: diff %t.expected._exit %t.O2._exit.out
 * RUN: %python %S/Inputs/check_counts.py --none '%t.O2._exit.json*'
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int Sink;
static int UseUnderscoreExit;

void app_work(int I) { Sink += I; }

void app_finish(void) {
  printf("finishing from depth 100\n");
  if (UseUnderscoreExit) {
    fflush(stdout); /* _exit does not flush stdio */
    _exit(4);
  }
  exit(3);
}

void app_descend(int N) {
  if (N == 0)
    app_finish();
  app_work(N);
  app_descend(N - 1);
  Sink += N; /* not a tail call */
}

int main(int argc, char **argv) {
  UseUnderscoreExit = argc > 1 && strcmp(argv[1], "_exit") == 0;
  printf("descending\n");
  app_descend(100);
  printf("not reached\n");
  return 0;
}
