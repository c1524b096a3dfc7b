/* Closed standard streams: a program that closes stdin, stdout and stderr
 * runs unchanged; with the report going to stderr (closed) nothing is
 * written anywhere and nothing fails (descriptor 2 is closed: the write
 * fails quietly), and with HOTPATH_OUTPUT_PATH the report is written.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 5 %t.plain %t
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 5 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.json app_work=10
 */
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }

int main(void) {
  printf("before closing\n");
  fflush(stdout);
  close(0);
  close(1);
  close(2);
  for (int I = 0; I < 10; ++I)
    app_work(I);
  return 5;
}
