// The default mode's program (default-mode.test): a noinline static
// function with a loop, the program's hottest, which the plain build keeps
// out of line; a tiny inline helper the plain build inlines; a template
// named exactly in the config; a short function called often; a recursive
// one. Argument: a scale (1 natively, smaller under Callgrind).
#include <cstdio>
#include <cstdlib>

static volatile unsigned long Sink;

__attribute__((noinline)) static unsigned long loopWork(int N) {
  unsigned long S = 0;
  for (int I = 0; I < N; ++I)
    S += (S >> 3) ^ (unsigned long)I;
  return S;
}

static inline int tinyHelper(int X) { return X + 1; }

template <typename T> T twice(T X) { return X * 2; }

__attribute__((noinline)) unsigned long shortCall(unsigned long X) {
  return X * 31 + 7;
}

__attribute__((noinline)) unsigned long recurse(int D) {
  return D ? recurse(D - 1) + 1 : 0;
}

int main(int argc, char **argv) {
  int Scale = argc > 1 ? atoi(argv[1]) : 1;
  unsigned long S = 0;
  for (int I = 0; I < 20; ++I)
    S += loopWork(20000 * Scale);
  for (int I = 0; I < 1000 * Scale; ++I)
    S += shortCall(S) + tinyHelper(I);
  S += twice<int>(3);
  for (int I = 0; I < 10 * Scale; ++I)
    S += recurse(50);
  Sink = S;
  std::printf("%lu\n", S & 1);
  return 0;
}
