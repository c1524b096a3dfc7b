//===- AllocHooks.cpp - The interposed malloc family and operator new -----===//
//
// The C functions forward to glibc's own entry points
// (__libc_malloc and friends; glibc has no __libc_posix_memalign or
// __libc_aligned_alloc, so __libc_memalign serves the aligned forms) and
// count what succeeded. Nothing here needs initialising: calloc works from
// inside dlsym or ld.so before any constructor ran.
//
// Every definition is weak: a strong malloc elsewhere in a static link
// (the program's own, a sanitizer runtime, libc.a) wins silently, and
// AllocTracker.cpp notices that the global `malloc` is not ours.
//
// operator new/delete call the global malloc/posix_memalign/free, as
// libstdc++'s do: they are counted once, there, and a program whose malloc
// belongs to another allocator gets its memory from that allocator.
//
//===----------------------------------------------------------------------===//
#include "alloc/AllocTracker.h"
#include "alloc/RuntimeBlocks.h"

#include <cerrno>
#include <cstdint>
#include <malloc.h>
#include <new>
#include <stdlib.h>

extern "C" {
void *__libc_malloc(size_t) noexcept;
void *__libc_calloc(size_t, size_t) noexcept;
void *__libc_realloc(void *, size_t) noexcept;
void __libc_free(void *) noexcept;
void *__libc_memalign(size_t, size_t) noexcept;
void *__libc_valloc(size_t) noexcept;
void *__libc_pvalloc(size_t) noexcept;
}

using namespace hotpath::rt;

#define HP_INTERPOSE extern "C" __attribute__((visibility("default"), weak))

namespace {

// Each counts only what succeeded. The tracking test comes first so that,
// with tracking off, the forward is a tail call.
#define HP_TRACKED(Call, Bytes)                                                \
  do {                                                                         \
    if (!__atomic_load_n(&AllocMode, __ATOMIC_RELAXED) || InRuntime)           \
      return Call;                                                             \
    ThreadState *T = CurrentThread;                                            \
    void *P = Call;                                                            \
    if (__builtin_expect(P != nullptr, 1)) {                                   \
      if (__builtin_expect(T != nullptr, 1))                                   \
        countAlloc(T, Bytes, P);                                               \
      else                                                                     \
        countPendingAlloc(Bytes, P);                                           \
    }                                                                          \
    return P;                                                                  \
  } while (0)

// A large block of the runtime's own comes from RuntimeBlocks.h, never from
// glibc, whose mmap threshold it would move. The size test comes first:
// for the program's requests, one compare.
#define HP_RUNTIME_BLOCK(Bytes, Align)                                         \
  do {                                                                         \
    if (__builtin_expect((Bytes) >= RuntimeBlockMin, 0) && InRuntime &&        \
        (Align) <= RuntimeBlockOffset)                                         \
      if (void *B = runtimeBlockAlloc(Bytes))                                  \
        return B;                                                              \
  } while (0)

bool validAlignment(size_t A) {
  return A && (A & (A - 1)) == 0 && A % sizeof(void *) == 0;
}

} // namespace

namespace {

// Untracked (HOTPATH_ALLOC=0) and not a runtime-sized request, the common
// calls go straight on: a compare, a load and a tail call, no frame. The
// rest is out of line, so that the compiler saves no register for it first
// (two to three times the instructions of the forward).
inline bool untrackedSize(size_t N) {
  return N < RuntimeBlockMin && !__atomic_load_n(&AllocMode, __ATOMIC_RELAXED);
}

__attribute__((noinline)) void *mallocSlow(size_t N) noexcept {
  HP_RUNTIME_BLOCK(N, 16);
  HP_TRACKED(__libc_malloc(N), N);
}

__attribute__((noinline)) void *callocSlow(size_t N, size_t S) noexcept {
  size_t Bytes;
  if (!__builtin_mul_overflow(N, S, &Bytes))
    HP_RUNTIME_BLOCK(Bytes, 16); // mapped: zeroed
  // Success implies N * S did not overflow.
  HP_TRACKED(__libc_calloc(N, S), N * S);
}

__attribute__((noinline)) void freeSlow(void *P) noexcept {
  if (__builtin_expect(isRuntimeBlock(P), 0))
    return runtimeBlockFree(P);
  if (P && __atomic_load_n(&AllocMode, __ATOMIC_RELAXED) && !InRuntime) {
    if (ThreadState *T = CurrentThread; __builtin_expect(T != nullptr, 1))
      countFree(T, usableSize(P));
    else
      countPendingFree(usableSize(P));
  }
  __libc_free(P);
}

} // namespace

