//===- RuntimeScope.h - The runtime's own work on a thread ------*- C++ -*-===//
//
// While the runtime itself runs on a thread (session begin and end, the
// report, the drain, thread attach and exit), what it allocates is its own
// and must never be counted as the program's (AllocTracker.h tests the
// flag). Below the allocation tracker and the drain, so that thread state
// and both of them can use it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_RUNTIMESCOPE_H
#define HOTPATH_RUNTIME_RUNTIMESCOPE_H

#include <cstdint>

namespace hotpath::rt {

/// Non-zero while the runtime itself runs on this thread.
extern __thread uint32_t InRuntime __attribute__((tls_model("initial-exec")));

/// Sets InRuntime for a scope, restoring the previous value (scopes nest).
struct RuntimeScope {
  uint32_t Saved;
  RuntimeScope() : Saved(InRuntime) { InRuntime = 1; }
  ~RuntimeScope() { InRuntime = Saved; }
  RuntimeScope(const RuntimeScope &) = delete;
  RuntimeScope &operator=(const RuntimeScope &) = delete;
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_RUNTIMESCOPE_H
