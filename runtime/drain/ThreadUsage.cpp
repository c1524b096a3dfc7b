//===- ThreadUsage.cpp - A thread's CPU time and context switches ---------===//
#include "drain/ThreadUsage.h"
#include "core/ThreadState.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <map>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hotpath::rt {

namespace {

// /proc/self/task/TID/FILE into Buf (NUL-terminated); false if unreadable.
bool readTaskFile(uint64_t Tid, const char *File, char *Buf, size_t Size) {
  char Path[80];
  snprintf(Path, sizeof Path, "/proc/self/task/%llu/%s",
           (unsigned long long)Tid, File);
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  ssize_t N = read(Fd, Buf, Size - 1);
  close(Fd);
  if (N <= 0)
    return false;
  Buf[N] = 0;
  return true;
}

// The number after "Key:" in a status file, or false.
bool statusField(const char *Text, const char *Key, uint64_t &Out) {
  const char *P = strstr(Text, Key);
  if (!P)
    return false;
  Out = strtoull(P + strlen(Key), nullptr, 10);
  return true;
}

struct Usage {
  uint64_t CpuNs = 0, Voluntary = 0, Involuntary = 0;
};

// A running thread's figures from /proc; false if unreadable.
bool readLive(uint64_t Tid, Usage &U) {
  char Buf[2048];
  // schedstat: "<ns on CPU> <ns waiting to run> <timeslices>".
  if (!readTaskFile(Tid, "schedstat", Buf, sizeof Buf))
    return false;
  U.CpuNs = strtoull(Buf, nullptr, 10);
  if (!readTaskFile(Tid, "status", Buf, sizeof Buf))
    return false;
  return statusField(Buf, "\nvoluntary_ctxt_switches:", U.Voluntary) &&
         statusField(Buf, "\nnonvoluntary_ctxt_switches:", U.Involuntary);
}

// By tid, the figures at session begin of the thread that began it (read
// under the session lock; by the drain after).
std::map<uint64_t, Usage> *Baseline;

} // namespace

void captureThreadBaseline() {
  // The thread that begins the session, read without opening a file
  // (session begin runs on the program's thread, in its descriptor table).
  if (!Baseline)
    Baseline = new std::map<uint64_t, Usage>();
  Baseline->clear();
  timespec Cpu;
  rusage R;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Cpu) != 0 ||
      getrusage(RUSAGE_THREAD, &R) != 0)
    return;
  (*Baseline)[uint64_t(syscall(SYS_gettid))] = {
      uint64_t(Cpu.tv_sec) * 1000000000u + uint64_t(Cpu.tv_nsec),
      uint64_t(R.ru_nvcsw), uint64_t(R.ru_nivcsw)};
}

void readThreadUsage(const ThreadState *T, bool Exited, ThreadInfo &I) {
  Usage U;
  if (Exited) {
    if (!T->ExitUsage)
      return;
    U = {T->ExitCpuNs, T->ExitVoluntary, T->ExitInvoluntary};
  } else if (!readLive(T->Tid, U)) {
    return;
  }
  Usage B;
  if (Baseline) {
    auto It = Baseline->find(T->Tid);
    if (It != Baseline->end())
      B = It->second;
  }
  auto Less = [](uint64_t X, uint64_t Y) { return X > Y ? X - Y : 0; };
  I.Usage = true;
  I.CpuNs = Less(U.CpuNs, B.CpuNs);
  I.Voluntary = Less(U.Voluntary, B.Voluntary);
  I.Involuntary = Less(U.Involuntary, B.Involuntary);
}

uint64_t peakRssBytes() {
  rusage U;
  if (getrusage(RUSAGE_SELF, &U) != 0)
    return 0;
  return uint64_t(U.ru_maxrss) * 1024; // Linux gives KiB
}

} // namespace hotpath::rt
