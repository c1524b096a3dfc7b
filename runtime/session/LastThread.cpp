//===- LastThread.cpp - Whether the program's last thread is gone ---------===//
#include "session/LastThread.h"

#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace hotpath::rt {

bool onlyRuntimeThreadsLeft(long RuntimeThreads, int &ExitCode) {
  char Buf[1024];
  int Fd = ::open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  ssize_t N = ::read(Fd, Buf, sizeof Buf - 1);
  ::close(Fd);
  if (N <= 0)
    return false;
  Buf[N] = 0;
  const char *P = strrchr(Buf, ')'); // the name may hold spaces and ')'
  if (!P || P[1] != ' ' || (P[2] != 'Z' && P[2] != 'X'))
    return false;
  long Fields[50]; // Fields[I] is field I + 3 (the state's is not a number)
  const char *F = P + 2;
  for (int I = 0; I < 50; ++I) {
    Fields[I] = I ? strtol(F, nullptr, 10) : 0;
    if (!(F = strchr(F, ' ')) && I < 49)
      return false; // a kernel without field 52
    ++F;
  }
  long Tasks = Fields[17];
  ExitCode = int((Fields[49] >> 8) & 0xff);
  return Tasks >= 1 && Tasks <= 1 + RuntimeThreads;
}

} // namespace hotpath::rt
