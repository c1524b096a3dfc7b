//===- InternalThread.cpp - Threads and descriptors the runtime owns ------===//
#include "base/InternalThread.h"
#include <algorithm>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// glibc's size of the rseq area it registers for every thread (2.35+;
// 0 when it registers none).
extern "C" __attribute__((weak)) const unsigned int __rseq_size;

namespace hotpath::rt {

namespace {
// Two increments a creation, never on the hot path: RMW atomics are fine.
uint64_t Generation = 0;

// What the new thread runs first: it says it runs, then runs Fn. The
// start lives on its creator's stack until then.
struct ThreadStart {
  void *(*Fn)(void *);
  void *Arg;
  uint32_t Running;
};

void *startInternal(void *P) {
  auto *S = static_cast<ThreadStart *>(P);
  void *(*Fn)(void *) = S->Fn;
  void *Arg = S->Arg;
  __atomic_store_n(&S->Running, 1u, __ATOMIC_RELEASE); // S may go now
  return Fn(Arg);
}

// Whether a new thread could register its rseq area as glibc requires: a
// seccomp filter that refuses rseq (EPERM, ENOSYS) would make glibc abort
// the process in the new thread. Asked of the kernel with a request it
// refuses with EINVAL when rseq is allowed (this thread's area is
// registered, and NULL is not it).
bool newThreadsMayRegisterRseq() {
  if (!&__rseq_size || __rseq_size == 0)
    return true;
  int Saved = errno;
  long R = syscall(SYS_rseq, nullptr, 0, 0, 0);
  bool Allowed = R == -1 && errno == EINVAL;
  errno = Saved;
  return Allowed;
}
} // namespace

int createInternalThread(pthread_t *Thread, void *(*Fn)(void *), void *Arg) {
  if (!newThreadsMayRegisterRseq())
    return EPERM; // the callers do without the thread
  sigset_t All, Old;
  sigfillset(&All);
  pthread_sigmask(SIG_BLOCK, &All, &Old); // inherited by the new thread
  __atomic_add_fetch(&Generation, 1, __ATOMIC_ACQ_REL);
  ThreadStart S{Fn, Arg, 0};
  int R = pthread_create(Thread, nullptr, startInternal, &S);
  if (R != 0) // no thread to name itself
    __atomic_add_fetch(&Generation, 1, __ATOMIC_ACQ_REL);
  // Until the thread runs: glibc registers its rseq area before it runs a
  // thread's function, and aborts the process when that fails; a program
  // that forbids rseq with a seccomp filter right after (at the start of
  // main, the runtime's threads just created) would have it fail.
  while (R == 0 && !__atomic_load_n(&S.Running, __ATOMIC_ACQUIRE))
    sched_yield();
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
  return R;
}

void nameInternalThread(const char *Name) {
  prctl(PR_SET_NAME, Name);
#ifdef PR_SET_TSC
  // A thread inherits a disabled time-stamp counter from its creator (a
  // program thread that called prctl(PR_SET_TSC)); the runtime's threads
  // read clocks through the vDSO, which reads the counter: theirs is on.
  prctl(PR_SET_TSC, PR_TSC_ENABLE);
#endif
  __atomic_add_fetch(&Generation, 1, __ATOMIC_ACQ_REL);
}

uint64_t internalThreadGeneration() {
  return __atomic_load_n(&Generation, __ATOMIC_ACQUIRE);
}

void internalThreadsForgetInChild() {
  __atomic_store_n(&Generation, 0, __ATOMIC_RELAXED);
}

bool OwnedFd::stillOurs() const {
  struct stat St;
  return Fd >= 0 && fstat(Fd, &St) == 0 && uint64_t(St.st_dev) == Dev &&
         uint64_t(St.st_ino) == Ino;
}

void OwnedFd::release() {
  if (stillOurs())
    close(Fd);
  Fd = -1;
}

namespace {

// The table size owned descriptors stay under: the soft limit, capped at
// 1024 so that the kernel's descriptor table never grows past what
// select() and a default limit allow (a higher number would cost the
// process memory).
int fdCeiling() {
  struct rlimit L;
  rlim_t Max = 1024;
  if (getrlimit(RLIMIT_NOFILE, &L) == 0 && L.rlim_cur < Max)
    Max = L.rlim_cur;
  return int(Max);
}

// Where owned descriptors go: 32 below the ceiling, or the top four slots
// when the limit is lower than 64 (with `ulimit -n 64` they took 3 to 7,
// the numbers the program's own open() calls expect).
int highFdFloor() {
  int Max = fdCeiling();
  return std::max(Max >= 64 ? Max - 32 : Max - 4, 3);
}

// Moves Fd high (close-on-exec) and records its identity; closes Fd.
bool own(int Fd, OwnedFd &Out) {
  int High = fcntl(Fd, F_DUPFD_CLOEXEC, highFdFloor());
  if (High < 0)
    High = fcntl(Fd, F_DUPFD_CLOEXEC, 3);
  close(Fd);
  struct stat St;
  if (High < 0 || fstat(High, &St) != 0) {
    if (High >= 0)
      close(High);
    return false;
  }
  Out.Fd = High;
  Out.Dev = uint64_t(St.st_dev);
  Out.Ino = uint64_t(St.st_ino);
  return true;
}

} // namespace

void reserveOwnedFdRange() {
  int Floor = highFdFloor();
  if (Floor <= 3)
    return;
  int Fd = open("/", O_PATH | O_CLOEXEC);
  if (Fd < 0)
    return;
  // The highest number own() may take, or the first free one above.
  int High = fcntl(Fd, F_DUPFD_CLOEXEC, std::min(Floor + 31, fdCeiling() - 1));
  if (High >= 0)
    close(High);
  close(Fd);
}

bool makeOwnedPipe(OwnedFd &Read, OwnedFd &Write) {
  int P[2];
  if (pipe2(P, O_CLOEXEC) != 0)
    return false;
  if (!own(P[0], Read)) {
    close(P[1]);
    return false;
  }
  if (!own(P[1], Write)) {
    Read.release();
    return false;
  }
  return true;
}

} // namespace hotpath::rt
