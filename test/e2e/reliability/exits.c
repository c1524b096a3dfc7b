/* Ways out that skip exit handlers: _exit, quick_exit and abort end the
 * process exactly as in the plain build (status, signal, output), and
 * write no report, since no exit handler runs (docs/guarantees.md). exit()
 * writes it.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 3 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t._exit.json %t.plain %t _exit
 * RUN: %python %S/../runtime/Inputs/check_counts.py --none '%t._exit.json*'
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 4 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.quick.json %t.plain %t quick_exit
 * RUN: %python %S/../runtime/Inputs/check_counts.py --none '%t.quick.json*'
 * RUN: %python %S/Inputs/same.py --timeout 20 --status -6 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.abort.json %t.plain %t abort
 * RUN: %python %S/../runtime/Inputs/check_counts.py --none '%t.abort.json*'
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 6 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.exit.json %t.plain %t exit
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.exit.json app_work=5 app_leave=1
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int Sink;

static void atQuick(void) { printf("at_quick_exit handler\n"); fflush(stdout); }

void app_work(int X) { Sink = Sink + X; }

void app_leave(const char *How) {
  printf("leaving by %s\n", How);
  fflush(stdout);
  if (!strcmp(How, "_exit"))
    _exit(3);
  if (!strcmp(How, "quick_exit"))
    quick_exit(4);
  if (!strcmp(How, "abort")) {
    signal(SIGABRT, SIG_DFL);
    abort();
  }
  exit(6);
}

int main(int argc, char **argv) {
  at_quick_exit(atQuick);
  for (int I = 0; I < 5; ++I)
    app_work(I);
  app_leave(argc > 1 ? argv[1] : "exit");
  return 0;
}
