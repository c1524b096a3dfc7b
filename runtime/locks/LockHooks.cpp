//===- LockHooks.cpp - The interposed pthread locks and semaphores --------===//
//
// What std::mutex, std::shared_mutex, std::condition_variable and C code
// call, forwarded to glibc's own entry points (below: how they are reached
// in dynamic and in fully static programs). The condition variable's is
// its current version, GLIBC_2.3.2, not the 2.2.5 compatibility one that a
// plain dlsym would find. pthread_rwlock_tryrdlock and trywrlock are not
// interposed: libc.a's implementation has no name but the public one, so a
// static program that linked an interposer would have none.
//
// Each forwards at once, tail-called, when no session tracks locks or the
// runtime itself is locking (InRuntime); in a process that tracks none
// (HOTPATH_LOCKS=0), LockBypass.h points the loaded objects' calls past
// them, to glibc. Otherwise a look at the lock word
// tells whether another thread holds it: if not, the lock is tried, and
// taken; if so, or if the try fails, the real call runs between two clock
// reads, and the time is a wait. rwlocks, whose word has no one owner,
// are tried at once. Condition variables and
// semaphores count every wait. The results are the real call's: a
// recursive relock, EDEADLK, EOWNERDEAD, ETIMEDOUT pass through unchanged.
//
// Every definition is weak, as the allocation interposers are.
//
//===----------------------------------------------------------------------===//
#include "core/RuntimeScope.h"
#include "locks/LockTracker.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>
#include <unistd.h>

// glibc's own entry points, reached in a dynamic and in a fully static
// (-static) program alike, through weak references to glibc's internal
// names. In a dynamic program the __pthread_mutex_* and __pthread_rwlock_*
// ones bind when it loads (glibc keeps them, at its oldest version, for old
// binaries); the others are null there and found once with dlsym or
// dlvsym. In a static program they bind to libc.a's definitions, which
// LibcAnchors.cpp makes the link pull in; this undefined reference, which
// no instruction uses, pulls LibcAnchors.o out of the static runtime.
__asm__(".globl hotpath_rt_libc_anchors");

#define HP_WEAK extern "C" __attribute__((weak))
HP_WEAK int __pthread_mutex_lock(pthread_mutex_t *) noexcept;
HP_WEAK int __pthread_mutex_trylock(pthread_mutex_t *) noexcept;
HP_WEAK int __pthread_mutex_unlock(pthread_mutex_t *) noexcept;
HP_WEAK int __pthread_mutex_timedlock(pthread_mutex_t *,
                                      const timespec *) noexcept;
HP_WEAK int __pthread_mutex_clocklock(pthread_mutex_t *, clockid_t,
                                      const timespec *) noexcept;
HP_WEAK int __pthread_rwlock_rdlock(pthread_rwlock_t *) noexcept;
HP_WEAK int __pthread_rwlock_wrlock(pthread_rwlock_t *) noexcept;
HP_WEAK int __pthread_rwlock_unlock(pthread_rwlock_t *) noexcept;
HP_WEAK int ___pthread_rwlock_timedrdlock(pthread_rwlock_t *,
                                          const timespec *) noexcept;
HP_WEAK int ___pthread_rwlock_timedwrlock(pthread_rwlock_t *,
                                          const timespec *) noexcept;
HP_WEAK int ___pthread_rwlock_clockrdlock(pthread_rwlock_t *, clockid_t,
                                          const timespec *) noexcept;
HP_WEAK int ___pthread_rwlock_clockwrlock(pthread_rwlock_t *, clockid_t,
                                          const timespec *) noexcept;
HP_WEAK int __pthread_cond_wait(pthread_cond_t *, pthread_mutex_t *);
HP_WEAK int __pthread_cond_timedwait(pthread_cond_t *, pthread_mutex_t *,
                                     const timespec *);
HP_WEAK int __pthread_cond_clockwait(pthread_cond_t *, pthread_mutex_t *,
                                     clockid_t, const timespec *);
HP_WEAK int __pthread_spin_lock(pthread_spinlock_t *) noexcept;
HP_WEAK int __pthread_spin_unlock(pthread_spinlock_t *) noexcept;
HP_WEAK int __new_sem_wait(sem_t *);
HP_WEAK int ___sem_timedwait(sem_t *, const timespec *);
HP_WEAK int ___sem_clockwait(sem_t *, clockid_t, const timespec *);

