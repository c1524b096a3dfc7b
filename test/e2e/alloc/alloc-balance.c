/* The threads table's Alloc and Dealloc balance: a program that frees all
 * it allocated shows a difference of 0 (it showed a negative one, since
 * frees were counted at usable size and allocations as asked for); a
 * program that leaks shows what it leaked, at the blocks' usable size:
 * 3 x malloc(1000) (usable 1000) and 1 x malloc(100) (usable 104) leak
 * 3104 bytes. The function rows keep the requested sizes.
 *
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: env HOTPATH_CONFIG=%S/Inputs/newcomer.toml %clang -O2 %s -o %t/prog %rt_shared
 * RUN: %t/prog 2>&1 >/dev/null | %FileCheck %s --check-prefix=FREED
 * FREED: threads -
 * FREED: | Thread {{ *}}| TID {{ *}}| Events {{ *}}| CPU {{ *}}| CPU % {{ *}}| Switches (vol/invol) {{ *}}| Alloc {{ *}}| Dealloc {{ *}}| Diff {{ *}}|
 * FREED: | prog {{ *}}| {{[0-9]+}} {{ *}}| {{[0-9]+}} {{ *}}|{{[^|]+\|[^|]+\|[^|]+}}| {{[0-9.]+ .?B}} {{ *}}| {{[0-9.]+ .?B}} {{ *}}| 0 B {{ *}}|
 * RUN: env HOTPATH_OUTPUT_PATH=%t/freed.json %t/prog
 * RUN: %python %S/Inputs/thread_balance.py %t/freed.json 0
 * RUN: %python %S/../runtime/Inputs/check_counts.py --section functions_alloc %t/freed.json app_strings#total=4200 app_numbers#total=16000
 *
 * RUN: %t/prog leak 2>&1 >/dev/null | %FileCheck %s --check-prefix=LEAK
 * LEAK: | prog {{ *}}| {{[0-9]+}} {{ *}}| {{[0-9]+}} {{ *}}|{{[^|]+\|[^|]+\|[^|]+}}| {{[0-9.]+ .?B}} {{ *}}| {{[0-9.]+ .?B}} {{ *}}| 3.0 KB {{ *}}|
 * RUN: env HOTPATH_OUTPUT_PATH=%t/leak.json %t/prog leak
 * RUN: %python %S/Inputs/thread_balance.py %t/leak.json 3104
 * `hotpath report` renders the same.
 * RUN: %hotpath report %t/leak.json | %FileCheck %s --check-prefix=LEAK
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *volatile Keep[64];

/* 100 strings of 42 bytes: usable size 56 each. */
void app_strings(void) {
  for (int I = 0; I < 100; ++I) {
    Keep[I % 64] = malloc(42);
    memset(Keep[I % 64], 'x', 42);
    free(Keep[I % 64]);
  }
}

void app_numbers(void) {
  for (int I = 0; I < 4; ++I) {
    Keep[I] = malloc(4000);
    memset(Keep[I], 0, 4000);
  }
  for (int I = 0; I < 4; ++I)
    free(Keep[I]);
}

void app_leak(void) {
  for (int I = 0; I < 3; ++I) {
    Keep[I] = malloc(1000);
    memset(Keep[I], 1, 1000);
  }
  Keep[3] = malloc(100);
  memset(Keep[3], 1, 100);
}

int main(int argc, char **argv) {
  app_strings();
  app_numbers();
  if (argc > 1)
    app_leak();
  /* Not printf: stdio's buffer is an allocation never freed. */
  (void)!write(1, "done\n", 5);
  return 0;
}
