//===- ReportWriter.cpp - Snapshot -> report model -> table or JSON -------===//
#include "output/ReportWriter.h"
#include "base/PrivateFiles.h"
#include "base/ReportSections.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportTable.h"
#include "hotpath/report/Rounding.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"
#include "hotpath/support/AtomicFile.h"
#include "output/CallTreeReport.h"
#include "output/CpuAttribution.h"
#include "output/CpuSamplesReport.h"
#include "output/LocksReport.h"
#include "output/Meta.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::rt {

using report::percentOf;
using report::roundDiv;

namespace {

// The cost of measuring out of a row: its calls' share of what the tree
// took out of their paths, or without paths the inner part of each call's
// hooks; per call as an even shift of every figure, so that min <= avg
// <= percentiles <= max still hold.
// Returns the shift (ns per call).
uint64_t compensateRow(report::FunctionRow &R, const Snapshot &S,
                       const PathTimes &PT, size_t Id) {
  long double Cost = PT.present() && Id < PT.Overhead.size()
                         ? (long double)PT.Overhead[Id]
                         : (long double)R.Calls * S.CallCost.InnerNs;
  // A function with a timed call took some time: never a total of 0.
  uint64_t Keep = R.Total ? 1 : 0;
  uint64_t Total = uint64_t(
      std::min<long double>(Cost + 0.5L, (long double)(R.Total - Keep)));
  R.Total -= Total;
  uint64_t Shift = uint64_t(Cost / (long double)R.Calls + 0.5L);
  auto Less = [&](uint64_t V) { return V > Shift ? V - Shift : 0; };
  R.Avg = Less(R.Avg);
  R.Min = Less(R.Min);
  R.Max = Less(R.Max);
  for (uint64_t &P : R.Percentiles)
    P = Less(P);
  return Shift;
}

// Timed calls at most each bound long, after the shift compensation took
// off every call (a compensated value V - Shift <= B when V <= B + Shift).
std::vector<uint64_t> durationBuckets(const Histogram &H, uint64_t Shift) {
  std::vector<uint64_t> Out;
  for (uint64_t B : report::DurationBucketBoundsNs)
    Out.push_back(H.countAtMost(B + Shift));
  Out.push_back(H.count());
  return Out;
}

// What measuring added to the session's length (ns): the timed calls at
// CallCost.TimedNs, the calls counted in the hooks at UntimedNs (the
// default mode's go through the wrappers' gate, about a nanosecond: not
// counted). Threads run side by side: the session grew by about the share
// of the thread with the most calls. Never more than 90% of the session.
uint64_t measuringNs(const Snapshot &S, bool Adaptive) {
  if (!S.CallCost.Measured)
    return 0;
  long double Ns = 0;
  for (const FunctionTiming &T : S.Timing)
    Ns += (long double)T.Timed * S.CallCost.TimedNs +
          (Adaptive ? 0 : (long double)(T.Calls - T.Timed)) *
              S.CallCost.UntimedNs;
  uint64_t Most = 0, All = 0;
  for (const ThreadInfo &T : S.Threads) {
    Most = std::max(Most, T.Events);
    All += T.Events;
  }
  if (All)
    Ns = Ns * Most / All;
  return uint64_t(std::min<long double>(Ns, 0.9L * S.ElapsedNs));
}

// PT: the call paths' figures, when the session kept paths: each row's
// self time, and its share of the time on a stack (never above 100%).
void buildTiming(const Snapshot &S, const Options &O, const PathTimes &PT,
                 report::FunctionsSection &Sec) {
  Sec.Present = true;
  Sec.Percentiles = O.Percentiles;
  // Under Valgrind durations are meaningless and not measured. The default
  // mode times whole functions or none of their calls (core/Adaptive.h):
  // each row says which (time_source), the section has no single rate.
  bool Adaptive = !S.UnderValgrind && O.Mode == MeasureMode::Default;
  double Rate = S.UnderValgrind ? 0.0 : Adaptive ? 1.0 : O.TimeSamplingRate;
  if (!Adaptive)
    Sec.SamplingRate = Rate;
  // The rows' times have the cost of measuring taken out; the session's
  // length that their shares are of has it out too (a program's one
  // top-level function is then near 100%, not at its share of a session
  // that measuring made longer).
  uint64_t Measuring = Rate > 0 ? measuringNs(S, Adaptive) : 0;
  Sec.Total = S.ElapsedNs - Measuring;
  if (Rate > 0)
    Sec.BucketBoundsNs.assign(std::begin(report::DurationBucketBoundsNs),
                              std::end(report::DurationBucketBoundsNs));
  Sec.Exclusive = O.TimeExclusive;
  Sec.Description = O.TimeExclusive
                        ? "Exclusive (self) time of functions: measured "
                          "callees are subtracted."
                        : "Execution duration of functions (inclusive).";
  if (S.UnderValgrind)
    Sec.Description += " Not measured under Valgrind: calls only.";
  else if (Adaptive)
    Sec.Description +=
        " Every call counted; wall time of the functions whose calls are "
        "long enough to time at a small cost (time_source measured), CPU "
        "time of the others from CPU samples.";
  else if (Rate == 0)
    Sec.Description += " Not measured (count mode): calls only.";
  if (S.CallCost.Measured) {
    Sec.Compensated = true;
    Sec.Description += compensationNote(S);
    if (Measuring * 100 >= S.ElapsedNs) // 1% or more: say so
      Sec.Description += " % Total is of the session less it: " +
                         report::formatDuration(Sec.Total) + " of " +
                         report::formatDuration(S.ElapsedNs) + ".";
  }

  // The default mode's table has a time for every function: its CPU and
  // self CPU from the samples, its share of the program's CPU, and the
  // rows by CPU, as `hotpath report` shows them from the JSON report.
  CpuByFunction Cpu = Adaptive ? attributeCpu(S) : CpuByFunction{};
  for (size_t Id = 1; Id < S.Timing.size() && Id < S.Functions.size(); ++Id) {
    const FunctionTiming &T = S.Timing[Id];
    if (!T.Calls)
      continue;
    const FunctionInfo &F = S.Functions[Id];
    report::FunctionRow R;
    R.Name = rowName(F);
    R.File = F.File;
    R.Line = F.Line;
    R.Calls = T.Calls;
    // The default mode: only a function whose every call was timed has a
    // wall time; a counted one's probed calls are never extrapolated.
    bool HasTime = Rate > 0 && T.Timed > 0 && (!Adaptive || T.Timed == T.Calls);
    R.TimeSource = !HasTime             ? "samples"
                   : T.Timed == T.Calls ? "measured"
                                        : "estimated";
    if (HasTime) {
      // Calls past the shadow stack's depth are counted, not timed: the
      // sum is scaled to every call.
      R.Total = T.Timed == T.Calls
                    ? T.TotalNs
                    : roundDiv((long double)T.TotalNs * T.Calls, T.Timed);
      R.Min = T.MinNs == UINT64_MAX ? 0 : T.MinNs;
      R.Max = T.MaxNs;
      // The sum and the extremes are converted from ticks separately, each
      // rounded to ns: the average can come out one nanosecond outside
      // them (never more), which is rounding, not data.
      R.Avg = roundDiv(T.TotalNs, T.Timed);
      if (R.Avg + 1 == R.Min)
        R.Avg = R.Min;
      else if (R.Avg == R.Max + 1)
        R.Avg = R.Max;
      for (double P : Sec.Percentiles)
        R.Percentiles.push_back(T.Hist.percentile(P));
      uint64_t Shift = S.CallCost.Measured ? compensateRow(R, S, PT, Id) : 0;
      R.Buckets = durationBuckets(T.Hist, Shift);
      R.PercentTotal = percentOf(R.Total, Sec.Total);
      if (PT.present()) {
        R.Self = PT.Self[Id];
        R.OnStack = PT.OnStack[Id];
        // Not every call timed: the total the tree estimates
        // (CallTreeReport.cpp), consistent with the self time.
        // (A function with a timed call took some time: never 0.)
        if (T.Timed < T.Calls && !O.TimeExclusive && Id < PT.Total.size())
          R.Total = std::max<uint64_t>(PT.Total[Id], R.Total ? 1 : 0);
        // The tree's and the row's compensation round apart by a few ns.
        if (S.CallCost.Measured && *R.Self > R.Total)
          R.Total = *R.Self;
        R.PercentTotal =
            percentOf(*R.OnStack, std::max(Sec.Total, PT.Measured));
      }
    } else {
      R.Percentiles.assign(Sec.Percentiles.size(), 0);
    }
    if (S.LocksTracked)
      R.WaitNs = Id < S.WaitNs.size() ? S.WaitNs[Id] : 0;
    if (Cpu.Attributed) {
      R.CpuNs = Cpu.Cpu[Id];
      R.CpuSelfNs = Cpu.Self[Id];
      R.PercentTotal = Cpu.ProgramNs
                           ? 100.0 * double(Cpu.Cpu[Id]) / double(Cpu.ProgramNs)
                           : 0;
    }
    Sec.Data.push_back(std::move(R));
  }
  if (PT.present() && Rate > 0)
    Sec.MeasuredTotal = PT.Measured;
  // The default mode's table has a time for every function: its CPU and
  // self CPU from the samples, its share of the program's CPU, and the
  // rows by CPU (as `hotpath report` shows them from the JSON).
  report::sortRows(Sec.Data, Cpu.Attributed ? report::RowOrder::Cpu
                                            : report::RowOrder::Total);
}

void buildAlloc(const Snapshot &S, const Options &O,
                report::FunctionsSection &Sec) {
  Sec.Present = true;
  Sec.Percentiles = O.Percentiles;
  Sec.Cumulative = O.AllocCumulative;
  Sec.Description =
      O.AllocCumulative
          ? "Bytes allocated per call, cumulative: including measured callees."
          : "Bytes allocated per call, exclusive: by the function itself, not "
            "its measured callees.";
  if (S.AllocPerCallSampled) // only when tracked
    Sec.Description +=
        " Totals, allocations and averages are of every call; min, max and "
        "percentiles of the timed calls (sampling).";
  if (!S.AllocTracked)
    Sec.Description += S.UnderValgrind
                           ? " Not tracked under Valgrind (its tools replace "
                             "or watch malloc): see the native run."
                           : " Allocation tracking was off.";
  for (const FunctionAlloc &A : S.Alloc)
    Sec.Total += A.Bytes;
  for (size_t Id = 1; Id < S.Alloc.size() && Id < S.Functions.size(); ++Id) {
    const FunctionAlloc &A = S.Alloc[Id];
    uint64_t Calls = A.Calls;
    if (!Calls && Id < S.Timing.size())
      Calls = S.Timing[Id].Calls;
    if (!Calls && !A.Bytes && !A.Allocs)
      continue;
    const FunctionInfo &F = S.Functions[Id];
    report::FunctionRow R;
    R.Name = rowName(F);
    R.File = F.File;
    R.Line = F.Line;
    R.Calls = Calls;
    R.Total = A.Bytes;
    R.Avg = Calls ? roundDiv(A.Bytes, Calls) : 0;
    R.Min = A.BytesPerCall.min();
    R.Max = A.BytesPerCall.max();
    for (double P : Sec.Percentiles)
      R.Percentiles.push_back(A.BytesPerCall.percentile(P));
    R.PercentTotal = percentOf(A.Bytes, Sec.Total);
    R.Allocs = A.Allocs;
    R.Freed = A.FreedBytes;
    R.Frees = A.Frees;
    Sec.Data.push_back(std::move(R));
  }
  report::sortRows(Sec.Data);
}

// Calls come from the runtime's counters; the Callgrind reader
// (a later issue) fills in the instruction counts between buildReport and
// emitReport. Until it does, the rows say how often each function ran.
void buildIcountCalls(const Snapshot &S, report::FunctionsSection &Sec) {
  Sec.Present = true;
  Sec.Description =
      "Inclusive instructions executed per function (Callgrind Ir).";
  Sec.Description += S.UnderValgrind
                         ? " No Callgrind counts were read: calls only."
                         : " Not running under Callgrind: calls only.";
  for (size_t Id = 1; Id < S.Timing.size() && Id < S.Functions.size(); ++Id) {
    if (!S.Timing[Id].Calls)
      continue;
    report::FunctionRow R;
    R.Name = rowName(S.Functions[Id]);
    R.File = S.Functions[Id].File;
    R.Line = S.Functions[Id].Line;
    R.Calls = S.Timing[Id].Calls;
    Sec.Data.push_back(std::move(R));
  }
  report::sortRows(Sec.Data);
}

void buildThreads(const Snapshot &S, report::ThreadsSection &T) {
  T.Present = true;
  T.AllocTracked = S.AllocTracked;
  T.Description = S.AllocTracked
                      ? "Threads that ran measured code, with the bytes they "
                        "allocated and freed (at the blocks' usable size, so "
                        "that they balance)."
                      : "Threads that ran measured code.";
  for (const ThreadInfo &I : S.Threads) {
    report::ThreadRow R;
    R.Tid = I.Tid;
    R.Name = I.Name.empty() ? "thread_" + std::to_string(I.Tid) : I.Name;
    R.Events = I.Events;
    R.AllocBytes = I.AllocBytes;
    R.FreedBytes = I.FreedBytes;
    R.AllocUsableBytes = I.AllocUsableBytes;
    R.Allocs = I.Allocs;
    R.Frees = I.Frees;
    R.Exited = I.Exited;
    if (I.Usage) {
      R.CpuNs = I.CpuNs;
      R.Voluntary = I.Voluntary;
      R.Involuntary = I.Involuntary;
    }
    T.Data.push_back(std::move(R));
  }
  if (S.PeakRssBytes)
    T.PeakRssBytes = S.PeakRssBytes;
  T.ElapsedNs = S.ElapsedNs;
}

} // namespace

