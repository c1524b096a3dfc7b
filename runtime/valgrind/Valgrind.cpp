//===- Valgrind.cpp - RUNNING_ON_VALGRIND, checked once -------------------===//
#include "valgrind/Valgrind.h"

#include <valgrind/valgrind.h>

namespace hotpath::rt {

bool underValgrind() {
  // 0 = unknown, 1 = no, 2 = yes. Racy first check is harmless: every
  // thread computes the same answer.
  static int Cached = 0;
  int C = __atomic_load_n(&Cached, __ATOMIC_RELAXED);
  if (!C) {
    C = RUNNING_ON_VALGRIND ? 2 : 1;
    __atomic_store_n(&Cached, C, __ATOMIC_RELAXED);
  }
  return C == 2;
}

} // namespace hotpath::rt
