//===- AllocTracker.cpp - Per-thread allocation state, drain side ---------===//
#include "alloc/AllocTracker.h"
#include "base/Options.h"
#include "base/Snapshot.h"
#include "hotpath/report/SafeText.h"
// The hooks' declaration of allocFrameClosed, beside ours: a calling
// convention that differs between the two is then a compile error.
#include "core/HotPath.h"
#include "core/Registry.h"

#include <cstdlib>
#include <dlfcn.h>
#include <new>

// Defined in AllocHooks.cpp: this copy's own malloc, whatever the global
// name `malloc` resolves to. Referencing it also makes a static link pull
// the interposers in with this object.
extern "C" void *HpMallocLocal(size_t);
// Null in a fully static executable.
extern "C" __attribute__((weak)) const char _DYNAMIC[];

namespace hotpath::rt {

uint32_t AllocMode = 0;

namespace {
// Drain side, under the drain lock; never destroyed (see Drain.cpp).
std::vector<FunctionAlloc> *Agg = nullptr;

std::vector<FunctionAlloc> &agg() {
  if (!Agg)
    Agg = new std::vector<FunctionAlloc>();
  uint32_t N = functionCount();
  if (Agg->size() < N + 1)
    Agg->resize(N + 1);
  return *Agg;
}

void add(AllocCounters &To, const AllocCounters &From) {
  To.Bytes += From.Bytes;
  To.Allocs += From.Allocs;
  To.Freed += From.Freed;
  To.Frees += From.Frees;
  To.Usable += From.Usable;
}

// Who owns `malloc`? Ours when the global name resolves to this copy's
// interposer. Anything else (a malloc defined in the program, jemalloc or
// a sanitizer loaded before us, a static link where libc.a's strong malloc
// beat our weak one) means tracking would miss or double-count: off.
std::string foreignAllocator() {
  // Through a volatile: the compiler must not fold the comparison.
  void *volatile Global = reinterpret_cast<void *>(&malloc);
  void *Ours = reinterpret_cast<void *>(&HpMallocLocal);
  const char *San = nullptr;
  if (dlsym(RTLD_DEFAULT, "__asan_init"))
    San = "AddressSanitizer";
  else if (dlsym(RTLD_DEFAULT, "__tsan_init"))
    San = "ThreadSanitizer";
  else if (dlsym(RTLD_DEFAULT, "__msan_init"))
    San = "MemorySanitizer";
  else if (dlsym(RTLD_DEFAULT, "__hwasan_init"))
    San = "HWAddressSanitizer";
  else if (dlsym(RTLD_DEFAULT, "__lsan_init") && Global != Ours)
    San = "LeakSanitizer";
  if (San)
    return std::string(San) + " owns malloc";
  if (Global != Ours) {
    Dl_info I;
    if (dladdr(Global, &I) && I.dli_fname && *I.dli_fname)
      return std::string("malloc is defined by ") + I.dli_fname;
    return &_DYNAMIC == nullptr
               ? "the program is linked statically (-static): libc.a's "
                 "malloc cannot be interposed; link dynamically to track "
                 "allocations"
               : "malloc is defined by the program";
  }
  // We are first; is another allocator behind us? It is bypassed: we
  // forward to glibc. Say so rather than profile the wrong allocator.
  void *Next = dlsym(RTLD_NEXT, "malloc");
  void *Libc = dlsym(RTLD_NEXT, "__libc_malloc");
  if (Next && Libc && Next != Libc) {
    Dl_info I;
    std::string Who = dladdr(Next, &I) && I.dli_fname ? I.dli_fname : "?";
    return "malloc of " + Who +
           " is shadowed by hotpath's (forwarding to glibc); link it before "
           "-lhotpath_rt";
  }
  return "";
}

bool Tracked = false;
// The session's attribution (SessionMode.h), which allocResume restores.
// By the current call: the fast path counts untimed calls without a frame,
// and the bytes-per-call histogram is of the timed calls.
AllocAttribution Applied = AllocAttribution::Off;
} // namespace

void allocSessionBegin(const Options &O, bool UnderValgrind,
                       std::vector<std::string> &Warnings) {
  Tracked = false;
  allocApplyMode(AllocAttribution::Off); // until the session's mode is
  // Valgrind's tools replace or watch malloc themselves: not tracked there
  // (the native run of merged mode has the allocations) unless
  // HOTPATH_ALLOC=1 is explicit, and then per thread only: the hooks keep
  // no shadow stack under Valgrind (bench/alloc.sh counts instructions so).
  if (O.Alloc && (!UnderValgrind || O.AllocExplicit)) {
    std::string Why = foreignAllocator();
    if (Why.empty()) {
      Tracked = true;
    } else {
      static bool Warned = false;
      if (!Warned) {
        Warned = true;
        std::string W = "allocation tracking is off: " + Why;
        fprintf(stderr, "hotpath: %s\n", report::terminalText(W).c_str());
        Warnings.push_back(W);
      }
    }
  }
  // Threads' totals start from zero (a thread's row is taken only when it
  // ran measured code in the session).
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    if (AllocState *A = __atomic_load_n(&T->Alloc, __ATOMIC_ACQUIRE))
      A->Totals = AllocCounters{};
}

void allocSessionEnd() { __atomic_store_n(&AllocMode, 0u, __ATOMIC_RELAXED); }

void allocPause() { __atomic_store_n(&AllocMode, 0u, __ATOMIC_RELAXED); }
void allocResume() {
  __atomic_store_n(&AllocMode, uint32_t(Applied), __ATOMIC_RELAXED);
}

bool allocTracked() { return Tracked; }
void allocApplyMode(AllocAttribution A) {
  Applied = Tracked ? A : AllocAttribution::Off;
  allocResume();
}
bool allocByCurrentCall() { return Applied == AllocAttribution::ByCurrentCall; }

__thread PendingAllocs Pending __attribute__((tls_model("initial-exec"))) = {};

namespace {
// Pending, emptied first when it holds another session's counts.
AllocCounters &pendingOfThisSession() {
  uint32_t E = __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED);
  if (Pending.Epoch != E)
    Pending = PendingAllocs{{}, E};
  return Pending.C;
}
} // namespace

