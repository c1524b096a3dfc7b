//===- RuntimeBlocks.cpp - The runtime's own large blocks -----------------===//
#include "alloc/RuntimeBlocks.h"

#include <atomic>
#include <sys/mman.h>

namespace hotpath::rt {

namespace {
// The live blocks: a few at once (an aggregate, a snapshot's vectors, a
// report's text). No lock: a slot is taken by a compare-and-swap from 0 and
// given back by a store; a free never looks for a block that is not live.
constexpr uint32_t Slots = 64;
std::atomic<uintptr_t> Live[Slots];
// How many live blocks have each value of one bit-field of their page
// number: the address of a free of the program's at RuntimeBlockOffset in a
// page is looked up only when some live block shares its field (1 in 64).
std::atomic<uint32_t> FieldCount[64];

uint32_t fieldOf(uintptr_t P) { return uint32_t((P >> 12) & 63); }

// The mapping's size, in the header before the block.
size_t &mappedBytes(const void *P) {
  return *reinterpret_cast<size_t *>(reinterpret_cast<uintptr_t>(P) -
                                     RuntimeBlockOffset);
}
} // namespace

void *runtimeBlockAlloc(size_t N) {
  if (N > (SIZE_MAX >> 1))
    return nullptr;
  size_t Bytes = (N + RuntimeBlockOffset + 4095) & ~size_t(4095);
  void *Map = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Map == MAP_FAILED)
    return nullptr;
  auto P = reinterpret_cast<uintptr_t>(Map) + RuntimeBlockOffset;
  mappedBytes(reinterpret_cast<void *>(P)) = Bytes;
  for (std::atomic<uintptr_t> &Slot : Live) {
    uintptr_t Empty = 0;
    if (Slot.compare_exchange_strong(Empty, P, std::memory_order_release,
                                     std::memory_order_relaxed)) {
      FieldCount[fieldOf(P)].fetch_add(1, std::memory_order_release);
      return reinterpret_cast<void *>(P);
    }
  }
  munmap(Map, Bytes); // every slot taken: glibc serves this one
  return nullptr;
}

bool isRuntimeBlockSlow(const void *Ptr) {
  auto P = reinterpret_cast<uintptr_t>(Ptr);
  if (FieldCount[fieldOf(P)].load(std::memory_order_acquire) == 0)
    return false;
  for (std::atomic<uintptr_t> &Slot : Live)
    if (Slot.load(std::memory_order_acquire) == P)
      return true;
  return false;
}

size_t runtimeBlockSize(const void *P) {
  return mappedBytes(P) - RuntimeBlockOffset;
}

void runtimeBlockFree(void *Ptr) {
  auto P = reinterpret_cast<uintptr_t>(Ptr);
  size_t Bytes = mappedBytes(Ptr);
  for (std::atomic<uintptr_t> &Slot : Live)
    if (Slot.load(std::memory_order_relaxed) == P) {
      FieldCount[fieldOf(P)].fetch_sub(1, std::memory_order_relaxed);
      Slot.store(0, std::memory_order_release);
      break;
    }
  munmap(reinterpret_cast<char *>(P) - RuntimeBlockOffset, Bytes);
}

} // namespace hotpath::rt