using namespace hotpath::rt;

#define HP_INTERPOSE extern "C" __attribute__((visibility("default"), weak))

namespace {

inline bool tracking() {
  return __atomic_load_n(&LockMode, __ATOMIC_RELAXED) && !InRuntime;
}

[[noreturn]] __attribute__((noinline, cold)) void
fatalMissing(const char *Name) {
  static const char Head[] = "hotpath: cannot find the C library's ";
  write(2, Head, sizeof(Head) - 1);
  write(2, Name, strlen(Name));
  write(2, "\n", 1);
  abort();
}

// Where the program called: the interposer's own return address.
#define HP_SITE uint64_t(__builtin_return_address(0))

// glibc's function: its internal name where that bound (see above), else
// looked up once by name (racing threads store the same value).
template <typename Fn, typename InternalFn>
Fn real(InternalFn Internal, Fn &Slot, const char *Name, const char *Ver) {
  if (Internal)
    return Internal;
  Fn F = __atomic_load_n(&Slot, __ATOMIC_RELAXED);
  if (__builtin_expect(!F, 0)) {
    void *P = Ver ? dlvsym(RTLD_NEXT, Name, Ver) : nullptr;
    if (!P)
      P = dlsym(RTLD_NEXT, Name);
    if (!P) // a C library other than the glibc this runtime was built for
      fatalMissing(Name);
    F = reinterpret_cast<Fn>(P);
    __atomic_store_n(&Slot, F, __ATOMIC_RELAXED);
  }
  return F;
}

using TimedLockFn = int (*)(pthread_mutex_t *, const timespec *);
using ClockLockFn = int (*)(pthread_mutex_t *, clockid_t, const timespec *);
using RwTimedFn = int (*)(pthread_rwlock_t *, const timespec *);
using RwClockFn = int (*)(pthread_rwlock_t *, clockid_t, const timespec *);
using CondWaitFn = int (*)(pthread_cond_t *, pthread_mutex_t *);
using CondTimedFn = int (*)(pthread_cond_t *, pthread_mutex_t *,
                            const timespec *);
using CondClockFn = int (*)(pthread_cond_t *, pthread_mutex_t *, clockid_t,
                            const timespec *);
using SpinFn = int (*)(pthread_spinlock_t *);
using SemWaitFn = int (*)(sem_t *);
using SemTimedFn = int (*)(sem_t *, const timespec *);
using SemClockFn = int (*)(sem_t *, clockid_t, const timespec *);

TimedLockFn RealTimedLock;
ClockLockFn RealClockLock;
RwTimedFn RealTimedRd, RealTimedWr;
RwClockFn RealClockRd, RealClockWr;
CondWaitFn RealCondWait;
CondTimedFn RealCondTimed;
CondClockFn RealCondClock;
SpinFn RealSpinLock, RealSpinUnlock;
SemWaitFn RealSemWait;
SemTimedFn RealSemTimed;
SemClockFn RealSemClock;

// Another thread holds M (glibc's layout: __lock is 0 when free, the
// owner's tid is in __owner; a recursive relock is not a wait).
inline bool heldByOther(pthread_mutex_t *M, const LockState *L) {
  int Word = __atomic_load_n(&M->__data.__lock, __ATOMIC_RELAXED);
  return Word != 0 && uint64_t(__atomic_load_n(&M->__data.__owner,
                                               __ATOMIC_RELAXED)) != L->Tid;
}

inline bool acquired(int R) { return R == 0 || R == EOWNERDEAD; }

// A mutex acquisition through `Call`, which runs the real function. Seen
// free, the mutex is tried first: a plain lock that found it taken in the
// meantime would wait untimed (with four threads on one short critical
// section, a tenth of the waits).
// The wait, out of line: the common path (seen free, taken) then saves few
// registers.
template <typename CallFn>
__attribute__((noinline)) int mutexWait(pthread_mutex_t *M, LockState *L,
                                        uint64_t Site, CallFn Call) {
  uint64_t T0 = __builtin_ia32_rdtsc();
  int R = Call();
  uint64_t T1 = __builtin_ia32_rdtsc();
  if (R == EDEADLK) // an error-checking mutex this thread holds: no wait
    return R;
  LockEntry *E = lockEntry(L, M, LockMutex, Site);
  lockWaited(L, E, LockMutex, T0, T1);
  if (acquired(R))
    lockAcquired(L, E, T1);
  return R;
}

// Robust, priority-inheriting or priority-protected (glibc's kind bits):
// never tried first. glibc's trylock of a robust mutex that is not
// recoverable returns ENOTRECOVERABLE with the lock word still taken, and
// the lock that followed waited for ever where the plain program's lock
// returns ENOTRECOVERABLE.
inline bool special(pthread_mutex_t *M) {
  constexpr int RobustPiPp = 16 | 32 | 64;
  return __atomic_load_n(&M->__data.__kind, __ATOMIC_RELAXED) & RobustPiPp;
}

template <typename CallFn>
int mutexAcquire(pthread_mutex_t *M, uint64_t Site, CallFn Call) {
  LockState *L = lockState();
  if (!L)
    return Call();
  bool Other = heldByOther(M, L);
  if (!Other && special(M)) { // seen free: the real call, as an acquisition
    int R = Call();
    if (acquired(R))
      lockAcquired(L, lockEntry(L, M, LockMutex, Site), 0);
    return R;
  }
  if (!Other) {
    int R = __pthread_mutex_trylock(M);
    if (__builtin_expect(acquired(R), 1)) {
      lockAcquired(L, lockEntry(L, M, LockMutex, Site), 0);
      return R;
    }
    if (R != EBUSY)
      return Call(); // not a lock it can take (EINVAL, ENOTRECOVERABLE)
  }
  return mutexWait(M, L, Site, Call);
}

// An rwlock or spin lock: `Try` first; busy, `Call` between clock reads.
template <typename TryFn, typename CallFn>
int tryThenAcquire(const void *P, uint32_t Kind, uint64_t Site, TryFn Try,
                   CallFn Call) {
  LockState *L = lockState();
  if (!L)
    return Call();
  int R = Try();
  if (R == 0) {
    lockAcquired(L, lockEntry(L, P, Kind, Site), 0);
    return 0;
  }
  if (R != EBUSY)
    return Call(); // EDEADLK and the like: the real call's answer
  uint64_t T0 = __builtin_ia32_rdtsc();
  R = Call();
  uint64_t T1 = __builtin_ia32_rdtsc();
  LockEntry *E = lockEntry(L, P, Kind, Site);
  lockWaited(L, E, Kind, T0, T1);
  if (R == 0)
    lockAcquired(L, E, T1);
  return R;
}

// A wait that always waits (condition variable, semaphore): timed.
template <typename CallFn>
int timedWait(const void *P, uint32_t Kind, uint64_t Site, CallFn Call) {
  LockState *L = lockState();
  if (!L)
    return Call();
  uint64_t T0 = __builtin_ia32_rdtsc();
  int R = Call();
  uint64_t T1 = __builtin_ia32_rdtsc();
  int Saved = errno;
  LockEntry *E = lockEntry(L, P, Kind, Site);
  if (E)
    ++E->Acquisitions; // a wait: no hold to time
  lockWaited(L, E, Kind, T0, T1);
  errno = Saved;
  return R;
}

// A condition wait: the mutex's hold ends when the wait releases it.
template <typename CallFn>
int condWait(pthread_cond_t *C, pthread_mutex_t *M, uint64_t Site,
             CallFn Call) {
  lockReleasing(M);
  return timedWait(C, LockCond, Site, Call);
}

} // namespace

