//===- AddressSpace.h - Room for measuring under ulimit -v ------*- C++ -*-===//
//
// The runtime reserves address space of its own: about 200 MiB for its
// tables, the drain thread's stack and its malloc arena, and a few MiB
// for each measured thread (MAP_NORESERVE: little of it is ever resident,
// but all of it counts against RLIMIT_AS). Under a low address-space limit
// that room is the program's: a program that made 160 threads made 60 with
// hotpath at `ulimit -v` 20 MB, and the drain thread's allocations failed
// (std::bad_alloc, SIGABRT) at 30 to 60 MB. Below MinAddressSpace no
// session begins, with one line, and the registry reserves nothing: the
// program runs as it would alone. Above it the runtime keeps to a quarter
// of the limit: a thread that would take more is not measured (its calls
// are still counted, in the shared table), with one line.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_BASE_ADDRESSSPACE_H
#define HOTPATH_RUNTIME_BASE_ADDRESSSPACE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace hotpath::rt {

/// The smallest soft RLIMIT_AS under which hotpath measures.
constexpr uint64_t MinAddressSpace = uint64_t(1) << 30;

/// Whether the address-space limit leaves room to measure; when not, Why
/// says so in one line (without the "hotpath: " prefix).
bool roomToMeasure(std::string &Why);

/// Whether the runtime may reserve Bytes more for a thread's state: always
/// without a limit, else while all it reserved stays within a quarter of
/// it. Says so once (stderr) when it may not. Async-signal-safe.
bool threadStateFits(size_t Bytes);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_BASE_ADDRESSSPACE_H
