//===- PerfRing.cpp - One thread's task-clock event and its ring ----------===//
#include "sampling/PerfRing.h"

#include <cerrno>
#include <cstring>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <asm/perf_regs.h>
#endif

namespace hotpath::rt {

namespace {

// 64 data pages (256 KiB) a thread: at 2 kHz and a drain sweep every
// 10 ms, 20 samples of up to ~5 KiB (the stack copy, a 127-frame chain) fit
// with room to spare; what does not is counted as lost. The pages are
// locked memory: where the user's allowance (perf_event_mlock_kb, then
// RLIMIT_MEMLOCK; root is exempt) has no room left for 64, a smaller ring
// samples the thread with a few more samples lost to a slow sweep.
constexpr size_t DataPages[] = {64, 16, 4};
// The kernel's default depth limit (kernel.perf_event_max_stack).
constexpr uint32_t MaxStack = 127;
// The top of the stack copied with each sample, for the frames code without
// frame pointers hides from the walk (StackWords.h): the frames of glibc's
// deepest common calls (printf's are about 1.5 KiB) fit.
constexpr uint32_t StackBytes = 4096;

uint64_t sampleType() {
  uint64_t T = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD |
               PERF_SAMPLE_CALLCHAIN;
#if defined(__x86_64__)
  T |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
#endif
  return T;
}

} // namespace

PerfRingError openPerfRing(PerfRing &R, uint64_t Tid, unsigned Hz,
                           bool Kernel) {
  perf_event_attr A;
  std::memset(&A, 0, sizeof A);
  A.size = sizeof A;
  A.type = PERF_TYPE_SOFTWARE;
  A.config = PERF_COUNT_SW_TASK_CLOCK;
  A.freq = 1;
  A.sample_freq = Hz;
  A.sample_type = sampleType();
  // Time in the kernel where allowed (root, CAP_PERFMON, paranoid <= 1),
  // as `perf record` counts it there; else user mode only, what
  // perf_event_paranoid 2 allows. The chains are the user code's alone.
  A.exclude_kernel = Kernel ? 0 : 1;
  A.exclude_hv = 1;
  A.exclude_callchain_kernel = 1;
  A.sample_max_stack = MaxStack;
#if defined(__x86_64__)
  A.sample_regs_user = (1ull << PERF_REG_X86_BP) | (1ull << PERF_REG_X86_SP);
  A.sample_stack_user = StackBytes;
#endif
  int Fd = int(syscall(SYS_perf_event_open, &A, pid_t(Tid), -1, -1,
                       PERF_FLAG_FD_CLOEXEC));
  if (Fd < 0)
    return {errno ? errno : EINVAL, false};
  long Page = sysconf(_SC_PAGESIZE);
  size_t Size = 0;
  void *Base = MAP_FAILED;
  int MapErr = 0;
  for (size_t Pages : DataPages) {
    Size = size_t(Page) * (1 + Pages);
    Base = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
    if (Base != MAP_FAILED)
      break;
    MapErr = errno;
    if (MapErr != EPERM && MapErr != ENOMEM)
      break; // not the allowance: a smaller ring will not help
  }
  if (Base == MAP_FAILED) {
    close(Fd);
    return {MapErr ? MapErr : ENOMEM, true};
  }
  // A fork's child must not share the ring the parent's kernel writes.
  madvise(Base, Size, MADV_DONTFORK);
  R.Fd = Fd;
  R.Base = Base;
  R.MapSize = Size;
  R.Tid = Tid;
  return {};
}

namespace {

struct Cursor {
  const unsigned char *P, *End;
  bool take(void *Out, size_t N) {
    if (size_t(End - P) < N)
      return false;
    std::memcpy(Out, P, N);
    P += N;
    return true;
  }
  uint64_t u64() {
    uint64_t V = 0;
    take(&V, 8);
    return V;
  }
};

// Decodes one PERF_RECORD_SAMPLE (its fields in sampleType()'s order).
bool decodeSample(const unsigned char *Rec, size_t Size, PerfSample &S,
                  uint64_t *ChainBuf) {
  Cursor C{Rec + sizeof(perf_event_header), Rec + Size};
  uint64_t Ip = C.u64();
  C.u64(); // pid, tid
  S.PeriodNs = C.u64();
  uint64_t Nr = C.u64();
  if (Nr > MaxStack + 8 || size_t(C.End - C.P) < Nr * 8)
    return false;
  uint32_t Depth = 0;
  for (uint64_t I = 0; I < Nr; ++I) {
    uint64_t A = C.u64();
    if (A >= uint64_t(PERF_CONTEXT_MAX))
      continue; // PERF_CONTEXT_USER and the like
    ChainBuf[Depth++] = A;
  }
  if (Depth == 0)
    ChainBuf[Depth++] = Ip;
  S.Chain = ChainBuf;
  S.Depth = Depth;
  S.AtDepthLimit = Depth >= MaxStack;
#if defined(__x86_64__)
  uint64_t Abi = C.u64();
  if (Abi != PERF_SAMPLE_REGS_ABI_NONE) { // the registers, by number
    S.Bp = C.u64();
    S.Sp = C.u64();
  }
  uint64_t Copied = C.u64();
  if (Copied && size_t(C.End - C.P) >= Copied + 8) {
    S.Stack = C.P;
    C.P += Copied;
    uint64_t Dyn = C.u64(); // how much of it the kernel could copy
    S.StackSize = Dyn < Copied ? Dyn : Copied;
  }
#endif
  return true;
}

} // namespace

uint64_t readPerfRing(PerfRing &R, void (*OnSample)(const PerfSample &, void *),
                      void *Ctx) {
  if (!R.open())
    return 0;
  auto *Meta = static_cast<perf_event_mmap_page *>(R.Base);
  const unsigned char *Data =
      static_cast<const unsigned char *>(R.Base) + Meta->data_offset;
  uint64_t Size = Meta->data_size;
  uint64_t Head = __atomic_load_n(&Meta->data_head, __ATOMIC_ACQUIRE);
  uint64_t Tail = Meta->data_tail;
  uint64_t Lost = 0;
  // A record that wraps is copied out whole: the drain's own buffer (one
  // reader at a time), too big for its stack.
  alignas(8) static unsigned char Copy[StackBytes + (MaxStack + 64) * 8];
  uint64_t Chain[MaxStack + 8];
  while (Head - Tail >= sizeof(perf_event_header)) {
    perf_event_header H;
    for (size_t I = 0; I < sizeof H; ++I)
      reinterpret_cast<unsigned char *>(&H)[I] = Data[(Tail + I) % Size];
    if (H.size < sizeof H || Head - Tail < H.size)
      break;
    const unsigned char *Rec = Data + Tail % Size;
    if (Tail % Size + H.size > Size) { // wraps: copy it out in one piece
      if (H.size > sizeof Copy) {
        Tail += H.size;
        continue;
      }
      for (size_t I = 0; I < H.size; ++I)
        Copy[I] = Data[(Tail + I) % Size];
      Rec = Copy;
    }
    if (H.type == PERF_RECORD_SAMPLE) {
      PerfSample S;
      if (decodeSample(Rec, H.size, S, Chain))
        OnSample(S, Ctx);
    } else if (H.type == PERF_RECORD_LOST) {
      Cursor C{Rec + sizeof H, Rec + H.size};
      C.u64(); // id
      Lost += C.u64();
    }
    Tail += H.size;
  }
  __atomic_store_n(&Meta->data_tail, Tail, __ATOMIC_RELEASE);
  return Lost;
}

void closePerfRing(PerfRing &R) {
  if (!R.open())
    return;
  ioctl(R.Fd, PERF_EVENT_IOC_DISABLE, 0);
  munmap(R.Base, R.MapSize);
  close(R.Fd);
  R = PerfRing();
}

void forgetPerfRing(PerfRing &R) { R = PerfRing(); }

} // namespace hotpath::rt