void countPendingAlloc(uint64_t N, void *P) {
  AllocCounters &C = pendingOfThisSession();
  C.Bytes += N;
  C.Usable += usableSize(P);
  ++C.Allocs;
}

void countPendingFree(uint64_t U) {
  AllocCounters &C = pendingOfThisSession();
  C.Freed += U;
  ++C.Frees;
}

void takePending(ThreadState *T) {
  if (!Pending.Epoch)
    return;
  if (Pending.Epoch == __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED))
    if (AllocState *A = allocStateOf(T))
      add(A->Totals, Pending.C);
  Pending = PendingAllocs{};
}

AllocState *attachAllocState(ThreadState *T) {
  void *Mem = mapPages(sizeof(AllocState));
  if (!Mem)
    return nullptr;
  auto *A = new (Mem) AllocState();
  A->Stack = static_cast<AllocCounters *>(
      reservePages(sizeof(AllocCounters) * (MaxDepth + 1)));
  A->Inherited = static_cast<AllocCounters *>(
      reservePages(sizeof(AllocCounters) * (MaxDepth + 1)));
  A->Table = static_cast<AllocFnEntry *>(
      reservePages(sizeof(AllocFnEntry) * MaxFunctions));
  if (!A->Stack || !A->Inherited || !A->Table)
    return nullptr; // out of address space: this thread is not tracked
  // Published last: the drain reads T->Alloc.
  __atomic_store_n(&T->Alloc, A, __ATOMIC_RELEASE);
  return A;
}

void allocFrameClosed(ThreadState *T, Frame *F) {
  uint32_t Mark = F->AllocMark;
  F->AllocMark = 0;
  AllocState *A = T->Alloc;
  if (!A)
    return;
  size_t D = F - T->Stack;
  AllocCounters Own{}, E{};
  if (Mark & AllocMarkOwn)
    Own = A->Stack[D];
  if (Own.Allocs) { // the call's path, exclusive whatever the mode
    PathCounters &PC = T->Tree.Counters[F->Node];
    PC.AllocBytes += Own.Bytes;
    PC.Allocs += Own.Allocs;
  }
  uint32_t Id = F->Id;
  if (Applied == AllocAttribution::ByCurrentCall) {
    // The totals were charged at each allocation; a timed call's bytes go
    // to the histogram.
    if (Own.Bytes && F->Start && Id && Id < MaxFunctions) {
      ++A->Table[Id].CallsWithBytes;
      (void)T->Q.push(Id, AllocEventCaller, Own.Bytes);
    }
    return;
  }
  add(A->Totals, Own); // the thread's, exclusive whatever the mode
  E = Own;
  if (Mark & AllocMarkInh)
    add(E, A->Inherited[D]);
  if (Id && Id < MaxFunctions) {
    AllocFnEntry &R = A->Table[Id];
    add(R.C, E);
    if (E.Bytes) {
      ++R.CallsWithBytes;
      // A full queue loses this call's place in the histogram only.
      (void)T->Q.push(Id, AllocEventCaller, E.Bytes);
    }
  }
  if (Applied == AllocAttribution::Cumulative && D > 1) {
    Frame *P = F - 1;
    AllocCounters &S = A->Inherited[D - 1];
    if (!(P->AllocMark & AllocMarkInh)) {
      S = E;
      P->AllocMark |= AllocMarkInh;
    } else {
      add(S, E);
    }
  }
}

