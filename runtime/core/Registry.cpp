//===- Registry.cpp - Dense ids, merged by hash ---------------------------===//
#include "core/Registry.h"
#include "base/AddressSpace.h"
#include "base/PageAlloc.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <pthread.h>

namespace hotpath::rt {
namespace {

// Open addressing, at most half full. The table grows as functions
// register: one sized for the most functions (2 MB) took a page fault for
// nearly every function it held, spread as the hashes are (hundreds of
// faults of a microsecond or more on a whole program, before main).
constexpr uint32_t FirstHashSlots = 4096, MaxHashSlots = 2 * MaxFunctions;
constexpr size_t ArenaBytes = 1 << 20;

// All constant-initialised: no constructor of ours has to run first. The
// registry lock is the innermost: taken after the session and drain locks
// (Session.cpp, at SessLock), never before them.
pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
FnRecord *Records = nullptr; // reserved, index = id
uint32_t *HashTable = nullptr;
uint32_t HashSlots = 0; // a power of two
std::atomic<uint32_t> Count{0};
std::atomic<bool> MainSeen{false};
bool WarnedAbi = false, WarnedFull = false;
char *Arena = nullptr;
size_t ArenaLeft = 0;

const char *copyString(const char *S) {
  if (!S)
    S = "";
  size_t N = strlen(S) + 1;
  if (N > ArenaLeft) {
    size_t Bytes = N > ArenaBytes ? N : ArenaBytes;
    char *P = static_cast<char *>(reservePages(Bytes));
    if (!P)
      return "";
    Arena = P;
    ArenaLeft = Bytes;
  }
  char *Out = Arena;
  memcpy(Out, S, N);
  Arena += N;
  ArenaLeft -= N;
  return Out;
}

uint32_t slotOf(uint64_t Hash, uint32_t Slots) {
  Hash ^= Hash >> 33;
  Hash *= 0xff51afd7ed558ccdull;
  Hash ^= Hash >> 33;
  return uint32_t(Hash) & (Slots - 1);
}

// Twice the slots, the ids placed again.
bool growHashTable() {
  uint32_t Slots = HashSlots ? 2 * HashSlots : FirstHashSlots;
  auto *Table = static_cast<uint32_t *>(reservePages(sizeof(uint32_t) * Slots));
  if (!Table)
    return false;
  for (uint32_t I = 0; I < HashSlots; ++I) {
    uint32_t Id = HashTable[I];
    if (!Id)
      continue;
    uint32_t S = slotOf(Records[Id].Hash, Slots);
    while (Table[S])
      S = (S + 1) & (Slots - 1);
    Table[S] = Id;
  }
  unreservePages(HashTable, sizeof(uint32_t) * HashSlots);
  HashTable = Table;
  HashSlots = Slots;
  return true;
}

uint32_t idFor(hotpath_fn_desc &D, int64_t OwnOffset) {
  uint32_t N = Count.load(std::memory_order_relaxed);
  if (2 * (N + 1) > HashSlots &&
      (HashSlots == MaxHashSlots || !growHashTable()))
    return 0; // past MaxFunctions (warned below), or no memory
  uint32_t S = slotOf(D.hash, HashSlots);
  for (;; S = (S + 1) & (HashSlots - 1)) {
    uint32_t Id = HashTable[S];
    if (!Id)
      break;
    if (Records[Id].Hash != D.hash)
      continue;
    // Left out by one unit, measured by another: measured.
    if ((Records[Id].Flags & HOTPATH_FN_LEFT_OUT) &&
        !(D.flags & HOTPATH_FN_LEFT_OUT))
      Records[Id].Flags = D.flags;
    // Its gate counts somewhere the runtime does not read: the hooks
    // count its calls (HotPath.h, gateDecremented).
    if (OwnCountdownOffsets[Id] != OwnOffset)
      __atomic_fetch_or(&D.flags, HOTPATH_FN_OTHER_COUNTDOWN, __ATOMIC_RELAXED);
    return Id;
  }
  if (N + 1 >= CalibrationId) {
    if (!WarnedFull)
      fprintf(stderr,
              "hotpath: more than %u measured functions; the rest "
              "are not measured\n",
              CalibrationId - 1);
    WarnedFull = true;
    return 0;
  }
  uint32_t Id = N + 1;
  FnRecord &R = Records[Id];
  R.Hash = D.hash;
  R.Flags = D.flags;
  R.Line = D.line;
  R.Name = copyString(D.name);
  R.Symbol = copyString(D.symbol);
  R.File = copyString(D.file);
  OwnCountdownOffsets[Id] = OwnOffset;
  HashTable[S] = Id;
  Count.store(Id, std::memory_order_release); // publishes the record
  return Id;
}

} // namespace

int64_t OwnCountdownOffsets[MaxFunctions];

void registerFunctions(hotpath_fn_desc *const *Descs, uint64_t N,
                       uint32_t AbiVersion, const uint64_t *OwnCountdowns) {
  uintptr_t Tp = threadPointer();
  pthread_mutex_lock(&Lock);
  // Under a low address-space limit nothing will be measured
  // (AddressSpace.h): nothing is reserved, nothing registered.
  if (std::string Why; !Records && roomToMeasure(Why))
    Records =
        static_cast<FnRecord *>(reservePages(sizeof(FnRecord) * MaxFunctions));
  for (uint64_t I = 0; Records && I < N; ++I) {
    hotpath_fn_desc *D = Descs[I];
    if (!D)
      continue;
    if (AbiVersion != HOTPATH_ABI_VERSION ||
        D->abi_version != HOTPATH_ABI_VERSION) {
      if (!WarnedAbi)
        fprintf(stderr,
                "hotpath: ignoring functions built for hook ABI version %u "
                "(this runtime speaks %u); rebuild with the matching plugin\n",
                D->abi_version != HOTPATH_ABI_VERSION ? D->abi_version
                                                      : AbiVersion,
                HOTPATH_ABI_VERSION);
      WarnedAbi = true;
      continue;
    }
    if (D->runtime_id)
      continue; // registered already (a module's constructor ran twice)
    uint64_t Own = OwnCountdowns && Tp ? OwnCountdowns[I] : 0;
    uint32_t Id = idFor(*D, Own ? int64_t(Own - Tp) : 0);
    if (Id && (D->flags & HOTPATH_FN_MAIN))
      MainSeen.store(true, std::memory_order_release);
    __atomic_store_n(&D->runtime_id, Id, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&Lock);
}

uint32_t functionCount() { return Count.load(std::memory_order_acquire); }
const FnRecord &functionRecord(uint32_t Id) { return Records[Id]; }
bool mainRegistered() { return MainSeen.load(std::memory_order_acquire); }

void registryLock() { pthread_mutex_lock(&Lock); }
void registryUnlock() { pthread_mutex_unlock(&Lock); }
void registryResetLockInChild() { pthread_mutex_init(&Lock, nullptr); }

} // namespace hotpath::rt
