//===- ThreadUsage.cpp - A thread's CPU time and context switches ---------===//
#include "drain/ThreadUsage.h"
#include "core/ThreadState.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
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

} // namespace

void readThreadUsage(const ThreadState *T, bool Exited, ThreadInfo &I) {
  if (Exited) {
    I.Usage = T->ExitUsage;
    I.CpuNs = T->ExitCpuNs;
    I.Voluntary = T->ExitVoluntary;
    I.Involuntary = T->ExitInvoluntary;
    return;
  }
  char Buf[2048];
  // schedstat: "<ns on CPU> <ns waiting to run> <timeslices>".
  if (!readTaskFile(T->Tid, "schedstat", Buf, sizeof Buf))
    return;
  I.CpuNs = strtoull(Buf, nullptr, 10);
  if (!readTaskFile(T->Tid, "status", Buf, sizeof Buf))
    return;
  I.Usage = statusField(Buf, "\nvoluntary_ctxt_switches:", I.Voluntary) &&
            statusField(Buf, "\nnonvoluntary_ctxt_switches:", I.Involuntary);
}

uint64_t peakRssBytes() {
  rusage U;
  if (getrusage(RUSAGE_SELF, &U) != 0)
    return 0;
  return uint64_t(U.ru_maxrss) * 1024; // Linux gives KiB
}

} // namespace hotpath::rt
