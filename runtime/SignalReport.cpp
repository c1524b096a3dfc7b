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
//===----------------------------------------------------------------------===//
#include "SignalReport.h"

#include "Session.h"
#include "Valgrind.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

constexpr int Signals[] = {SIGINT, SIGTERM};
constexpr int WaitMs = 2000;

int ReqPipe[2] = {-1, -1};  // handler -> reporter
int DonePipe[2] = {-1, -1}; // reporter -> handler
bool Installed[2];          // ours was installed for Signals[i]
bool Started;

void *reporter(void *) {
  sigset_t All;
  sigfillset(&All);
  pthread_sigmask(SIG_BLOCK, &All, nullptr); // the signals go to the program
  for (;;) {
    char C;
    ssize_t N = read(ReqPipe[0], &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return nullptr;
    sessionEnd(); // idempotent: a second signal finds it done
    (void)!write(DonePipe[1], &C, 1);
  }
}

void handler(int Sig) {
  int SavedErrno = errno;
  char C = 1;
  if (write(ReqPipe[1], &C, 1) == 1) {
    struct pollfd P = {DonePipe[0], POLLIN, 0};
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

bool startReporter() {
  if (pipe2(ReqPipe, O_CLOEXEC) != 0)
    return false;
  if (pipe2(DonePipe, O_CLOEXEC) != 0)
    return false;
  pthread_t T;
  if (pthread_create(&T, nullptr, reporter, nullptr) != 0)
    return false;
  pthread_detach(T);
  return true;
}

// The child has no reporter thread and shares the parent's pipes: give it
// its own, if it has our handler at all.
void atforkChild() {
  if (!Installed[0] && !Installed[1])
    return;
  for (int *P : {ReqPipe, DonePipe})
    for (int I = 0; I < 2; ++I)
      if (P[I] >= 0)
        close(P[I]);
  if (!startReporter())
    for (int I = 0; I < 2; ++I)
      if (Installed[I])
        signal(Signals[I], SIG_DFL);
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

} // namespace hotpath::rt
