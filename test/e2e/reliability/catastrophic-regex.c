/* Catastrophic regexes in hotpath.toml against long names that almost
 * match: the compile stays fast (time bound) and selects exactly what the
 * patterns say.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/catastrophic.toml timeout 60 %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.json aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab=1
 */
#include <stdio.h>

static volatile int Sink;

/* Matches ^(a+)+$. */
void aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa(void) {
  Sink = Sink + 1;
}
/* Almost matches ^(a+)+$ and ^(a|aa)+$: the classic blow-up. */
void aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac(void) {
  Sink = Sink + 2;
}
/* Matches ^(a|a?)+b$. */
void aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab(void) { Sink = Sink + 3; }

int main(void) {
  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa();
  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac();
  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab();
  printf("sink %d\n", Sink);
  return 0;
}