// ---- mutexes ---------------------------------------------------------------

HP_INTERPOSE int pthread_mutex_lock(pthread_mutex_t *M) noexcept {
  if (!tracking())
    return __pthread_mutex_lock(M);
  return mutexAcquire(M, HP_SITE, [&] { return __pthread_mutex_lock(M); });
}

HP_INTERPOSE int pthread_mutex_trylock(pthread_mutex_t *M) noexcept {
  int R = __pthread_mutex_trylock(M);
  if (tracking() && acquired(R))
    if (LockState *L = lockState())
      lockAcquired(L, lockEntry(L, M, LockMutex, HP_SITE), 0);
  return R;
}

HP_INTERPOSE int pthread_mutex_timedlock(pthread_mutex_t *M,
                                         const timespec *At) noexcept {
  TimedLockFn F = real(__pthread_mutex_timedlock, RealTimedLock,
                       "pthread_mutex_timedlock", nullptr);
  if (!tracking())
    return F(M, At);
  return mutexAcquire(M, HP_SITE, [&] { return F(M, At); });
}

HP_INTERPOSE int pthread_mutex_clocklock(pthread_mutex_t *M, clockid_t Clock,
                                         const timespec *At) noexcept {
  ClockLockFn F = real(__pthread_mutex_clocklock, RealClockLock,
                       "pthread_mutex_clocklock", nullptr);
  // glibc refuses any other clock (EINVAL) before looking at the mutex.
  if (!tracking() || (Clock != CLOCK_REALTIME && Clock != CLOCK_MONOTONIC))
    return F(M, Clock, At);
  return mutexAcquire(M, HP_SITE, [&] { return F(M, Clock, At); });
}

