#include "work.h"

#include <cstdio>

namespace order {
__attribute__((noinline)) int run(int n) {
  int t = 0;
  for (int i = 0; i < n; ++i)
    t += work(i);
  return t;
}
} // namespace order

int main() {
  std::printf("total %d\n", order::run(12));
  return 0;
}
