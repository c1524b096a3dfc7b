/* A program stopped by SIGTERM or SIGINT still writes its report, and dies
 * of the signal as it would have without hotpath (exit status 128+N in the
 * shell). The handler is installed only over the default disposition: a
 * handler the program installs later replaces it (and its exit() writes
 * the report as usual), one installed before the session is never
 * replaced, and an inherited SIG_IGN stays ignored. The frames open when
 * the signal came (app_stop) are closed and counted once, as at exit()
 * (docs/runtime.md, "Signals").
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: %t.plain term > %t.expected.term; test $? = 143
 * lit runs tests with SIGINT ignored (inherited): dfl.py restores the default.
 * RUN: %python %S/Inputs/dfl.py %t.plain int > %t.expected.int; test $? = 130
 * RUN: %t.plain own-later > %t.expected.own-later; test $? = 7
 * RUN: %t.plain own-before > %t.expected.own-before; test $? = 5
 * RUN: sh -c 'trap "" TERM; exec %t.plain term' > %t.expected.ignored
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.term.json %t term > %t.term.out; test $? = 143
 * RUN: diff %t.expected.term %t.term.out
 * RUN: %python %S/Inputs/check_counts.py --only %t.term.json app_work=1000 app_leaf=2000 app_stop=1
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.int.json %python %S/Inputs/dfl.py %t int > %t.int.out; test $? = 130
 * RUN: diff %t.expected.int %t.int.out
 * RUN: %python %S/Inputs/check_counts.py --only %t.int.json app_work=1000 app_leaf=2000 app_stop=1
 *
 * Delivered from outside while the program runs measured code in a loop.
 * Once it runs (its first line), not at a fixed time from the start: on a
 * loaded machine the interpreter alone can take a second to start.
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.spin.json %python %S/Inputs/interrupt.py INT %t spin > /dev/null; test $? = 130
 * RUN: %python %S/Inputs/check_counts.py %t.spin.json 'app_work>=1' 'app_leaf>=2'
 *
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.own-later.json %t own-later > %t.own-later.out; test $? = 7
 * RUN: diff %t.expected.own-later %t.own-later.out
 * RUN: %python %S/Inputs/check_counts.py --only %t.own-later.json app_work=1000 app_leaf=2000 app_stop=1 app_own_handler=1
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.own-before.json %t own-before > %t.own-before.out; test $? = 5
 * RUN: diff %t.expected.own-before %t.own-before.out
 * RUN: %python %S/Inputs/check_counts.py --none '%t.own-before.json*'
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.ignored.json sh -c 'trap "" TERM; exec %t term' > %t.ignored.out
 * RUN: diff %t.expected.ignored %t.ignored.out
 * RUN: %python %S/Inputs/check_counts.py --only %t.ignored.json app_work=1000 app_leaf=2000 app_stop=1
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long Sink;
static int Sig = SIGTERM;

unsigned long app_leaf(unsigned long X) { return X * 31 + 7; }
void app_work(unsigned long X) { Sink = Sink + app_leaf(X) + app_leaf(X + 1); }

void app_stop(void) {
  raise(Sig);
  printf("survived\n");
}

void app_own_handler(int S) {
  printf("own handler %d\n", S);
  exit(7);
}

static void own_before(int S) {
  (void)S;
  _exit(5);
}

/* Installed before main, so before the session begins. */
__attribute__((constructor)) static void early(void) {
  const char *Mode = getenv("SIGNAL_REPORT_MODE");
  if (Mode && strcmp(Mode, "own-before") == 0)
    signal(SIGTERM, own_before);
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "term";
  if (strcmp(Mode, "own-before") == 0 && !getenv("SIGNAL_REPORT_MODE")) {
    setenv("SIGNAL_REPORT_MODE", "own-before", 1);
    execv("/proc/self/exe", argv); /* again, with the constructor's handler */
    return 99;
  }
  if (strcmp(Mode, "int") == 0)
    Sig = SIGINT;
  if (strcmp(Mode, "own-later") == 0)
    signal(SIGTERM, app_own_handler);
  printf("start %s\n", Mode);
  fflush(stdout);
  if (strcmp(Mode, "spin") == 0)
    for (unsigned long I = 0;; ++I)
      app_work(I);
  for (unsigned long I = 0; I < 1000; ++I)
    app_work(I);
  app_stop();
  return 0;
}