HP_INTERPOSE int pthread_mutex_unlock(pthread_mutex_t *M) noexcept {
  if (tracking())
    lockReleasing(M);
  return __pthread_mutex_unlock(M);
}

// ---- rwlocks ---------------------------------------------------------------

HP_INTERPOSE int pthread_rwlock_rdlock(pthread_rwlock_t *W) noexcept {
  if (!tracking())
    return __pthread_rwlock_rdlock(W);
  return tryThenAcquire(
      W, LockRwRead, HP_SITE, [&] { return pthread_rwlock_tryrdlock(W); },
      [&] { return __pthread_rwlock_rdlock(W); });
}

HP_INTERPOSE int pthread_rwlock_wrlock(pthread_rwlock_t *W) noexcept {
  if (!tracking())
    return __pthread_rwlock_wrlock(W);
  return tryThenAcquire(
      W, LockRwWrite, HP_SITE, [&] { return pthread_rwlock_trywrlock(W); },
      [&] { return __pthread_rwlock_wrlock(W); });
}

// glibc checks a timed rwlock call's clock and timeout before it looks at
// the lock (EINVAL, the lock left free): so do these, before the try.
inline bool validTimeout(clockid_t Clock, const timespec *At) {
  return (Clock == CLOCK_REALTIME || Clock == CLOCK_MONOTONIC) &&
         (!At || (At->tv_nsec >= 0 && At->tv_nsec < 1000000000));
}

