//===- Snapshots.cpp - The report while the program runs ------------------===//
#include "session/Snapshots.h"
#include "base/Clock.h"
#include "drain/Drain.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/AtomicFile.h"
#include "output/ReportWriter.h"
#include "session/Session.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace hotpath::rt {

namespace {

// Written at session begin (before the drain thread starts) and read by
// the drain thread only.
bool Enabled = false;
uint64_t IntervalNs = 0, LastNs = 0, Number = 0;
const Options *Opts = nullptr;
// Set by the signal handler, cleared by the drain thread.
volatile sig_atomic_t Requested = 0;
int InstalledSignal = 0;
// HOTPATH_SNAPSHOT_TRIGGER: the file's identity and times when last seen
// (all zero: absent).
struct TriggerState {
  uint64_t Ino = 0, MtimeNs = 0, CtimeNs = 0;
  bool operator!=(const TriggerState &O) const {
    return Ino != O.Ino || MtimeNs != O.MtimeNs || CtimeNs != O.CtimeNs;
  }
};
TriggerState LastTrigger;
// Failed writes: the first one is said on stderr, every one is counted and
// reported in meta.warnings (under the drain thread, or at the end after
// it stopped). Constant-initialised: a session may begin from a constructor
// that runs before this file's.
uint64_t Failed = 0;
char FirstFailure[512];

void onSignal(int) { Requested = 1; }

TriggerState triggerNow() {
  TriggerState T;
  struct stat St;
  if (Opts->SnapshotTrigger.empty() ||
      ::stat(expandOutputPath(Opts->SnapshotTrigger).c_str(), &St) != 0)
    return T;
  T.Ino = uint64_t(St.st_ino);
  T.MtimeNs =
      uint64_t(St.st_mtim.tv_sec) * 1000000000u + uint64_t(St.st_mtim.tv_nsec);
  T.CtimeNs =
      uint64_t(St.st_ctim.tv_sec) * 1000000000u + uint64_t(St.st_ctim.tv_nsec);
  return T;
}

void addFailureWarning(std::vector<std::string> &Warnings) {
  if (Failed)
    Warnings.push_back(std::string(FirstFailure) + " (" +
                       std::to_string(Failed) + " of " +
                       std::to_string(Number) + " snapshots not written)");
}

void write(const Snapshot &S) {
  std::string Path = expandOutputPath(Opts->SnapshotPath), Error;
  ++Number;
  try {
    report::Report R = buildReport(S, *Opts);
    R.M.Snapshot = Number;
    addFailureWarning(R.M.Warnings);
    if (writeOutputFile(Path, report::writeJson(R, false), Error))
      return;
  } catch (const std::exception &E) {
    Error = E.what();
  }
  if (!Failed++) {
    std::string First = "cannot write the snapshot to " + Path + ": " + Error;
    snprintf(FirstFailure, sizeof FirstFailure, "%s", First.c_str());
    say(First + "; later failures are only counted, in the report's "
                "meta.warnings");
  }
}

// The drain thread, after each sweep.
void afterSweep() {
  if (!__atomic_load_n(&Enabled, __ATOMIC_ACQUIRE))
    return;
  uint64_t Now = monoRawNs();
  bool Due = (IntervalNs && Now - LastNs >= IntervalNs) || Requested;
  if (!Opts->SnapshotTrigger.empty()) {
    TriggerState T = triggerNow();
    if (T != LastTrigger && T.Ino)
      Due = true;
    LastTrigger = T;
  }
  if (!Due)
    return;
  Requested = 0;
  LastNs = Now;
  write(liveSnapshot());
}

} // namespace

void snapshotsBegin(const Options &O, bool UnderValgrind,
                    std::vector<std::string> &Warnings) {
  Opts = &O;
  Number = Failed = 0;
  FirstFailure[0] = 0;
  Enabled = false;
  if (!O.SnapshotIntervalMs && !O.SnapshotSignal && O.SnapshotTrigger.empty())
    return;
  if (UnderValgrind) {
    Warnings.push_back("HOTPATH_SNAPSHOT_* is ignored under Valgrind (no "
                       "drain thread runs there to write them)");
    return;
  }
  IntervalNs = uint64_t(O.SnapshotIntervalMs) * 1000000u;
  LastNs = monoRawNs();
  LastTrigger = triggerNow(); // a file already there asks for nothing
  if (O.SnapshotSignal && O.SnapshotSignal != InstalledSignal) {
    // Only where the program left the default: its own handler (or its
    // choice to ignore the signal) stays as it is.
    struct sigaction Old;
    if (sigaction(O.SnapshotSignal, nullptr, &Old) == 0 &&
        !(Old.sa_flags & SA_SIGINFO) && Old.sa_handler == SIG_DFL) {
      struct sigaction A;
      std::memset(&A, 0, sizeof A);
      A.sa_handler = onSignal;
      // Restarts reads and writes; nanosleep, poll, select, epoll_wait
      // still return EINTR (docs/timeline.md says so).
      A.sa_flags = SA_RESTART;
      sigemptyset(&A.sa_mask);
      if (sigaction(O.SnapshotSignal, &A, nullptr) == 0)
        InstalledSignal = O.SnapshotSignal;
    } else {
      Warnings.push_back("HOTPATH_SNAPSHOT_SIGNAL: the program handles or "
                         "ignores signal " +
                         std::to_string(O.SnapshotSignal) +
                         " itself; no snapshot on it");
    }
  }
  setAfterSweepHook(afterSweep);
  __atomic_store_n(&Enabled, true, __ATOMIC_RELEASE);
}

void snapshotsEnd(Snapshot &Final) {
  if (!__atomic_load_n(&Enabled, __ATOMIC_ACQUIRE))
    return;
  write(Final);
  addFailureWarning(Final.Warnings); // the report counts the last one too
  __atomic_store_n(&Enabled, false, __ATOMIC_RELEASE);
}

void snapshotsAfterForkInChild() {
  if (Opts && Opts->SnapshotPath.find("%p") == std::string::npos)
    __atomic_store_n(&Enabled, false, __ATOMIC_RELEASE);
}

} // namespace hotpath::rt
