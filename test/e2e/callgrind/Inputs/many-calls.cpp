// One measured function that is the whole session's work and calls a tiny
// measured one ten thousand times: the hooks of those calls cost far more
// instructions than the calls' own work.
#include <cstdio>

namespace demo {
__attribute__((noinline)) unsigned tiny(unsigned X) { return X * 2654435761u; }
__attribute__((noinline)) unsigned outer(int N) {
  unsigned S = 0;
  for (int I = 0; I < N; ++I)
    S ^= tiny(S + unsigned(I));
  return S;
}
} // namespace demo

int main() {
  volatile unsigned S = demo::outer(10000);
  return S == 1 ? 1 : 0; // no output: printf's first call is no part of it
}
