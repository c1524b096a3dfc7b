//===- CallgrindHooks.cpp - Hooks for Callgrind runs ----------------------===//
#include "valgrind/CallgrindHooks.h"

#include "core/HotPath.h"
#include "core/Registry.h"

#include <pthread.h>
#include <sys/mman.h>
#include <valgrind/callgrind.h>

using HookFn = void (*)(hotpath_fn_desc *, uintptr_t);
#if defined(__x86_64__) && defined(__ELF__)
extern "C" HookFn HpEnterTarget, HpExitTarget; // Hooks.cpp
#endif

namespace hotpath::rt {

namespace {

struct VgFrame {
  uint32_t Id;
  uintptr_t Sp; // the wrapper's stack address, as the hooks see it
};

// Per thread, POD and initial-exec like the rest of the hot path:
// the open frames, and per function how many of them are open (Active),
// with the functions that have open frames in order of first opening
// (a stack too: a function's outermost frame closes after every frame
// opened above it).
#define HP_TLS __thread __attribute__((tls_model("initial-exec")))
HP_TLS VgFrame *Frames;
HP_TLS uint32_t *Open, *Active;
HP_TLS uint32_t Depth, NOpen, Cap;
HP_TLS uint32_t ThreadEpoch;

// (outer << 32 | inner) -> count, open addressing; 0 = empty. Kept at
// most half full: it doubles as pairs arrive (a fixed 65,536 slots, once
// full, had every pair probe all of them: a chain of 400 measured
// functions, 79,800 pairs, ran hundreds of times slower). Under a mutex:
// under Valgrind the threads run one at a time anyway, and these hooks run
// with collection off, so the lock costs no counted instruction.
constexpr size_t InitialTableSize = size_t(1) << 16;
struct Slot {
  uint64_t Key, Count;
};
Slot *Table;
size_t TableSize, TableUsed;
pthread_mutex_t TableLock = PTHREAD_MUTEX_INITIALIZER;
bool Overflow, Installed;
uint32_t Epoch;

void *mapZero(size_t Bytes) {
  void *P = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : P;
}

bool grow() {
  uint32_t NewCap = Cap ? Cap * 2 : 4096;
  auto *F = static_cast<VgFrame *>(mapZero(NewCap * sizeof(VgFrame)));
  auto *O = static_cast<uint32_t *>(mapZero(NewCap * sizeof(uint32_t)));
  if (!F || !O)
    return false;
  if (Frames) {
    __builtin_memcpy(F, Frames, Depth * sizeof(VgFrame));
    __builtin_memcpy(O, Open, NOpen * sizeof(uint32_t));
    munmap(Frames, Cap * sizeof(VgFrame));
    munmap(Open, Cap * sizeof(uint32_t));
  }
  Frames = F;
  Open = O;
  Cap = NewCap;
  return true;
}

Slot *slotFor(Slot *In, size_t Size, uint64_t Key) {
  size_t H = size_t((Key * 0x9E3779B97F4A7C15ull) >> 32) & (Size - 1);
  while (In[H].Key && In[H].Key != Key)
    H = (H + 1) & (Size - 1);
  return &In[H];
}

// A fresh empty table of InitialTableSize slots; false when none could be
// mapped (the nested counts are then lost: Overflow).
bool newTable() {
  Table = static_cast<Slot *>(mapZero(InitialTableSize * sizeof(Slot)));
  TableSize = Table ? InitialTableSize : 0;
  TableUsed = 0;
  return Table != nullptr;
}

// With TableLock held.
void addPair(uint32_t Outer, uint32_t Inner, uint64_t N) {
  if (!Table)
    return;
  uint64_t Key = uint64_t(Outer) << 32 | Inner;
  Slot *S = slotFor(Table, TableSize, Key);
  if (S->Key) {
    S->Count += N;
    return;
  }
  if (TableUsed + 2 >= TableSize) { // could not grow, and one slot must stay
    Overflow = true;                // empty for the probes to end
    return;
  }
  S->Key = Key;
  S->Count = N;
  if (++TableUsed * 2 <= TableSize)
    return;
  size_t Bigger = TableSize * 2;
  auto *T = static_cast<Slot *>(mapZero(Bigger * sizeof(Slot)));
  if (!T) // kept as it is, fuller, until it is full (above)
    return;
  for (size_t I = 0; I < TableSize; ++I)
    if (Table[I].Key)
      *slotFor(T, Bigger, Table[I].Key) = Table[I];
  munmap(Table, TableSize * sizeof(Slot));
  Table = T;
  TableSize = Bigger;
}

void closeTop() {
  uint32_t Id = Frames[--Depth].Id;
  if (--Active[Id] == 0 && NOpen)
    --NOpen;
}

// Callgrind commits a basic block's costs when the next block starts, with
// the collection state of that moment: the block that turns collection
// back on is counted, whatever path led into it. A call ends a block, so
// the counted block is always the same few instructions after this call.
extern "C" __attribute__((noinline, visibility("hidden"))) void
hpCallgrindBarrier() {
  asm volatile("");
}

extern "C" __attribute__((visibility("hidden"), used)) void
hpEnterCallgrind(hotpath_fn_desc *D, uintptr_t Sp) {
  CALLGRIND_TOGGLE_COLLECT; // off: none of this is charged to anyone
  hookEnterCount(D, Sp);
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  uint32_t E = __atomic_load_n(&Epoch, __ATOMIC_ACQUIRE);
  if (Id && Id < MaxFunctions &&
      __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED)) {
    if (ThreadEpoch != E) {
      if (!Active)
        Active = static_cast<uint32_t *>(
            mapZero(size_t(MaxFunctions) * sizeof(uint32_t)));
      while (Depth) // a previous session's frames
        closeTop();
      NOpen = 0;
      ThreadEpoch = E;
    }
    if (Active && (Depth < Cap || grow())) {
      if (NOpen) {
        pthread_mutex_lock(&TableLock);
        for (uint32_t I = 0; I < NOpen; ++I)
          addPair(Open[I], Id, Active[Open[I]]);
        pthread_mutex_unlock(&TableLock);
      }
      if (Active[Id]++ == 0)
        Open[NOpen++] = Id;
      Frames[Depth++] = {Id, Sp};
    }
  }
  hpCallgrindBarrier();
  CALLGRIND_TOGGLE_COLLECT; // on again
}

extern "C" __attribute__((visibility("hidden"), used)) void
hpExitCallgrind(hotpath_fn_desc *D, uintptr_t Sp) {
  CALLGRIND_TOGGLE_COLLECT;
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  if (ThreadEpoch == __atomic_load_n(&Epoch, __ATOMIC_ACQUIRE)) {
    // Deeper frames left without their exit (longjmp) are closed first.
    while (Depth && Frames[Depth - 1].Id != Id && Frames[Depth - 1].Sp < Sp)
      closeTop();
    if (Depth && Frames[Depth - 1].Id == Id)
      closeTop();
  }
  hpCallgrindBarrier();
  CALLGRIND_TOGGLE_COLLECT;
}

// The child of a fork reports what it does after the fork (Session.cpp's
// own atfork handler restarts its session): its Callgrind counts and the
// nested counts start from zero; frames open across the fork are dropped.
void resetInChild() {
  if (!Installed)
    return;
  pthread_mutex_init(&TableLock, nullptr); // another thread may have held it
  Overflow = !newTable(); // the parent's table stays mapped, unused
  __atomic_add_fetch(&Epoch, 1, __ATOMIC_RELEASE);
  CALLGRIND_ZERO_STATS;
}

} // namespace

bool installCallgrindHooks() {
  static bool AtforkDone = false;
  if (!AtforkDone)
    AtforkDone = pthread_atfork(nullptr, nullptr, resetInChild) == 0;
  Installed = false;
#if defined(__x86_64__) && defined(__ELF__)
  if (Table)
    munmap(Table, TableSize * sizeof(Slot));
  if (!newTable())
    return false;
  Overflow = false;
  __atomic_add_fetch(&Epoch, 1, __ATOMIC_RELEASE);
  __atomic_store_n(&HpEnterTarget, &hpEnterCallgrind, __ATOMIC_RELAXED);
  __atomic_store_n(&HpExitTarget, &hpExitCallgrind, __ATOMIC_RELAXED);
  Installed = true;
#endif
  return Installed;
}

bool nestedMeasuredCalls(std::vector<NestedCalls> &Out) {
  Out.clear();
  if (!Installed || Overflow || !Table)
    return false;
  pthread_mutex_lock(&TableLock);
  for (size_t I = 0; I < TableSize; ++I)
    if (uint64_t K = Table[I].Key)
      Out.push_back({uint32_t(K >> 32), uint32_t(K), Table[I].Count});
  pthread_mutex_unlock(&TableLock);
  return true;
}

} // namespace hotpath::rt
