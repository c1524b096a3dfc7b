//===- PrivateFiles.cpp - A descriptor table of the runtime's own ---------===//
#include "base/PrivateFiles.h"
#include "base/InternalThread.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

enum TableKind : uint32_t { Shared = 0, OwnNoStreams = 1, OwnWithStreams = 2 };
__thread uint32_t Table __attribute__((tls_model("initial-exec"))) = Shared;
bool Enabled = true;

// Closes every descriptor from First up. close_range (Linux 5.9); else the
// numbers listed by /proc/thread-self/fd, read with getdents64 into a
// buffer on the stack (no allocation: the thread may not be marked as the
// runtime's yet).
void closeFrom(unsigned First) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, First, ~0u, 0) == 0)
    return;
#endif
  int Dir = open("/proc/thread-self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (Dir < 0)
    return;
  alignas(8) char Buf[4096];
  for (;;) {
    long N = syscall(SYS_getdents64, Dir, Buf, sizeof Buf);
    if (N <= 0)
      break;
    for (long Off = 0; Off < N;) {
      // struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name.
      unsigned short RecLen;
      __builtin_memcpy(&RecLen, Buf + Off + 16, sizeof RecLen);
      const char *Name = Buf + Off + 19;
      char *End;
      long Fd = std::strtol(Name, &End, 10);
      if (End != Name && !*End && Fd >= long(First) && Fd != Dir &&
          Fd <= INT_MAX)
        close(int(Fd));
      Off += RecLen;
    }
  }
  close(Dir);
}

struct Job {
  void (*Fn)(void *);
  void *Arg;
};

void *helperMain(void *P) {
  nameInternalThread("hotpath-files");
  Job *J = static_cast<Job *>(P);
  enterPrivateFiles(/*KeepStreams=*/true); // else: the shared table
  J->Fn(J->Arg);
  return nullptr;
}

} // namespace

bool enterPrivateFiles(bool KeepStreams) {
  if (Table != Shared)
    return true;
  if (unshare(CLONE_FILES | CLONE_FS) != 0)
    return false;
  closeFrom(KeepStreams ? 3 : 0);
  if (!KeepStreams) {
    // Something at 0-2, so that a stray write to a standard stream on this
    // thread goes nowhere rather than into a file of the runtime's.
    int Fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (Fd < 0) {
      int P[2];
      if (pipe2(P, O_CLOEXEC) == 0)
        Fd = P[1];
    }
    while (Fd >= 0 && Fd < 2)
      Fd = dup(Fd);
  }
  Table = KeepStreams ? OwnWithStreams : OwnNoStreams;
  return true;
}

void runWithPrivateFiles(void (*Fn)(void *), void *Arg) {
  if (Table != Shared || !__atomic_load_n(&Enabled, __ATOMIC_RELAXED)) {
    Fn(Arg);
    return;
  }
  Job J{Fn, Arg};
  pthread_t T;
  if (createInternalThread(&T, helperMain, &J) != 0) {
    Fn(Arg); // no thread to be had: here, in the shared table
    return;
  }
  pthread_join(T, nullptr);
}

void setPrivateFilesEnabled(bool E) {
  __atomic_store_n(&Enabled, E, __ATOMIC_RELAXED);
}

bool writeToProgramFd(int Fd, const char *Data, size_t Size) {
  int Dup = -1;
  if (Table == OwnNoStreams) {
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd)
    // The process's pidfd names its main thread, whose table is the
    // program's (pidfd_getfd needs no privilege within one's own process).
    int Pid = int(syscall(SYS_pidfd_open, getpid(), 0));
    if (Pid >= 0) {
      Dup = int(syscall(SYS_pidfd_getfd, Pid, Fd, 0));
      close(Pid);
    }
#endif
    if (Dup < 0)
      return false;
    Fd = Dup;
  }
  bool Ok = true;
  for (size_t Done = 0; Done < Size;) {
    ssize_t N = write(Fd, Data + Done, Size - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Ok = false;
      break;
    }
    Done += size_t(N);
  }
  if (Dup >= 0)
    close(Dup);
  return Ok;
}

} // namespace hotpath::rt
