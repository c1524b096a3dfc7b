//===- TestSupport.h - Descriptors, measured calls, snapshots ---*- C++ -*-===//
#ifndef HOTPATH_TEST_RUNTIME_SUPPORT_H
#define HOTPATH_TEST_RUNTIME_SUPPORT_H

#include "base/Snapshot.h"
#include "hotpath/abi.h"
#include "hotpath/hotpath.h"
#include "session/Session.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace hptest {

/// A registered descriptor, as the pass would emit it. It lives to the end
/// of the process like the pass's globals: kept reachable for LeakSanitizer
/// (the runtime's registry need not hold the pointer where LSan looks).
inline hotpath_fn_desc *makeFn(const char *Name, uint64_t Hash) {
  static auto *Keep = new std::vector<hotpath_fn_desc *>;
  auto *D = new hotpath_fn_desc{HOTPATH_ABI_VERSION, 0, Hash, Name, Name,
                                "test.cpp",          1, 0};
  Keep->push_back(D);
  hotpath_fn_desc *Arr[1] = {D};
  __hotpath_register(Arr, 1, HOTPATH_ABI_VERSION);
  return D;
}

/// A measured call of an empty body: enter and exit from one frame, as the
/// wrapper does.
__attribute__((noinline)) inline void call(hotpath_fn_desc *D) {
  __hotpath_enter(D);
  asm volatile("" ::: "memory");
  __hotpath_exit(D);
}

/// The last session's snapshot, captured by the test sink.
inline std::unique_ptr<hotpath::rt::Snapshot> &lastSnapshot() {
  static std::unique_ptr<hotpath::rt::Snapshot> S;
  return S;
}
inline void sink(const hotpath::rt::Snapshot &S) {
  lastSnapshot() = std::make_unique<hotpath::rt::Snapshot>(S);
}

/// Begins a session with these HOTPATH_* settings (name=value pairs):
/// every call timed unless they name a mode (HOTPATH_MODE) or a rate.
inline void
begin(std::initializer_list<std::pair<const char *, const char *>> Env = {}) {
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 1);
  bool Mode = false;
  for (auto &[K, V] : Env) {
    setenv(K, V, 1);
    Mode |= std::string(K) == "HOTPATH_MODE" ||
            std::string(K) == "HOTPATH_TIME_SAMPLING_RATE";
  }
  if (!Mode)
    setenv("HOTPATH_MODE", "timed", 1);
  hotpath::rt::setSnapshotSinkForTesting(sink);
  hotpath::rt::reloadOptionsForTesting();
  hotpath_session_begin();
  for (auto &[K, V] : Env)
    unsetenv(K);
  unsetenv("HOTPATH_MODE");
}

/// Ends the session and returns its snapshot.
inline const hotpath::rt::Snapshot &end() {
  lastSnapshot().reset();
  hotpath_session_end();
  return *lastSnapshot();
}

inline const hotpath::rt::FunctionTiming &
timingOf(const hotpath::rt::Snapshot &S, const hotpath_fn_desc *D) {
  static hotpath::rt::FunctionTiming None;
  return D->runtime_id < S.Timing.size() ? S.Timing[D->runtime_id] : None;
}

} // namespace hptest

#endif