HP_INTERPOSE void *malloc(size_t N) noexcept {
  if (untrackedSize(N))
    return __libc_malloc(N);
  return mallocSlow(N);
}

// This copy's malloc, whatever `malloc` resolves to (AllocTracker.cpp).
extern "C" __attribute__((visibility("hidden"))) void *HpMallocLocal(size_t)
    __attribute__((alias("malloc")));

HP_INTERPOSE void *calloc(size_t N, size_t S) noexcept {
  // Both below 2^16: no overflow, and the product below RuntimeBlockMin
  // only if it is; else the slow path's full test.
  if ((N | S) < 65536 && untrackedSize(N * S))
    return __libc_calloc(N, S);
  return callocSlow(N, S);
}

HP_INTERPOSE void free(void *P) noexcept {
  // Not at a runtime block's offset in its page, and untracked: straight on.
  if ((reinterpret_cast<uintptr_t>(P) & 4095) != RuntimeBlockOffset &&
      !__atomic_load_n(&AllocMode, __ATOMIC_RELAXED))
    return __libc_free(P);
  freeSlow(P);
}

// realloc = a free of the old block (its usable size) + an allocation of
// the new size, counted only when it succeeded; realloc(p, 0) frees p.
HP_INTERPOSE void *realloc(void *P, size_t N) noexcept {
  if (!P)
    return malloc(N);
  if (__builtin_expect(isRuntimeBlock(P), 0)) {
    size_t Old = runtimeBlockSize(P);
    void *R = N ? malloc(N) : nullptr;
    if (N && !R)
      return nullptr; // P stays as it was
    if (R)
      __builtin_memcpy(R, P, Old < N ? Old : N);
    runtimeBlockFree(P);
    return R;
  }
  if (!__atomic_load_n(&AllocMode, __ATOMIC_RELAXED) || InRuntime)
    return __libc_realloc(P, N);
  ThreadState *T = CurrentThread;
  // The old block's usable size must be read before realloc releases it.
  uint64_t Old = usableSize(P);
  void *R = __libc_realloc(P, N);
  if (R || N == 0) // glibc's realloc(p, 0) frees p and returns NULL
    T ? countFree(T, Old) : countPendingFree(Old);
  if (R)
    T ? countAlloc(T, N, R) : countPendingAlloc(N, R);
  return R;
}