void say(const std::string &Line) {
  // Paths and values come from the environment, names from symbols.
  std::string Text = "hotpath: " + report::terminalText(Line) + "\n";
  writeToProgramFd(2, Text.data(), Text.size());
}

namespace {
struct FileWrite {
  const std::string *Path, *Data;
  std::string *Error;
  bool Ok = false;
};
void writeFileHere(void *P) {
  FileWrite *W = static_cast<FileWrite *>(P);
  support::WriteFileOptions O;
  O.RefuseSpecialFiles = true;
  W->Ok = support::writeFileAtomically(*W->Path, *W->Data, *W->Error, O);
}
} // namespace

bool writeOutputFile(const std::string &Path, const std::string &Data,
                     std::string &Error) {
  if (int Fd = support::standardStreamOf(Path); Fd >= 0) {
    if (writeToProgramFd(Fd, Data.data(), Data.size()))
      return true;
    Error = errno ? std::strerror(errno) : "not open";
    return false;
  }
  FileWrite W{&Path, &Data, &Error};
  runWithPrivateFiles(writeFileHere, &W);
  return W.Ok;
}

std::string expandOutputPath(const std::string &Path) {
  std::string Out;
  for (size_t I = 0; I < Path.size(); ++I) {
    if (Path[I] == '%' && I + 1 < Path.size()) {
      if (Path[I + 1] == 'p') {
        Out += std::to_string(::getpid());
        ++I;
        continue;
      }
      if (Path[I + 1] == '%') {
        Out += '%';
        ++I;
        continue;
      }
    }
    Out += Path[I];
  }
  return Out;
}

