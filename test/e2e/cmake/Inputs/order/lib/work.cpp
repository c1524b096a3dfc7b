#include "work.h"

namespace order {
__attribute__((noinline)) int work(int x) {
  int s = 0;
  for (int i = 0; i < x; ++i)
    s += i * i;
  return s;
}
} // namespace order
