//===- VforkGuard.cpp - A vfork child's calls are not its parent's --------===//
//
// A vfork child runs on its parent's memory, thread-local storage
// included, until it calls exec or _exit: its measured calls would count
// in the parent thread's state (they did: a child's 1,000 calls in the
// parent's report) and could leave frames open on its shadow stack. The
// runtime's vfork pauses measuring on the calling thread before the system
// call (the wrappers take the hooks, the hooks return at once: the state
// ClockGuard.cpp's stopped threads are in), and the parent, which resumes
// only once the child has left, restores it.
//
// Written in assembly, as glibc's is: the child returns on the parent's
// stack, so the return address is kept in a register across the system
// call, never in a frame the child could overwrite. x86-64 Linux only;
// elsewhere glibc's vfork runs and the child's calls are counted.
//
//===----------------------------------------------------------------------===//
#include "core/HotPath.h"
#include "core/ThreadState.h"

#include <cerrno>

#if defined(__x86_64__) && defined(__linux__)

namespace hotpath::rt {
namespace {
// What the pause changed, to put back in the parent (TLS: the child's
// writes are the parent's, and the child never resumes).
__thread uint32_t SavedStopped __attribute__((tls_model("initial-exec")));
__thread uint32_t SavedFastEpoch __attribute__((tls_model("initial-exec")));
__thread uint32_t SavedThreadEpoch __attribute__((tls_model("initial-exec")));
} // namespace
} // namespace hotpath::rt

using namespace hotpath::rt;

extern "C" __attribute__((visibility("hidden"), used)) void
hotpathVforkPause() {
  SavedStopped = MeasuringStopped;
  SavedFastEpoch = __hotpath_fast.epoch;
  MeasuringStopped = 1;               // enterSlow returns at once
  __hotpath_fast.epoch = FastPathOff; // the wrappers take the hooks
  if (ThreadState *T = CurrentThread) {
    SavedThreadEpoch = T->Epoch;
    T->Epoch = 0; // the hooks go slow, exitSlow finds no session
  }
}

// In the parent, with the system call's result: measuring as it was, and
// the result as vfork returns it (-1 and errno on failure).
extern "C" __attribute__((visibility("hidden"), used)) long
hotpathVforkResume(long Result) {
  if (ThreadState *T = CurrentThread)
    T->Epoch = SavedThreadEpoch;
  __hotpath_fast.epoch = SavedFastEpoch;
  MeasuringStopped = SavedStopped;
  if (Result < 0 && Result > -4096) {
    errno = int(-Result);
    return -1;
  }
  return Result;
}

// vfork(): pause, the system call with the return address in %rdi (as
// glibc's), then in the parent resume; the child returns at once.
asm(R"(
  .text
  .weak vfork
  .type vfork,@function
  .p2align 4
vfork:
  subq $8, %rsp
  call hotpathVforkPause
  addq $8, %rsp
  popq %rdi
  movl $58, %eax
  syscall
  pushq %rdi
  testq %rax, %rax
  jz 1f
  pushq %rax
  movq %rax, %rdi
  call hotpathVforkResume
  addq $8, %rsp
1:
  ret
  .size vfork, .-vfork
)");

#endif
