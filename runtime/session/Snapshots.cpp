//===- Snapshots.cpp - The report while the program runs ------------------===//
#include "session/Snapshots.h"
#include "base/Clock.h"
#include "drain/Drain.h"
#include "hotpath/report/AtomicFile.h"
#include "hotpath/report/ReportJson.h"
#include "output/ReportWriter.h"
#include "session/Session.h"

#include <csignal>
#include <cstring>

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

void onSignal(int) { Requested = 1; }

void write(const Snapshot &S) {
  try {
    report::Report R = buildReport(S, *Opts);
    R.M.Snapshot = ++Number;
    std::string Path = expandOutputPath(Opts->SnapshotPath), Error;
    if (!report::writeFileAtomically(Path, report::writeJson(R, false), Error))
      say("cannot write the snapshot to " + Path + ": " + Error);
  } catch (const std::exception &E) {
    say(std::string("cannot write a snapshot: ") + E.what());
  }
}

// The drain thread, after each sweep.
void afterSweep() {
  if (!__atomic_load_n(&Enabled, __ATOMIC_ACQUIRE))
    return;
  uint64_t Now = monoRawNs();
  bool Due = (IntervalNs && Now - LastNs >= IntervalNs) || Requested;
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
  Number = 0;
  Enabled = false;
  if (!O.SnapshotIntervalMs && !O.SnapshotSignal)
    return;
  if (UnderValgrind) {
    Warnings.push_back("HOTPATH_SNAPSHOT_* is ignored under Valgrind (no "
                       "drain thread runs there to write them)");
    return;
  }
  IntervalNs = uint64_t(O.SnapshotIntervalMs) * 1000000u;
  LastNs = monoRawNs();
  if (O.SnapshotSignal && O.SnapshotSignal != InstalledSignal) {
    // Only where the program left the default: its own handler (or its
    // choice to ignore the signal) stays as it is.
    struct sigaction Old;
    if (sigaction(O.SnapshotSignal, nullptr, &Old) == 0 &&
        !(Old.sa_flags & SA_SIGINFO) && Old.sa_handler == SIG_DFL) {
      struct sigaction A;
      std::memset(&A, 0, sizeof A);
      A.sa_handler = onSignal;
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

void snapshotsEnd(const Snapshot &Final) {
  if (!__atomic_load_n(&Enabled, __ATOMIC_ACQUIRE))
    return;
  write(Final);
  __atomic_store_n(&Enabled, false, __ATOMIC_RELEASE);
}

void snapshotsAfterForkInChild() {
  if (Opts && Opts->SnapshotPath.find("%p") == std::string::npos)
    __atomic_store_n(&Enabled, false, __ATOMIC_RELEASE);
}

} // namespace hotpath::rt
