//===- PageAlloc.cpp - mmap with accounting -------------------------------===//
#include "base/PageAlloc.h"

#include <atomic>
#include <sys/mman.h>

namespace hotpath::rt {
namespace {
// Constant-initialised: used before any constructor of ours ran.
std::atomic<uint64_t> Committed{0}, Reserved{0}, Chunks{0}, ChunkPeak{0};
} // namespace

void *mapPages(size_t Bytes) {
  void *P = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (P == MAP_FAILED)
    return nullptr;
  Committed.fetch_add(Bytes, std::memory_order_relaxed);
  return P;
}

void *reservePages(size_t Bytes) {
  void *P = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (P == MAP_FAILED)
    return nullptr;
  Reserved.fetch_add(Bytes, std::memory_order_relaxed);
  return P;
}

void *mapAligned(size_t Bytes, size_t Align) {
  // Over-map, then trim both ends to the alignment.
  size_t Len = Bytes + Align;
  void *Raw = mmap(nullptr, Len, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Raw == MAP_FAILED)
    return nullptr;
  uintptr_t Base = reinterpret_cast<uintptr_t>(Raw);
  uintptr_t Aligned = (Base + Align - 1) & ~(uintptr_t)(Align - 1);
  if (Aligned > Base)
    munmap(Raw, Aligned - Base);
  uintptr_t End = Base + Len, UsedEnd = Aligned + Bytes;
  if (End > UsedEnd)
    munmap(reinterpret_cast<void *>(UsedEnd), End - UsedEnd);
  Committed.fetch_add(Bytes, std::memory_order_relaxed);
  return reinterpret_cast<void *>(Aligned);
}

void unmapPages(void *P, size_t Bytes) {
  if (P)
    munmap(P, Bytes);
  Committed.fetch_sub(Bytes, std::memory_order_relaxed);
}

void unreservePages(void *P, size_t Bytes) {
  if (P)
    munmap(P, Bytes);
  Reserved.fetch_sub(Bytes, std::memory_order_relaxed);
}

void noteChunkMapped(size_t Bytes) {
  uint64_t Now = Chunks.fetch_add(Bytes, std::memory_order_relaxed) + Bytes;
  uint64_t Peak = ChunkPeak.load(std::memory_order_relaxed);
  while (Now > Peak && !ChunkPeak.compare_exchange_weak(Peak, Now))
    ;
}
void noteChunkUnmapped(size_t Bytes) {
  Chunks.fetch_sub(Bytes, std::memory_order_relaxed);
}
void resetChunkPeak() {
  ChunkPeak.store(Chunks.load(std::memory_order_relaxed));
}

PageStats pageStats() {
  PageStats S;
  S.Committed = Committed.load(std::memory_order_relaxed);
  S.Reserved = Reserved.load(std::memory_order_relaxed);
  S.ChunkBytes = Chunks.load(std::memory_order_relaxed);
  S.ChunkPeak = ChunkPeak.load(std::memory_order_relaxed);
  return S;
}

} // namespace hotpath::rt
