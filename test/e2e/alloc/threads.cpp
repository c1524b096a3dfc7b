// Threads: every thread counts into its own state; a function's row sums
// all threads, and the threads section has each thread's own totals,
// including allocations outside any measured function (1000 bytes at the
// end of each worker) and before the thread's first measured call (500
// bytes, kept for the thread until it has a state: a block allocated there
// and freed later balances). Workers exit before the session ends and
// deliver themselves. malloc(32) has a usable size of 40, malloc(500) of
// 504, malloc(1000) of 1000.
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 -pthread %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 -pthread %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static -pthread %rt_static
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.json \
// RUN:   app::work=5 app::work#total=32320 app::work#allocs=1010 app::work#freed=40400 app::work#frees=1010 \
// RUN:   app::work#min=320 app::work#max=12800 app::work#p95=12800 || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=1 \
// RUN:   thread:worker-0:alloc_bytes=4700 thread:worker-0:allocs=102 thread:worker-0:freed_bytes=5504 thread:worker-0:frees=102 \
// RUN:   thread:worker-1:alloc_bytes=7900 thread:worker-1:allocs=202 thread:worker-1:freed_bytes=9504 \
// RUN:   thread:worker-2:alloc_bytes=11100 thread:worker-2:allocs=302 \
// RUN:   thread:worker-3:alloc_bytes=14300 thread:worker-3:allocs=402 thread:worker-3:frees=402 || exit 1; done
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>

namespace app {
void *volatile Sink;
void work(int N) {
  for (int I = 0; I < N; ++I) {
    Sink = malloc(32);
    free(Sink);
  }
}
} // namespace app

static void *run(void *Arg) {
  int K = int(intptr_t(Arg));
  char Name[16] = "worker-0";
  Name[7] = char('0' + K);
  pthread_setname_np(pthread_self(), Name);
  void *Early = malloc(500); // before the thread's first measured call
  app::Sink = Early;
  free(Early);
  app::work(100 * (K + 1));
  void *P = malloc(1000); // outside any measured function
  app::Sink = P;
  free(P);
  return nullptr;
}

int main() {
  pthread_t T[4];
  for (int K = 0; K < 4; ++K)
    pthread_create(&T[K], nullptr, run, reinterpret_cast<void *>(intptr_t(K)));
  for (int K = 0; K < 4; ++K)
    pthread_join(T[K], nullptr);
  app::work(10);
  return 0;
}
