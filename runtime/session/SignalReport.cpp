//===- SignalReport.cpp - Report of a program stopped by SIGINT/SIGTERM ---===//
//
// A program stopped by Ctrl-C or `kill` still writes its report. At the
// first session's begin, SIGINT and SIGTERM whose disposition is the
// default get a handler; a handler the program already has, or an inherited
// SIG_IGN, is never replaced, and a handler the program installs later
// simply replaces ours (we never chain nor reinstall). Ending a session is
// not async-signal-safe (locks, malloc, files), so the handler only hands
// the work to a thread waiting on a pipe, waits for its answer on another
// pipe for at most 2 s (write and poll are async-signal-safe), then restores
// the default disposition and raises the signal again: the process dies of
// it, and its exit status is what it would have been without hotpath. The
// bound covers a signal that interrupts the runtime while it holds a lock
// the report needs: then there is no report, but no hang either.
//
// Not under Valgrind (an extra thread would appear in Callgrind's
// per-thread dumps): there the default disposition stays.
//
// The pipes are descriptors the runtime owns (InternalThread.h): high
// numbers, checked to be still ours before every read, write and close. A
// program that closed them gets no report on a signal, and nothing of its
// own is touched. When main leaves through pthread_exit the reporter stops
// (stopSignalReport) so that the process can end with its last thread; the
// signals then get their default disposition back, where ours is still
// installed.
//
//===----------------------------------------------------------------------===//
#include "session/SignalReport.h"

#include "base/InternalThread.h"
#include "session/Session.h"
#include "valgrind/Valgrind.h"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

constexpr int Signals[] = {SIGINT, SIGTERM};
constexpr int WaitMs = 2000;

OwnedFd ReqRead, ReqWrite;   // handler -> reporter
OwnedFd DoneRead, DoneWrite; // reporter -> handler
bool Installed[2];           // ours was installed for Signals[i]
bool Started;
pthread_t Reporter;
bool ReporterRunning;
constexpr char QuitByte = 0, ReportByte = 1;

void *reporter(void *) {
  // The runtime's threads are named hotpath-*: CPU sampling leaves them out.
  nameInternalThread("hotpath-signal");
  for (;;) {
    char C;
    if (!ReqRead.stillOurs())
      return nullptr; // the program closed it: no more reports on signals
    ssize_t N = read(ReqRead.Fd, &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0 || C == QuitByte)
      return nullptr;
    sessionEnd(); // idempotent: a second signal finds it done
    if (DoneWrite.stillOurs())
      (void)!write(DoneWrite.Fd, &C, 1);
  }
}

void handler(int Sig) {
  int SavedErrno = errno;
  char C = ReportByte;
  if (ReqWrite.stillOurs() && DoneRead.stillOurs() &&
      write(ReqWrite.Fd, &C, 1) == 1) {
    struct pollfd P = {DoneRead.Fd, POLLIN, 0};
    while (poll(&P, 1, WaitMs) < 0 && errno == EINTR) {
    }
  }
  struct sigaction Dfl = {};
  Dfl.sa_handler = SIG_DFL;
  sigemptyset(&Dfl.sa_mask);
  sigaction(Sig, &Dfl, nullptr);
  // Blocked while this handler runs: delivered, with the default action,
  // as soon as it returns.
  raise(Sig);
  errno = SavedErrno;
}

void closePipes() {
  for (OwnedFd *F : {&ReqRead, &ReqWrite, &DoneRead, &DoneWrite})
    F->release();
}

bool startReporter() {
  if (!makeOwnedPipe(ReqRead, ReqWrite))
    return false;
  if (!makeOwnedPipe(DoneRead, DoneWrite) ||
      createInternalThread(&Reporter, reporter, nullptr) != 0) {
    closePipes();
    return false;
  }
  ReporterRunning = true;
  return true;
}

// Our handlers back to the default, where they are still installed.
void uninstallHandlers() {
  for (int I = 0; I < 2; ++I) {
    struct sigaction Cur;
    if (Installed[I] && sigaction(Signals[I], nullptr, &Cur) == 0 &&
        !(Cur.sa_flags & SA_SIGINFO) && Cur.sa_handler == handler)
      signal(Signals[I], SIG_DFL);
    Installed[I] = false;
  }
}

// The child has no reporter thread and shares the parent's pipes: give it
// its own, if it has our handler at all. Only descriptors that are still
// ours are closed: the program may have reused their numbers.
void atforkChild() {
  ReporterRunning = false;
  if (!Installed[0] && !Installed[1])
    return;
  closePipes();
  if (sessionThreadsStopped() || !startReporter())
    uninstallHandlers();
}

} // namespace

void installSignalReport() {
  // Called under the session lock, at every begin: only the first acts.
  if (Started || underValgrind())
    return;
  Started = true;
  bool Any = false;
  for (int I = 0; I < 2; ++I) {
    struct sigaction Old;
    if (sigaction(Signals[I], nullptr, &Old) == 0 &&
        !(Old.sa_flags & SA_SIGINFO) && Old.sa_handler == SIG_DFL)
      Installed[I] = Any = true;
  }
  if (!Any || !startReporter()) {
    Installed[0] = Installed[1] = false;
    return;
  }
  for (int I = 0; I < 2; ++I) {
    if (!Installed[I])
      continue;
    struct sigaction Act = {};
    Act.sa_handler = handler;
    sigemptyset(&Act.sa_mask);
    Act.sa_flags = SA_RESTART;
    sigaction(Signals[I], &Act, nullptr);
  }
  pthread_atfork(nullptr, nullptr, atforkChild);
}

bool signalReportRunning() {
  return __atomic_load_n(&ReporterRunning, __ATOMIC_RELAXED);
}

void stopSignalReport() {
  uninstallHandlers();
  if (!ReporterRunning)
    return;
  ReporterRunning = false;
  char C = QuitByte;
  if (ReqWrite.stillOurs() && write(ReqWrite.Fd, &C, 1) == 1)
    pthread_join(Reporter, nullptr);
  else
    pthread_detach(Reporter); // it ends at its next read
  closePipes();
}

} // namespace hotpath::rt
