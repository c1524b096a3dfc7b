// Threads: 64 threads x 200k calls at once (exact counts, peak memory within
// the documented per-thread bound), and 10,000 short-lived threads one after
// another (each call counted, states recycled).
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 -pthread %s -o %t.plain
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -pthread %s -o %t %rt_shared
// RUN: %python %S/Inputs/same.py --timeout 120 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.many.json %t.plain %t many
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.many.json app::leaf=12800000 app::worker=64
// RUN: %python %S/Inputs/same.py --timeout 120 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.short.json %t.plain %t short
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.short.json app::leaf=10000 app::worker=10000
// Count-only: the same counts.
// RUN: %python %S/Inputs/same.py --timeout 120 --status 0 --env HOTPATH_TIME_SAMPLING_RATE=0 --env HOTPATH_ALLOC=0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.count.json %t.plain %t many
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.count.json app::leaf=12800000 app::worker=64
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

static volatile unsigned long Sink;

namespace app {
void leaf(unsigned long X) { Sink = Sink + X; }
void worker(unsigned long N) {
  for (unsigned long I = 0; I < N; ++I)
    leaf(I);
}
} // namespace app

// Peak resident memory, in MiB (VmHWM).
static long peakMiB() {
  FILE *F = fopen("/proc/self/status", "r");
  char Line[256];
  long Kb = -1;
  while (F && fgets(Line, sizeof Line, F))
    if (strncmp(Line, "VmHWM:", 6) == 0)
      Kb = atol(Line + 6);
  if (F)
    fclose(F);
  return Kb / 1024;
}

int main(int argc, char **argv) {
  bool Many = argc > 1 && strcmp(argv[1], "many") == 0;
  if (Many) {
    std::vector<std::thread> Ts;
    for (int I = 0; I < 64; ++I)
      Ts.emplace_back(app::worker, 200000ul);
    for (auto &T : Ts)
      T.join();
    // About 4 MiB of queue per thread at most (docs/runtime.md) and the
    // threads' stacks: far below 1 GiB.
    printf("peak memory below 1 GiB: %s\n", peakMiB() < 1024 ? "yes" : "no");
  } else {
    for (int I = 0; I < 10000; ++I)
      std::thread(app::worker, 1ul).join();
  }
  printf("done\n");
  return 0;
}