void recordAllocEvent(uint32_t Id, uint64_t Bytes) {
  std::vector<FunctionAlloc> &G = agg();
  if (Id >= G.size())
    G.resize(Id + 1);
  G[Id].BytesPerCall.record(Bytes);
}

namespace {
// T's per-function table into G; zeroed when Take.
void addAllocTable(ThreadState *T, std::vector<FunctionAlloc> &G, bool Take) {
  AllocState *A = __atomic_load_n(&T->Alloc, __ATOMIC_ACQUIRE);
  if (!A)
    return;
  uint32_t N = functionCount();
  if (G.size() < N + 1)
    G.resize(N + 1);
  for (uint32_t I = 1; I <= N && I < MaxFunctions; ++I) {
    AllocFnEntry &R = A->Table[I];
    // Only touch what is non-zero: writing zeros would commit pages.
    if (!R.C.Allocs && !R.C.Frees && !R.CallsWithBytes)
      continue;
    FunctionAlloc &F = G[I];
    F.Bytes += R.C.Bytes;
    F.Allocs += R.C.Allocs;
    F.FreedBytes += R.C.Freed;
    F.Frees += R.C.Frees;
    F.Calls += R.CallsWithBytes; // calls that allocated; see takeAllocAggregate
    if (Take)
      R = AllocFnEntry{};
  }
}
} // namespace

void sweepAllocs(ThreadState *T) { addAllocTable(T, agg(), true); }

std::vector<FunctionAlloc> peekAllocAggregate() {
  std::vector<FunctionAlloc> G = agg();
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    if (T->Status.load(std::memory_order_acquire) == ThreadLive)
      addAllocTable(T, G, false);
  return G;
}

void takeThreadAllocs(ThreadState *T, ThreadInfo &I, bool Take) {
  AllocState *A = __atomic_load_n(&T->Alloc, __ATOMIC_ACQUIRE);
  if (!A)
    return;
  // Read racily for a live thread at session end: it may still allocate.
  I.AllocBytes += A->Totals.Bytes;
  I.Allocs += A->Totals.Allocs;
  I.FreedBytes += A->Totals.Freed;
  I.Frees += A->Totals.Frees;
  I.AllocUsableBytes += A->Totals.Usable;
  if (Take)
    A->Totals = AllocCounters{};
}

void discardAllAllocs() {
  Pending = PendingAllocs{}; // the parent's, before the fork
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    if (T->Status.load() != ThreadFree)
      discardAllocs(T);
}

void discardAllocs(ThreadState *T) {
  AllocState *A = __atomic_load_n(&T->Alloc, __ATOMIC_ACQUIRE);
  if (!A)
    return;
  uint32_t N = functionCount();
  for (uint32_t I = 1; I <= N && I < MaxFunctions; ++I)
    if (A->Table[I].C.Allocs || A->Table[I].C.Frees)
      A->Table[I] = AllocFnEntry{};
  A->Totals = AllocCounters{};
}

std::vector<FunctionAlloc>
takeAllocAggregate(const std::vector<uint64_t> &Calls,
                   const std::vector<uint64_t> &Timed) {
  std::vector<FunctionAlloc> Out =
      finishAllocAggregate(std::move(agg()), Calls, Timed);
  resetAllocAggregate();
  return Out;
}

std::vector<FunctionAlloc>
finishAllocAggregate(std::vector<FunctionAlloc> Out,
                     const std::vector<uint64_t> &Calls,
                     const std::vector<uint64_t> &Timed) {
  Out.resize(Calls.size() > Out.size() ? Calls.size() : Out.size());
  for (size_t I = 1; I < Out.size(); ++I) {
    FunctionAlloc &F = Out[I];
    uint64_t All = I < Calls.size() ? Calls[I] : 0;
    // The histogram's calls: all of them, or the timed ones.
    uint64_t Sampled = !allocByCurrentCall() ? All
                       : I < Timed.size()    ? Timed[I]
                                             : 0;
    // Calls that allocated nothing are zeros of the bytes-per-call
    // histogram; F.Calls held the calls that did.
    if (Sampled > F.Calls)
      F.BytesPerCall.record(0, Sampled - F.Calls);
    F.Calls = All > F.Calls ? All : F.Calls;
  }
  return Out;
}

void resetAllocAggregate() {
  if (Agg)
    Agg->clear();
}

} // namespace hotpath::rt
