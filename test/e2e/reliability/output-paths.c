/* No output path can follow the program's chdir or block it:
 *  - relative HOTPATH_TRACE and HOTPATH_SNAPSHOT_PATH, and the default
 *    snapshot path, are relative to the working directory at session
 *    begin, like the report's, though the program changes directory (a
 *    daemon's chdir("/")) before they are written;
 *  - a FIFO at the report's, the trace's or the snapshots' path (or a
 *    symlink to one) is refused with one line each: the program ends at
 *    once, as the plain build does, instead of waiting for a reader.
 *
 *   output-paths [DIR]   (calls, chdir DIR, calls for 0.3 s)
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d/elsewhere %t.d/default/elsewhere
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 *
 * RUN: cd %t.d && env HOTPATH_SNAPSHOT_INTERVAL=20 HOTPATH_SNAPSHOT_PATH=snap.json HOTPATH_TRACE=trace.json HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=report.json %t elsewhere
 * RUN: %python -c "import os; assert os.listdir('%t.d/elsewhere') == [], os.listdir('%t.d/elsewhere')"
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/snap.json app_step=31
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/report.json app_step=31
 * RUN: %python -c "import json; assert json.load(open('%t.d/trace.json'))['traceEvents']"
 * RUN: cd %t.d/default && env HOTPATH_SNAPSHOT_INTERVAL=20 HOTPATH_OUTPUT_FORMAT=none %t elsewhere
 * RUN: %python -c "import os; assert os.listdir('%t.d/default/elsewhere') == [], os.listdir('%t.d/default/elsewhere')"
 * RUN: %python %S/../runtime/Inputs/check_counts.py '%t.d/default/hotpath-snapshot.*.json' app_step=31
 *
 * RUN: mkfifo %t.d/fifo && ln -s %t.d/fifo %t.d/link
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_SNAPSHOT_INTERVAL=10 --env HOTPATH_SNAPSHOT_PATH=%t.d/fifo --env HOTPATH_TRACE=%t.d/fifo --env HOTPATH_OUTPUT_PATH=%t.d/fifo %t.plain %t
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_SNAPSHOT_INTERVAL=10 --env HOTPATH_SNAPSHOT_PATH=%t.d/link --env HOTPATH_TRACE=%t.d/link --env HOTPATH_OUTPUT_PATH=%t.d/link %t.plain %t
 * RUN: env HOTPATH_ALLOC=0 HOTPATH_SNAPSHOT_INTERVAL=10 HOTPATH_SNAPSHOT_PATH=%t.d/fifo HOTPATH_TRACE=%t.d/link HOTPATH_OUTPUT_PATH=%t.d/fifo %t 2>&1 >/dev/null | %FileCheck %s --check-prefix=FIFO --implicit-check-not=hotpath:
 * FIFO-DAG: hotpath: cannot write the snapshot to {{.*}}fifo: not a regular file (a FIFO): refused, so that writing cannot block the program; later failures are only counted
 * FIFO-DAG: hotpath: cannot write the trace to {{.*}}link: not a regular file: refused, so that writing cannot block the program
 * FIFO-DAG: hotpath: cannot write the report to {{.*}}fifo: not a regular file (a FIFO): refused
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int app_step(int N) { return N + 1; }

int main(int argc, char **argv) {
  int N = app_step(0);
  if (argc > 1 && chdir(argv[1]) != 0)
    return 2;
  for (int I = 0; I < 30; ++I) {
    struct timespec T = {0, 10000000};
    nanosleep(&T, NULL);
    N = app_step(N);
  }
  printf("steps %d\n", N);
  return 0;
}
