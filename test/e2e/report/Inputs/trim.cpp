// Three functions with very different costs per call, for `hotpath trim`:
// leaf takes a few nanoseconds and is called a million times (measuring it
// costs more than it takes), work takes microseconds, run once.
#include <cstdio>

namespace t {
volatile unsigned Sink;
__attribute__((noinline)) unsigned leaf(unsigned X) { return X * 2654435761u; }
__attribute__((noinline)) void work(unsigned N) {
  unsigned S = 1;
  for (unsigned I = 0; I < N; ++I) // a serial dependency: no closed form
    S = S * 31 + (I ^ (S >> 7));
  Sink = S;
}
__attribute__((noinline)) void run() {
  unsigned A = 0;
  for (unsigned I = 0; I < 1000000; ++I)
    A += leaf(I);
  for (unsigned I = 0; I < 100; ++I)
    work(20000);
  Sink = A;
}
} // namespace t

int main() {
  t::run();
  std::printf("done\n");
  return 0;
}
