// The benchmark of the diff tests: a fixed, deterministic workload. Built
// with -DSLOW, step() does its work twice (a deliberate 2x slowdown).
// argv[1]: rounds per step (default 20000, about 20 us natively), argv[2]:
// calls of step (default 2000). Many short calls keep the median call time
// stable on a loaded machine: a 20 us call is rarely preempted.
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {
volatile unsigned Sink;

// An FNV-style chain: every round depends on the previous one, so the
// optimizer can neither vectorize it nor fold the two calls of SLOW.
unsigned mix(unsigned Rounds, unsigned Seed) {
  unsigned H = 2166136261u ^ Seed;
  for (unsigned I = 0; I < Rounds; ++I)
    H = (H ^ I) * 16777619u;
  return H;
}

unsigned step(unsigned Rounds, unsigned I) {
  unsigned R = mix(Rounds, I);
#ifdef SLOW
  R ^= mix(Rounds, I + 1);
#endif
  return R;
}

// Allocates the same bytes in every build.
unsigned table(unsigned N) {
  std::vector<unsigned> V(N);
  for (unsigned I = 0; I < N; ++I)
    V[I] = I * 3;
  return V[N / 2];
}
} // namespace bench

int main(int Argc, char **Argv) {
  unsigned Rounds = Argc > 1 ? unsigned(std::atoi(Argv[1])) : 20000;
  unsigned Calls = Argc > 2 ? unsigned(std::atoi(Argv[2])) : 2000;
  unsigned Sum = 0;
  for (unsigned I = 0; I < Calls; ++I)
    Sum += bench::step(Rounds, I);
  for (unsigned I = 0; I < 10; ++I)
    Sum += bench::table(1000);
  bench::Sink = Sum;
  std::printf("done\n");
  return 0;
}