namespace {
// Whether the report's destination is the file that stdout (1) or stderr
// (2) writes: stderr when there is no path, else the standard stream open on
// the same file as the path (/dev/stdout, a tty, the same regular file).
bool sameFileAs(int Fd, const std::string &Path) {
  struct stat Target, St;
  int Found =
      Path.empty() ? ::fstat(2, &Target) : ::stat(Path.c_str(), &Target);
  return Found == 0 && ::fstat(Fd, &St) == 0 && St.st_dev == Target.st_dev &&
         St.st_ino == Target.st_ino;
}

// The width of the terminal the table goes to, or 0.
size_t terminalColumns(const std::string &OutputPath) {
  for (int Fd : {1, 2}) {
    struct winsize W;
    if (sameFileAs(Fd, OutputPath) && ::isatty(Fd) &&
        ::ioctl(Fd, TIOCGWINSZ, &W) == 0 && W.ws_col)
      return W.ws_col;
  }
  return 0;
}

// The report comes after what the program printed: when it goes to the file
// that stdout or stderr writes, the program's buffered output to it is
// flushed first. Only if the stream is free: a signal's report may come
// while the program holds its lock.
void flushStreamsWriting(const std::string &Path) {
  const std::pair<int, FILE *> Streams[] = {{1, stdout}, {2, stderr}};
  for (auto [Fd, Stream] : Streams)
    if (sameFileAs(Fd, Path) && ftrylockfile(Stream) == 0) {
      fflush_unlocked(Stream);
      funlockfile(Stream);
    }
}

} // namespace

