//===- EventQueue.h - Per-thread chunked single-producer queue --*- C++ -*-===//
//
// One producer (the owning thread, including its signal handlers), one
// consumer (the drain thread, or whoever holds the drain lock). In the style
// of rigtorp/SPSCQueue, but unbounded-looking and chunked: the producer
// fills 64 KiB chunks linked in a list; the consumer reads them in order and
// hands each finished chunk back through a small SPSC ring of free chunks.
//
// Rules:
//  - push takes no lock, does no atomic RMW and never blocks. It allocates
//    only when the free ring is empty and fewer than MaxChunks chunks exist
//    (mmap, async-signal-safe); in steady state chunks are recycled.
//  - A thread never holds more than MaxChunks chunks. When they are all
//    full (the drain is stalled or outrun) push returns Full and the caller
//    folds the event into per-thread aggregates: memory stays bounded and
//    nothing is lost.
//  - Signal safety: a push marks itself in progress (InPush, a plain store
//    ordered by signal fences). A signal handler whose push finds the mark
//    set gets Nested and folds too, so the interrupted push's slot is never
//    shared. Each slot is published by a release store of its non-zero Id;
//    the consumer stops at the first slot whose Id is still zero.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_EVENTQUEUE_H
#define HOTPATH_RUNTIME_EVENTQUEUE_H

#include "base/Clock.h"
#include "base/PageAlloc.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>

namespace hotpath::rt {

/// One measured call. Id is the publication stamp: written last, with
/// release; 0 means "not yet written".
struct Event {
  uint64_t Ticks;  // duration (inclusive or exclusive), clock ticks
  uint32_t Caller; // measured parent's id, 0 at top level
  uint32_t Id;     // function id, never 0 once published
};

/// Consumer: Caller | Id << 32, loaded with acquire (the Id publishes the
/// event). One 8-byte load on x86-64, where the 4-byte release store of Id
/// cannot be seen without the Caller stored before it (TSO); elsewhere the
/// Id first, then the Caller.
inline uint64_t loadKey(const Event &E) {
  static_assert(offsetof(Event, Caller) == 8 && offsetof(Event, Id) == 12,
                "the key is the event's second 8 bytes");
#if defined(__x86_64__)
  typedef uint64_t __attribute__((may_alias)) AliasU64;
  return __atomic_load_n(reinterpret_cast<const AliasU64 *>(&E.Caller),
                         __ATOMIC_ACQUIRE);
#else
  uint32_t Id = __atomic_load_n(&E.Id, __ATOMIC_ACQUIRE);
  return uint64_t(Id) << 32 | __atomic_load_n(&E.Caller, __ATOMIC_RELAXED);
#endif
}

constexpr size_t ChunkBytes = 64 * 1024;

struct alignas(64) Chunk {
  static constexpr uint32_t Slots = (ChunkBytes - 64) / sizeof(Event);
  // Written by the producer when it links a new chunk, read by the
  // consumer: alone on its line so that slot writes do not bounce it.
  alignas(64) std::atomic<Chunk *> Next;
  alignas(64) Event E[Slots];
};
static_assert(sizeof(Chunk) == ChunkBytes, "a chunk is exactly 64 KiB");

enum class PushResult { Ok, Full, Nested };

class EventQueue {
public:
  /// Chunks one thread may hold: the memory bound is MaxChunks * 64 KiB.
  static constexpr uint32_t MaxChunks = 64;

  /// Maps the first chunk. Not thread-safe; call before any push.
  bool init() {
    Chunk *C = newChunk();
    if (!C)
      return false;
    Cur = Head = C;
    Pos = ReadPos = 0;
    return true;
  }

  // ---------------------------------------------------------------- producer
  __attribute__((always_inline)) PushResult push(uint32_t Id, uint32_t Caller,
                                                 uint64_t Ticks) {
    if (__builtin_expect(InPush, 0))
      return PushResult::Nested;
    InPush = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    uint32_t I = Pos;
    if (__builtin_expect(I >= Chunk::Slots, 0)) {
      I = advance();
      if (I >= Chunk::Slots)
        return leave(PushResult::Full);
    }
    Event &E = Cur->E[I];
    E.Ticks = Ticks;
    E.Caller = Caller;
    __atomic_store_n(&E.Id, Id, __ATOMIC_RELEASE);
    Pos = I + 1;
    return leave(PushResult::Ok);
  }