HP_INTERPOSE void *reallocarray(void *P, size_t N, size_t S) noexcept {
  size_t Bytes;
  if (__builtin_mul_overflow(N, S, &Bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return realloc(P, Bytes);
}

HP_INTERPOSE int posix_memalign(void **Out, size_t A, size_t N) noexcept {
  if (!validAlignment(A))
    return EINVAL;
  if (__builtin_expect(N >= RuntimeBlockMin, 0) && InRuntime &&
      A <= RuntimeBlockOffset)
    if (void *B = runtimeBlockAlloc(N)) {
      *Out = B;
      return 0;
    }
  int Saved = errno;
  void *P = __libc_memalign(A, N);
  if (!P) {
    errno = Saved; // posix_memalign reports through its result only
    return ENOMEM;
  }
  *Out = P;
  if (__atomic_load_n(&AllocMode, __ATOMIC_RELAXED) && !InRuntime) {
    if (ThreadState *T = CurrentThread)
      countAlloc(T, N, P);
    else
      countPendingAlloc(N, P);
  }
  return 0;
}

HP_INTERPOSE void *aligned_alloc(size_t A, size_t N) noexcept {
  HP_RUNTIME_BLOCK(N, A);
  HP_TRACKED(__libc_memalign(A, N), N);
}

HP_INTERPOSE void *memalign(size_t A, size_t N) noexcept {
  HP_RUNTIME_BLOCK(N, A);
  HP_TRACKED(__libc_memalign(A, N), N);
}

HP_INTERPOSE void *valloc(size_t N) noexcept {
  HP_TRACKED(__libc_valloc(N), N);
}

HP_INTERPOSE void *pvalloc(size_t N) noexcept {
  HP_TRACKED(__libc_pvalloc(N), N);
}

// ---- operator new / delete ---------------------------------------------

namespace {

void *newImpl(size_t N) {
  if (N == 0)
    N = 1; // as libstdc++: a unique pointer
  for (;;) {
    if (void *P = malloc(N))
      return P;
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
}

void *newAlignedImpl(size_t N, std::align_val_t Al) {
  size_t A = static_cast<size_t>(Al);
  if (A < sizeof(void *))
    A = sizeof(void *);
  if (N == 0)
    N = 1;
  for (;;) {
    void *P = nullptr;
    if (posix_memalign(&P, A, N) == 0)
      return P;
    std::new_handler H = std::get_new_handler();
    if (!H)
      throw std::bad_alloc();
    H();
  }
}

template <class F> void *noThrow(F &&Fn) noexcept {
  try {
    return Fn();
  } catch (...) {
    return nullptr;
  }
}

} // namespace

#define HP_NEW __attribute__((visibility("default"), weak))

HP_NEW void *operator new(size_t N) { return newImpl(N); }
HP_NEW void *operator new[](size_t N) { return newImpl(N); }
HP_NEW void *operator new(size_t N, const std::nothrow_t &) noexcept {
  return noThrow([&] { return newImpl(N); });
}
HP_NEW void *operator new[](size_t N, const std::nothrow_t &) noexcept {
  return noThrow([&] { return newImpl(N); });
}
HP_NEW void *operator new(size_t N, std::align_val_t A) {
  return newAlignedImpl(N, A);
}
HP_NEW void *operator new[](size_t N, std::align_val_t A) {
  return newAlignedImpl(N, A);
}
HP_NEW void *operator new(size_t N, std::align_val_t A,
                          const std::nothrow_t &) noexcept {
  return noThrow([&] { return newAlignedImpl(N, A); });
}
HP_NEW void *operator new[](size_t N, std::align_val_t A,
                            const std::nothrow_t &) noexcept {
  return noThrow([&] { return newAlignedImpl(N, A); });
}

// Every delete frees through the global free: the block's usable size is
// what the runtime counts, sized forms included (one rule for all frees).
HP_NEW void operator delete(void *P) noexcept { free(P); }
HP_NEW void operator delete[](void *P) noexcept { free(P); }
HP_NEW void operator delete(void *P, const std::nothrow_t &) noexcept {
  free(P);
}
HP_NEW void operator delete[](void *P, const std::nothrow_t &) noexcept {
  free(P);
}
HP_NEW void operator delete(void *P, size_t) noexcept { free(P); }
HP_NEW void operator delete[](void *P, size_t) noexcept { free(P); }
HP_NEW void operator delete(void *P, std::align_val_t) noexcept { free(P); }
HP_NEW void operator delete[](void *P, std::align_val_t) noexcept { free(P); }
HP_NEW void operator delete(void *P, size_t, std::align_val_t) noexcept {
  free(P);
}
HP_NEW void operator delete[](void *P, size_t, std::align_val_t) noexcept {
  free(P);
}
HP_NEW void operator delete(void *P, std::align_val_t,
                            const std::nothrow_t &) noexcept {
  free(P);
}
HP_NEW void operator delete[](void *P, std::align_val_t,
                              const std::nothrow_t &) noexcept {
  free(P);
}