#define HP_RWLOCK_TIMED(Name, Kind, Slot, Try, Type, ...)                      \
  HP_INTERPOSE int Name(pthread_rwlock_t *W, __VA_ARGS__) noexcept {           \
    Type F = real(___##Name, Slot, #Name, nullptr);                            \
    if (!tracking() || !validTimeout(HP_CLOCK, At))                            \
      return F(W, HP_ARGS);                                                    \
    return tryThenAcquire(                                                     \
        W, Kind, HP_SITE, [&] { return Try(W); },                              \
        [&] { return F(W, HP_ARGS); });                                        \
  }

#define HP_ARGS At
#define HP_CLOCK CLOCK_REALTIME
HP_RWLOCK_TIMED(pthread_rwlock_timedrdlock, LockRwRead, RealTimedRd,
                pthread_rwlock_tryrdlock, RwTimedFn, const timespec *At)
HP_RWLOCK_TIMED(pthread_rwlock_timedwrlock, LockRwWrite, RealTimedWr,
                pthread_rwlock_trywrlock, RwTimedFn, const timespec *At)
#undef HP_ARGS
#undef HP_CLOCK
#define HP_ARGS Clock, At
#define HP_CLOCK Clock
HP_RWLOCK_TIMED(pthread_rwlock_clockrdlock, LockRwRead, RealClockRd,
                pthread_rwlock_tryrdlock, RwClockFn, clockid_t Clock,
                const timespec *At)
HP_RWLOCK_TIMED(pthread_rwlock_clockwrlock, LockRwWrite, RealClockWr,
                pthread_rwlock_trywrlock, RwClockFn, clockid_t Clock,
                const timespec *At)
#undef HP_ARGS
#undef HP_CLOCK

HP_INTERPOSE int pthread_rwlock_unlock(pthread_rwlock_t *W) noexcept {
  if (tracking())
    lockReleasing(W);
  return __pthread_rwlock_unlock(W);
}

// ---- condition variables ---------------------------------------------------
// Cancellation points: glibc declares them without noexcept, and a thread
// cancelled in the wait unwinds through here (its wait goes uncounted).

HP_INTERPOSE int pthread_cond_wait(pthread_cond_t *C, pthread_mutex_t *M) {
  CondWaitFn F = real(__pthread_cond_wait, RealCondWait, "pthread_cond_wait",
                      "GLIBC_2.3.2");
  if (!tracking())
    return F(C, M);
  return condWait(C, M, HP_SITE, [&] { return F(C, M); });
}

HP_INTERPOSE int pthread_cond_timedwait(pthread_cond_t *C, pthread_mutex_t *M,
                                        const timespec *At) {
  CondTimedFn F = real(__pthread_cond_timedwait, RealCondTimed,
                       "pthread_cond_timedwait", "GLIBC_2.3.2");
  if (!tracking())
    return F(C, M, At);
  return condWait(C, M, HP_SITE, [&] { return F(C, M, At); });
}

HP_INTERPOSE int pthread_cond_clockwait(pthread_cond_t *C, pthread_mutex_t *M,
                                        clockid_t Clock, const timespec *At) {
  CondClockFn F = real(__pthread_cond_clockwait, RealCondClock,
                       "pthread_cond_clockwait", nullptr);
  if (!tracking())
    return F(C, M, Clock, At);
  return condWait(C, M, HP_SITE, [&] { return F(C, M, Clock, At); });
}

// ---- spin locks and semaphores ---------------------------------------------

// glibc's spin lock: in a static program libc.a's is not linked (its object
// has no other name to anchor), and a loop on the trylock, which works on
// the same word, is the same lock.
static int spinLock(pthread_spinlock_t *S) {
  if (__pthread_spin_lock)
    return __pthread_spin_lock(S);
  SpinFn F = __atomic_load_n(&RealSpinLock, __ATOMIC_RELAXED);
  if (!F) {
    F = reinterpret_cast<SpinFn>(dlsym(RTLD_NEXT, "pthread_spin_lock"));
    if (F)
      __atomic_store_n(&RealSpinLock, F, __ATOMIC_RELAXED);
  }
  if (F)
    return F(S);
  while (pthread_spin_trylock(S) == EBUSY)
    __builtin_ia32_pause();
  return 0;
}

HP_INTERPOSE int pthread_spin_lock(pthread_spinlock_t *S) noexcept {
  if (!tracking())
    return spinLock(S);
  return tryThenAcquire((const void *)S, LockSpin, HP_SITE,
                        [&] { return pthread_spin_trylock(S); },
                        [&] { return spinLock(S); });
}

HP_INTERPOSE int pthread_spin_unlock(pthread_spinlock_t *S) noexcept {
  SpinFn F = real(__pthread_spin_unlock, RealSpinUnlock, "pthread_spin_unlock",
                  nullptr);
  if (tracking())
    lockReleasing((const void *)S);
  return F(S);
}

HP_INTERPOSE int sem_wait(sem_t *S) {
  SemWaitFn F = real(__new_sem_wait, RealSemWait, "sem_wait", nullptr);
  if (!tracking())
    return F(S);
  // A semaphore with a count is taken at once: no wait to time.
  int Saved = errno;
  if (sem_trywait(S) == 0) {
    if (LockState *L = lockState())
      if (LockEntry *E = lockEntry(L, S, LockSem, HP_SITE))
        ++E->Acquisitions;
    return 0;
  }
  errno = Saved;
  return timedWait(S, LockSem, HP_SITE, [&] { return F(S); });
}

HP_INTERPOSE int sem_timedwait(sem_t *S, const timespec *At) {
  SemTimedFn F = real(___sem_timedwait, RealSemTimed, "sem_timedwait", nullptr);
  if (!tracking())
    return F(S, At);
  return timedWait(S, LockSem, HP_SITE, [&] { return F(S, At); });
}

HP_INTERPOSE int sem_clockwait(sem_t *S, clockid_t Clock, const timespec *At) {
  SemClockFn F = real(___sem_clockwait, RealSemClock, "sem_clockwait", nullptr);
  if (!tracking())
    return F(S, Clock, At);
  return timedWait(S, LockSem, HP_SITE, [&] { return F(S, Clock, At); });
}