report::Report buildReport(const Snapshot &S, const Options &Opts) {
  report::Report R;
  R.M = collectMeta(S, Opts);
  // The section is there whenever tracking was on, so that two runs'
  // reports have the same sections (hotpath diff); the table renderer
  // leaves out the rows, and then the table, of functions that allocated
  // nothing (ReportTable.cpp).
  SectionSet Sec =
      resolveSections(Opts.ReportSpec, S.UnderValgrind, S.AllocTracked);
  // The tree first: it gives the timing rows their self time and share.
  report::CallTree Tree;
  // The default mode's frames are those of its timed calls alone: their
  // paths skip the counted callers between them, so they make no tree
  // (the tool builds it from the CPU samples).
  PathTimes PT = Opts.Mode == MeasureMode::Default && !S.UnderValgrind
                     ? PathTimes{}
                     : buildCallTree(S, Tree);
  if (Sec.Tree)
    R.Tree = std::move(Tree);
  if (Sec.Timing)
    buildTiming(S, Opts, PT, R.Timing);
  if (Sec.Alloc)
    buildAlloc(S, Opts, R.Alloc);
  if (Sec.Icount)
    buildIcountCalls(S, R.Icount);
  if (Sec.Threads)
    buildThreads(S, R.Threads);
  buildCpuSamples(S, R.Cpu);
  buildLocks(S, R.Locks);
  return R;
}

