/* Files the runtime opens while the program runs never take a descriptor
 * number of the program's. The program reuses descriptor 0 for its own
 * file, in a loop, while snapshots are written every 10 ms: open() must
 * always return the lowest free number (0), and the file, which the
 * program never writes, must stay empty (before the runtime's files were
 * opened in a descriptor table of its own, it received the snapshots'
 * JSON, or the runtime wrote to a number the program had just closed).
 *
 *   descriptor-reuse SECONDS    (victim.txt in the working directory)
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --show --cwd %t.d --env HOTPATH_SNAPSHOT_INTERVAL=10 --env HOTPATH_SNAPSHOT_PATH=%t.d/snap.json --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/report.json %t.plain %t 1.5 | %FileCheck %s
 * CHECK: lowest-free violations 0, open errors 0, victim.txt holds 0 bytes
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/report.json 'app_tick>=1000'
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/snap.json 'app_tick>=1000'
 * The snapshots were written all along, without a failure.
 * RUN: %python -c "import json; m = json.load(open('%t.d/snap.json'))['meta']; assert m['snapshot'] >= 10 and not [w for w in m['warnings'] if 'snapshot' in w], m"
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int app_tick(int N) { return N + 1; }

int main(int argc, char **argv) {
  double Seconds = argc > 1 ? atof(argv[1]) : 1;
  struct timespec T0, T;
  clock_gettime(CLOCK_MONOTONIC, &T0);
  long Rounds = 0, Violations = 0, Errors = 0;
  int N = 0;
  do {
    close(0);
    int Fd = open("victim.txt", O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (Fd < 0) {
      ++Errors;
    } else if (Fd != 0) {
      ++Violations; /* 0 was the lowest free number */
      dup2(Fd, 0);
      close(Fd);
    }
    N = app_tick(N);
    ++Rounds;
    clock_gettime(CLOCK_MONOTONIC, &T);
  } while ((T.tv_sec - T0.tv_sec) + (T.tv_nsec - T0.tv_nsec) / 1e9 < Seconds);
  struct stat St;
  long long Size = stat("victim.txt", &St) == 0 ? (long long)St.st_size : -1;
  printf("lowest-free violations %ld, open errors %ld, victim.txt holds %lld "
         "bytes\n",
         Violations, Errors, Size);
  return N == Rounds ? 0 : 1;
}
