//===- RuntimeBlocks.h - The runtime's own large blocks ---------*- C++ -*-===//
//
// The runtime's own large allocations (its vectors and strings sized by the
// program's functions: the drain's aggregate, a snapshot, a report's text)
// are mapped here instead of by glibc. glibc raises its mmap threshold for
// the whole process when a block it mapped is freed (malloc.c's dynamic
// threshold): one vector of the runtime freed at session begin made the
// program's later large blocks come from the heap, whose frees then
// consolidate it. The interposers (AllocHooks.cpp) serve a request of the
// runtime's (InRuntime) of RuntimeBlockMin bytes or more from here, and
// free, realloc and the rest recognise these blocks by their address.
//
// Hand-written: no allocator Debian packages can be told which requests are
// the runtime's. A block is a mapping of its own, its header (the mapping's
// size) in the first 64 bytes and the block at offset 64 of the first page,
// registered in a table of the live blocks without a lock: a free of the
// program's costs a compare, and a load more at that offset of a page.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_RUNTIMEBLOCKS_H
#define HOTPATH_RUNTIME_RUNTIMEBLOCKS_H

#include <cstddef>
#include <cstdint>

namespace hotpath::rt {

/// Requests of the runtime's from this size on are mapped here: below
/// glibc's smallest mmap threshold (128 KiB), so that none of them is ever
/// a block glibc mapped.
constexpr size_t RuntimeBlockMin = 64 * 1024;
/// Where a block starts in its first page (also its alignment).
constexpr uintptr_t RuntimeBlockOffset = 64;

/// A zeroed block of N bytes, or nullptr (no mapping, or the table is
/// full: the caller then asks glibc).
void *runtimeBlockAlloc(size_t N);
/// Whether P is a block of runtimeBlockAlloc's; a compare for any other
/// address than one at RuntimeBlockOffset in a page.
bool isRuntimeBlockSlow(const void *P);
inline bool isRuntimeBlock(const void *P) {
  return (reinterpret_cast<uintptr_t>(P) & 4095) == RuntimeBlockOffset &&
         isRuntimeBlockSlow(P);
}
/// The bytes P can hold. Precondition: isRuntimeBlock(P).
size_t runtimeBlockSize(const void *P);
/// Unmaps P. Precondition: isRuntimeBlock(P).
void runtimeBlockFree(void *P);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_RUNTIMEBLOCKS_H
