#include "util.h"
#include <cstdio>

namespace demo {
int sumSquares(int N) {
  int S = 0;
  for (int I = 1; I <= N; ++I)
    S += util::square(I);
  return S;
}
} // namespace demo

int main() {
  int Total = 0;
  for (int I = 0; I < 5; ++I)
    Total += demo::sumSquares(10);
  std::printf("total %d\n", Total);
  return 0;
}
