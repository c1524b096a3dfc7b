/* Percentiles of calls the producer folded (its queue full: the drain
 * outrun, as on a real multi-threaded program under load) stay inside
 * [min, max]: they were 0, below min, because folded calls reached the
 * sum, min and max but not the histogram (issue: db_bench's
 * Benchmark::ReadRandom, one call of 15 s, p95 0).
 *
 * A drain interval of a minute keeps the queue full after 262,000 calls;
 * everything after that is folded.
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env HOTPATH_DRAIN_INTERVAL=60000 HOTPATH_PERCENTILES=50,95,99 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
 * RUN: %python %S/Inputs/check_percentiles.py %t.json app_tiny app_slow app_mixed
 */
#include <time.h>

volatile unsigned Sink;

__attribute__((noinline)) void app_tiny(unsigned I) { Sink += I; }

void app_slow(void) {
  struct timespec T = {0, 20 * 1000 * 1000};
  nanosleep(&T, 0);
}

/* Early calls queued (short), later ones folded (long). */
void app_mixed(int Long) {
  struct timespec T = {0, Long ? 2 * 1000 * 1000 : 1000};
  nanosleep(&T, 0);
}

int main(void) {
  for (int I = 0; I < 10; ++I)
    app_mixed(0);
  for (unsigned I = 0; I < 600000; ++I)
    app_tiny(I);
  for (int I = 0; I < 3; ++I)
    app_slow();
  for (int I = 0; I < 30; ++I)
    app_mixed(1);
  return 0;
}
