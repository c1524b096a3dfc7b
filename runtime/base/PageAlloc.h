//===- PageAlloc.h - The runtime's own memory, from mmap --------*- C++ -*-===//
//
// Everything the hot path touches comes from here, never from malloc: the
// allocation tracker will interpose malloc, and mmap is async-signal-safe.
// Bytes are counted so that tests can check the documented memory bound.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_PAGEALLOC_H
#define HOTPATH_RUNTIME_PAGEALLOC_H

#include <cstddef>
#include <cstdint>

namespace hotpath::rt {

/// Committed anonymous memory (pages zeroed), or nullptr.
void *mapPages(size_t Bytes);
/// Reserved address space (MAP_NORESERVE): pages become resident only when
/// written, so a table sized for the worst case costs what is used.
void *reservePages(size_t Bytes);
/// Same, aligned to `Align` (a power of two >= page size).
void *mapAligned(size_t Bytes, size_t Align);
void unmapPages(void *P, size_t Bytes);
void unreservePages(void *P, size_t Bytes);

/// Bytes mapped by mapPages/mapAligned (committed) and by reservePages
/// (address space only), since process start.
struct PageStats {
  uint64_t Committed = 0, Reserved = 0, ChunkBytes = 0, ChunkPeak = 0;
};
PageStats pageStats();
/// Chunk accounting (EventQueue): current chunk bytes and the peak.
void noteChunkMapped(size_t Bytes);
void noteChunkUnmapped(size_t Bytes);
void resetChunkPeak();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_PAGEALLOC_H
