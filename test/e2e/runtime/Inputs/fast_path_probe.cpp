// fast-path.test: the wrappers' fast-path state (abi.h) as fast_path.cpp's
// checks read it. A unit of its own, without measured functions: a unit
// that names the state gets the GOT form of the gate, and fast_path.cpp's
// wrappers are to have the executable's. The state it reads is the
// process's either way: the executable's definition.
#include "hotpath/abi.h"

#include <cstdint>
#include <link.h>
#include <utility>

bool armed() { return __hotpath_fast.epoch == __hotpath_epoch; }

unsigned threadEpoch() { return __hotpath_fast.epoch; }

namespace {
// Every count-only countdown (loaded with INT64_MAX) in Words: how far
// they all moved.
int64_t movesIn(const int64_t *Words, size_t N) {
  int64_t Moves = 0;
  for (size_t I = 0; I < N; ++I)
    if (Words[I] > INT64_MAX / 2)
      Moves += INT64_MAX - Words[I];
  return Moves;
}

// This thread's TLS block of the executable (the first object
// dl_iterate_phdr reports), where a function defined once has its own
// countdown (abi.h, __hotpath_register_countdowns).
int exeTls(dl_phdr_info *Info, size_t, void *Out) {
  for (int I = 0; I < Info->dlpi_phnum; ++I)
    if (Info->dlpi_phdr[I].p_type == PT_TLS && Info->dlpi_tls_data) {
      auto *Span = static_cast<std::pair<const int64_t *, size_t> *>(Out);
      Span->first = static_cast<const int64_t *>(Info->dlpi_tls_data);
      Span->second = Info->dlpi_phdr[I].p_memsz / sizeof(int64_t);
    }
  return 1; // the executable only
}
} // namespace

// How far the count-only countdowns moved from INT64_MAX: the calls the
// gate took, in the thread's table (abi.h: each function's countdown,
// HOTPATH_COUNTDOWNS_OFFSET bytes after its count; this program has a few
// functions) and in the functions' own countdowns.
int64_t countdownMoves() {
  std::pair<const int64_t *, size_t> Own{nullptr, 0};
  dl_iterate_phdr(exeTls, &Own);
  int64_t Moves = Own.first ? movesIn(Own.first, Own.second) : 0;
  if (!__hotpath_fast.counts)
    return Moves;
  const int64_t *Left = reinterpret_cast<const int64_t *>(
      reinterpret_cast<const char *>(__hotpath_fast.counts) +
      HOTPATH_COUNTDOWNS_OFFSET);
  return Moves + movesIn(Left + 1, 63);
}