void emitReport(const report::Report &R, const Options &Opts) {
  try {
    std::string Text;
    switch (Opts.Format) {
    case OutputFormat::None:
      return;
    case OutputFormat::Table: {
      report::TableOptions T;
      T.Limit = Opts.FunctionsLimit;
      T.Focus = Opts.Focus;
      T.Location = Opts.Location;
      if (Opts.NameWidthSet)
        T.NameWidth = Opts.NameWidth;
      else if (size_t Cols = terminalColumns(Opts.OutputPath))
        T.TerminalColumns = Cols;
      else
        T.NameWidth = report::DefaultNameWidth;
      Text = report::renderTable(R, T);
      break;
    }
    case OutputFormat::Json:
    case OutputFormat::JsonPretty:
      Text = report::writeJson(R, Opts.Format == OutputFormat::JsonPretty);
      break;
    }
    if (Opts.OutputPath.empty()) {
      flushStreamsWriting("");
      writeToProgramFd(2, Text.data(), Text.size());
      return;
    }
    std::string Path = expandOutputPath(Opts.OutputPath);
    flushStreamsWriting(Path);
    std::string Error;
    if (!writeOutputFile(Path, Text, Error))
      say("cannot write the report to " + Path + ": " + Error);
  } catch (const std::exception &E) {
    say(std::string("cannot write the report: ") + E.what());
  } catch (...) {
    say("cannot write the report");
  }
}

void writeReport(const Snapshot &S, const Options &Opts) {
  try {
    emitReport(buildReport(S, Opts), Opts);
  } catch (const std::exception &E) {
    say(std::string("cannot build the report: ") + E.what());
  } catch (...) {
    say("cannot build the report");
  }
}

} // namespace hotpath::rt
