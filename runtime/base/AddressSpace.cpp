//===- AddressSpace.cpp - Room for measuring under ulimit -v --------------===//
#include "base/AddressSpace.h"
#include "base/PageAlloc.h"
#include "base/PrivateFiles.h"

#include <sys/resource.h>

namespace hotpath::rt {

bool roomToMeasure(std::string &Why) {
  struct rlimit L;
  if (getrlimit(RLIMIT_AS, &L) != 0 || L.rlim_cur == RLIM_INFINITY ||
      uint64_t(L.rlim_cur) >= MinAddressSpace)
    return true;
  Why = "the address-space limit (ulimit -v) is " +
        std::to_string(uint64_t(L.rlim_cur) >> 20) +
        " MiB, below the 1 GiB hotpath needs beside the program: nothing is "
        "measured";
  return false;
}

bool threadStateFits(size_t Bytes) {
  // The soft limit, read once (0: none); racing readers store the same.
  static uint64_t Limit = ~uint64_t(0); // not read yet
  uint64_t L = __atomic_load_n(&Limit, __ATOMIC_RELAXED);
  if (L == ~uint64_t(0)) {
    struct rlimit R;
    L = getrlimit(RLIMIT_AS, &R) == 0 && R.rlim_cur != RLIM_INFINITY
            ? uint64_t(R.rlim_cur)
            : 0;
    __atomic_store_n(&Limit, L, __ATOMIC_RELAXED);
  }
  if (!L)
    return true;
  PageStats S = pageStats();
  if (S.Committed + S.Reserved + Bytes <= L / 4)
    return true;
  static bool Said = false;
  if (!__atomic_exchange_n(&Said, true, __ATOMIC_RELAXED)) {
    static const char Line[] =
        "hotpath: the address-space limit (ulimit -v) leaves no more room "
        "for measuring threads: threads from here on are not measured (their "
        "calls are still counted)\n";
    writeToProgramFd(2, Line, sizeof Line - 1);
  }
  return false;
}

} // namespace hotpath::rt
