/* A thread that frees everything it allocates balances: memory main
 * allocates before its first measured call and frees after it counts on
 * both sides (it was a free without an allocation: frees = allocs + 1).
 * No stdio, whose buffer would be a real allocation never freed.
 *
 * Sanitizer build: ASan owns malloc, so tracking is off there.
 * UNSUPPORTED: sanitizer
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 60 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/report.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/report.json app_work=10
 * RUN: %python -c "import json; [t] = json.load(open('%t.d/report.json'))['threads']['data']; assert (t['allocs'], t['frees']) == (11, 11) and t['alloc_usable_bytes'] == t['freed_bytes'] and t['alloc_bytes'] == 1000 + sum(64 + i for i in range(10)), t"
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *volatile Keep; /* the blocks escape: clang keeps the malloc/free */

int app_work(int N) {
  char *P = malloc(64 + N);
  memset(P, N, 64 + N);
  Keep = P;
  int R = P[3];
  free(P);
  return R;
}

int main(void) {
  char *Early = malloc(1000);
  memset(Early, 1, 1000);
  Keep = Early;
  int S = 0;
  for (int I = 0; I < 10; ++I)
    S += app_work(I);
  free(Early);
  return S == 45 ? 0 : 1;
}
