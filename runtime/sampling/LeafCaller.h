//===- LeafCaller.h - The caller a frame-pointer walk skips -----*- C++ -*-===//
//
// The kernel walks a sample's user call chain by frame pointers. A function
// that runs without one (most of glibc: memcmp, memcpy; a PLT stub; any
// function at its first instruction) leaves the frame-pointer register to
// its caller, so the walk goes from the sampled instruction straight to the
// caller's caller: the caller is skipped, and a sample in memcmp called by
// a measured function would be charged to that function's parent. Such a
// function's return address is the word at the stack pointer; each sample
// carries that word (PerfRing.h), and when it is a return address (it lies
// in code, right after a call instruction: the stack scanning of
// Breakpad's and LLDB's unwinders, for one word) that the chain lacks, it
// is put back. Hand-written: no Debian library unwinds one frame from a
// copied stack word without DWARF work.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_LEAFCALLER_H
#define HOTPATH_RUNTIME_SAMPLING_LEAFCALLER_H

#include "base/Snapshot.h"

#include <cstdint>
#include <vector>

namespace hotpath::rt {

/// Whether `Addr` follows a call instruction in the code of one of
/// `Objects` (read through process_vm_readv: never a fault).
bool followsCall(const std::vector<LoadedObject> &Objects, uint64_t Addr);

/// Puts `StackTop` back into `Chain` (innermost first, Depth entries, room
/// for one more) as the sampled function's return address when it is one
/// and the chain's next entry is not it. Returns the new depth.
uint32_t restoreLeafCaller(const std::vector<LoadedObject> &Objects,
                           uint64_t *Chain, uint32_t Depth, uint64_t StackTop);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_LEAFCALLER_H
