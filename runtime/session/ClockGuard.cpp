//===- ClockGuard.cpp - A thread that gives up its clock ------------------===//
//
// Every timed call reads the time-stamp counter, and so does the vDSO's
// clock_gettime. A thread that disables it (prctl(PR_SET_TSC,
// PR_TSC_SIGSEGV)) or enters seccomp strict mode (which disables it too,
// and kills the thread at any system call but read, write, _exit and
// sigreturn) would die of SIGSEGV at its next measured call. The runtime
// interposes the two ways in, prctl() and syscall(), and before the
// program's request takes effect stops measuring on that thread
// (ThreadState.h: stopMeasuringThisThread), with one line on stderr, while
// it may still write it; the report's meta.warnings counts such threads
// (Session.cpp). Its allocation state is made first, so that counting its
// allocations later needs no mapping. A thread born with the counter
// disabled is found when it first attaches (Hooks.cpp), and a session is
// never begun on one (Session.cpp).
//
// The requests are forwarded with the system call instruction itself
// (glibc has no other name for syscall() to call; x86-64 only, where the
// counter can be disabled at all).
//
//===----------------------------------------------------------------------===//
#include "alloc/AllocTracker.h"
#include "core/ThreadState.h"
#include "output/ReportWriter.h"

#include <cerrno>
#include <cstdarg>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__linux__)

namespace hotpath::rt {
namespace {

long rawSyscall(long N, long A1, long A2, long A3, long A4, long A5, long A6) {
  long R;
  register long R10 __asm__("r10") = A4;
  register long R8 __asm__("r8") = A5;
  register long R9 __asm__("r9") = A6;
  __asm__ volatile("syscall"
                   : "=a"(R)
                   : "a"(N), "D"(A1), "S"(A2), "d"(A3), "r"(R10), "r"(R8),
                     "r"(R9)
                   : "rcx", "r11", "memory");
  if (R < 0 && R > -4096) {
    errno = int(-R);
    return -1;
  }
  return R;
}

void stopBefore(const char *Why) {
  if (MeasuringStopped)
    return;
  RuntimeScope InRt;
  if (ThreadState *T = CurrentThread;
      T && __atomic_load_n(&AllocMode, __ATOMIC_RELAXED))
    (void)allocStateOf(T);
  stopMeasuringThisThread();
  say(std::string("thread ") + std::to_string(long(::gettid())) + " " + Why +
      ": its calls are no longer measured (every measured call reads the "
      "time-stamp counter)");
}

// Whether the prctl or seccomp request (option and first argument)
// disables the counter for the calling thread.
void checkPrctl(long Option, long Arg) {
  if (Option == PR_SET_TSC && Arg == PR_TSC_SIGSEGV)
    stopBefore("disables its time-stamp counter (PR_SET_TSC)");
  else if (Option == PR_SET_SECCOMP && Arg == SECCOMP_MODE_STRICT)
    stopBefore("enters seccomp strict mode");
}

} // namespace
} // namespace hotpath::rt

using namespace hotpath::rt;

// Both read every argument the system call may take, passed or not, as
// glibc's own wrappers do (the 6th of syscall() from the caller's stack):
// not ASan-instrumented, which would call the read of an argument the
// caller did not pass an underflow of its frame.
extern "C" __attribute__((visibility("default"), no_sanitize("address"))) int
prctl(int Option, ...) {
  va_list Ap;
  va_start(Ap, Option);
  long A[4];
  for (long &X : A)
    X = va_arg(Ap, long);
  va_end(Ap);
  checkPrctl(Option, A[0]);
  return int(rawSyscall(SYS_prctl, Option, A[0], A[1], A[2], A[3], 0));
}

extern "C" __attribute__((visibility("default"), no_sanitize("address"))) long
syscall(long N, ...) {
  va_list Ap;
  va_start(Ap, N);
  long A[6];
  for (long &X : A)
    X = va_arg(Ap, long);
  va_end(Ap);
  if (N == SYS_prctl)
    checkPrctl(A[0], A[1]);
  else if (N == SYS_seccomp && A[0] == SECCOMP_SET_MODE_STRICT)
    stopBefore("enters seccomp strict mode");
  return rawSyscall(N, A[0], A[1], A[2], A[3], A[4], A[5]);
}

#endif