  // ---------------------------------------------------------------- consumer
  /// Consumer, in bulk: calls Fn(Begin, End) with the slots from the read
  /// position to the end of its chunk, published or not. Fn consumes the
  /// published ones in order (stopping at the first whose Id is 0), clears
  /// their Ids (so that a recycled chunk is clean) and returns where it
  /// stopped. The loop over a chunk is the caller's: no per-event bounds
  /// check against the chunk or the limit here. Returns how many were
  /// consumed.
  template <class F> uint64_t consumeSpans(F &&Fn) {
    uint64_t N = 0;
    for (;;) {
      if (ReadPos == Chunk::Slots) {
        Chunk *Next = Head->Next.load(std::memory_order_acquire);
        if (!Next)
          break;
        recycle(Head);
        Head = Next;
        ReadPos = 0;
      }
      Event *B = Head->E + ReadPos, *End = Head->E + Chunk::Slots;
      Event *P = Fn(B, End);
      ReadPos += uint32_t(P - B);
      N += uint64_t(P - B);
      if (P != End)
        break;
    }
    Consumed += N;
    return N;
  }

  /// Calls Fn(const Event &) for every published event, in order (the
  /// drain's run loop uses consumeSpans directly). Returns how many it
  /// consumed.
  template <class F> uint64_t consume(F &&Fn) {
    return consumeSpans([&](Event *B, Event *End) {
      Event *P = B;
      for (; P != End && __atomic_load_n(&P->Id, __ATOMIC_ACQUIRE); ++P) {
        Fn(static_cast<const Event &>(*P));
        // Cleared here, where the line is hot, so a recycled chunk is clean.
        __atomic_store_n(&P->Id, 0u, __ATOMIC_RELAXED);
      }
      return P;
    });
  }

  /// Consumer: drops everything (after fork, the parent's events).
  void discardAll() {
    consume([](const Event &) {});
  }

  /// Chunks held now (producer view) and the most ever held.
  uint32_t chunksHeld() const { return Allocated; }
  uint64_t consumed() const { return Consumed; }

  /// Unmaps every chunk. Only when neither side runs any more.
  void release() {
    for (Chunk *C = Head; C;) {
      Chunk *N = C->Next.load(std::memory_order_relaxed);
      freeChunk(C);
      C = N;
    }
    uint32_t H = FreeHead.load(), T = FreeTail.load();
    for (; H != T; ++H)
      freeChunk(FreeRing[H % MaxChunks]);
    FreeHead.store(0);
    FreeTail.store(0);
    Cur = Head = nullptr;
    Allocated = 0;
  }

private:
  PushResult leave(PushResult R) {
    std::atomic_signal_fence(std::memory_order_seq_cst);
    InPush = 0;
    return R;
  }

  /// Producer, current chunk full: links a recycled or new chunk and
  /// returns slot 0; at the cap returns Slots and changes nothing.
  HP_COLD_CC uint32_t advance() {
    Chunk *C = nullptr;
    uint32_t H = FreeHead.load(std::memory_order_relaxed);
    if (H != FreeTail.load(std::memory_order_acquire)) {
      C = FreeRing[H % MaxChunks];
      FreeHead.store(H + 1, std::memory_order_release);
    } else if (Allocated < MaxChunks) {
      C = newChunk();
    }
    if (!C) {
      FullHits++;
      return Chunk::Slots; // caller sees I >= Slots below
    }
    C->Next.store(nullptr, std::memory_order_relaxed);
    Cur->Next.store(C, std::memory_order_release);
    Cur = C;
    Pos = 0;
    return 0;
  }

  Chunk *newChunk() {
    void *P = mapAligned(sizeof(Chunk), 64);
    if (!P)
      return nullptr;
    ++Allocated;
    noteChunkMapped(sizeof(Chunk));
    return new (P) Chunk; // mmap'd pages are already zero
  }
  void freeChunk(Chunk *C) {
    unmapPages(C, sizeof(Chunk));
    noteChunkUnmapped(sizeof(Chunk));
  }
  void recycle(Chunk *C) {
    uint32_t T = FreeTail.load(std::memory_order_relaxed);
    FreeRing[T % MaxChunks] = C;
    FreeTail.store(T + 1, std::memory_order_release);
  }

  // Producer fields: written only by the owning thread (and its handlers).
  Chunk *Cur = nullptr;
  uint32_t Pos = 0;
  volatile uint32_t InPush = 0; // read by a handler on the same thread
  uint32_t Allocated = 0;

public:
  uint64_t FullHits = 0; // producer: pushes refused because at the cap

private:
  // Consumer fields: on their own line so that the producer's stores do not
  // invalidate the line the drain thread reads (false sharing).
  alignas(64) Chunk *Head = nullptr;
  uint32_t ReadPos = 0;
  uint64_t Consumed = 0;
  // The free ring's indices are each written by one side and read by the
  // other: one line each, so neither side's writes evict the other's.
  alignas(64) std::atomic<uint32_t> FreeTail{0}; // consumer writes
  alignas(64) std::atomic<uint32_t> FreeHead{0}; // producer writes
  alignas(64) Chunk *FreeRing[MaxChunks] = {};
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_EVENTQUEUE_H
