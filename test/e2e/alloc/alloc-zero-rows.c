/* The allocation table lists only functions that allocated: 2 rows, not
 * the 13 that allocated nothing, in the program's own table and in
 * `hotpath report` alike (one rule for every renderer); a program in which
 * no measured function allocated has no allocation table in either. JSON
 * keeps every row.
 *
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: env HOTPATH_CONFIG=%S/Inputs/newcomer.toml %clang -O2 %s -o %t/prog %rt_shared
 * RUN: env HOTPATH_FUNCTIONS_LIMIT=0 %t/prog 2> %t/table.txt
 * RUN: %FileCheck %s --check-prefix=TABLE < %t/table.txt
 * RUN: env HOTPATH_OUTPUT_PATH=%t/r.json %t/prog
 * RUN: %hotpath report %t/r.json --limit 0 > %t/report.txt
 * RUN: %FileCheck %s --check-prefix=TABLE < %t/report.txt
 * TABLE: [hotpath] {{.*}} | timing, alloc, threads
 * TABLE: alloc - Bytes allocated per call
 * TABLE-NOT: app_quiet
 * TABLE: app_alloc_big
 * TABLE-NOT: app_quiet
 * TABLE: app_alloc_small
 * TABLE-NOT: app_quiet
 * TABLE: threads -
 * RUN: grep -c '"name":"app_quiet' %t/r.json | grep -x 1
 *
 * Nothing allocated: no allocation table anywhere (JSON keeps the section).
 * RUN: env HOTPATH_OUTPUT_PATH=%t/none.json %t/prog none
 * RUN: %hotpath report %t/none.json > %t/none.txt
 * RUN: %FileCheck %s --check-prefix=NONE < %t/none.txt
 * RUN: env %t/prog none 2>&1 >/dev/null | %FileCheck %s --check-prefix=NONE
 * NONE: [hotpath] {{.*}} | timing, threads
 * NONE-NOT: alloc -
 * RUN: grep -q '"functions_alloc"' %t/none.json
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int Sink;
static char *volatile Keep;

void app_quiet0(void) { Sink = Sink + 1; }
void app_quiet1(void) { Sink = Sink + 1; }
void app_quiet2(void) { Sink = Sink + 1; }
void app_quiet3(void) { Sink = Sink + 1; }
void app_quiet4(void) { Sink = Sink + 1; }
void app_quiet5(void) { Sink = Sink + 1; }
void app_quiet6(void) { Sink = Sink + 1; }
void app_quiet7(void) { Sink = Sink + 1; }
void app_quiet8(void) { Sink = Sink + 1; }
void app_quiet9(void) { Sink = Sink + 1; }
void app_quieta(void) { Sink = Sink + 1; }
void app_quietb(void) { Sink = Sink + 1; }
void app_quietc(void) { Sink = Sink + 1; }

/* The memory escapes through Keep: clang cannot elide the allocation. */
void app_alloc_big(void) {
  char *P = malloc(4096);
  memset(P, 1, 4096);
  Keep = P;
  free(Keep);
}
void app_alloc_small(void) {
  char *P = malloc(16);
  memset(P, 1, 16);
  Keep = P;
  free(Keep);
}

int main(int argc, char **argv) {
  void (*Quiet[])(void) = {app_quiet0, app_quiet1, app_quiet2, app_quiet3,
                           app_quiet4, app_quiet5, app_quiet6, app_quiet7,
                           app_quiet8, app_quiet9, app_quieta, app_quietb,
                           app_quietc};
  for (int I = 0; I < 13; ++I)
    Quiet[I]();
  if (argc < 2) {
    app_alloc_big();
    app_alloc_small();
  }
  printf("sink %d\n", Sink);
  return 0;
}
