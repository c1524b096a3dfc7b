//===- Prometheus.cpp - A report as Prometheus metrics --------------------===//
#include "hotpath/views/Prometheus.h"
#include "hotpath/report/Locks.h"

#include <map>
#include <vector>

namespace hotpath::views {

namespace {

using report::FunctionRow;
using report::FunctionsSection;

// One metric family: its series in order of first appearance, those with
// the same labels added up (two rows can share a name, file and line when
// reports of one program are merged).
struct Family {
  Family(std::string N, std::string H, std::string T)
      : Name(std::move(N)), Help(std::move(H)), Type(std::move(T)) {}
  std::string Name, Help, Type;
  std::vector<std::string> Labels; // "{...}" of each series
  std::vector<std::vector<uint64_t>> Values;
  std::map<std::string, size_t> Index;

  std::vector<uint64_t> &series(const std::string &L, size_t N) {
    auto [It, New] = Index.emplace(L, Labels.size());
    if (New) {
      Labels.push_back(L);
      Values.emplace_back(N, 0);
    }
    return Values[It->second];
  }
  void add(const std::string &L, uint64_t V) { series(L, 1)[0] += V; }
};

std::string escapeHelp(const std::string &V) {
  std::string Out;
  for (char C : V)
    Out += C == '\\' ? "\\\\" : C == '\n' ? "\\n" : std::string(1, C);
  return Out;
}

// {k="v",...}
std::string
labels(std::initializer_list<std::pair<const char *, std::string>> KVs) {
  std::string Out = "{";
  for (const auto &[K, V] : KVs) {
    if (Out.size() > 1)
      Out += ',';
    Out += K;
    Out += "=\"" + escapeLabelValue(V) + "\"";
  }
  return Out + "}";
}

std::string functionLabels(const FunctionRow &R) {
  return labels({{"function", R.Name},
                 {"file", R.File},
                 {"line", std::to_string(R.Line)}});
}

void header(std::string &Out, const Family &F) {
  Out += "# HELP " + F.Name + " " + escapeHelp(F.Help) + "\n";
  Out += "# TYPE " + F.Name + " " + F.Type + "\n";
}

// Counters and gauges of integer base units; Seconds: ns shown as seconds.
void emitScalar(std::string &Out, const Family &F, bool Seconds) {
  if (F.Labels.empty())
    return;
  header(Out, F);
  for (size_t I = 0; I < F.Labels.size(); ++I)
    Out += F.Name + (F.Labels[I] == "{}" ? "" : F.Labels[I]) + " " +
           (Seconds ? secondsText(F.Values[I][0])
                    : std::to_string(F.Values[I][0])) +
           "\n";
}

// A histogram family: each series holds the cumulative bucket counts, the
// count of all, then the sum (ns).
void emitHistogram(std::string &Out, const Family &F,
                   const std::vector<uint64_t> &Bounds) {
  if (F.Labels.empty())
    return;
  header(Out, F);
  for (size_t I = 0; I < F.Labels.size(); ++I) {
    const std::vector<uint64_t> &V = F.Values[I];
    std::string Inner = F.Labels[I].substr(1, F.Labels[I].size() - 2);
    std::string Sep = Inner.empty() ? "" : ",";
    for (size_t B = 0; B <= Bounds.size(); ++B)
      Out += F.Name + "_bucket{" + Inner + Sep + "le=\"" +
             (B < Bounds.size() ? secondsText(Bounds[B]) : "+Inf") + "\"} " +
             std::to_string(V[B]) + "\n";
    Out += F.Name + "_sum" + F.Labels[I] + " " +
           secondsText(V[Bounds.size() + 1]) + "\n";
    Out += F.Name + "_count" + F.Labels[I] + " " +
           std::to_string(V[Bounds.size()]) + "\n";
  }
}

// The sum of a row's timed calls (its total is extrapolated to all calls).
uint64_t timedSum(const FunctionRow &R, uint64_t Timed) {
  if (Timed >= R.Calls || R.Calls == 0)
    return R.Total;
  return uint64_t((long double)R.Total * Timed / R.Calls + 0.5L);
}

} // namespace

std::string secondsText(uint64_t Ns) {
  std::string Out = std::to_string(Ns / 1000000000);
  uint64_t Frac = Ns % 1000000000;
  if (Frac) {
    std::string F = std::to_string(Frac);
    F.insert(0, 9 - F.size(), '0');
    while (F.back() == '0')
      F.pop_back();
    Out += "." + F;
  }
  return Out;
}

std::string escapeLabelValue(const std::string &V) {
  std::string Out;
  const auto *P = reinterpret_cast<const unsigned char *>(V.data());
  size_t N = V.size();
  for (size_t I = 0; I < N;) {
    unsigned char C = P[I];
    if (C < 0x80) {
      Out += C == '\\'   ? "\\\\"
             : C == '"'  ? "\\\""
             : C == '\n' ? "\\n"
                         : std::string(1, char(C));
      ++I;
      continue;
    }
    // A well-formed UTF-8 sequence (no overlongs, surrogates or values
    // above U+10FFFF) is kept; anything else becomes U+FFFD.
    size_t Len = C >= 0xC2 && C <= 0xDF   ? 2
                 : C >= 0xE0 && C <= 0xEF ? 3
                 : C >= 0xF0 && C <= 0xF4 ? 4
                                          : 0;
    bool Ok = Len && I + Len <= N;
    for (size_t K = 1; Ok && K < Len; ++K)
      Ok = (P[I + K] & 0xC0) == 0x80;
    if (Ok && Len == 3)
      Ok = !(C == 0xE0 && P[I + 1] < 0xA0) && !(C == 0xED && P[I + 1] >= 0xA0);
    if (Ok && Len == 4)
      Ok = !(C == 0xF0 && P[I + 1] < 0x90) && !(C == 0xF4 && P[I + 1] >= 0x90);
    if (Ok) {
      Out.append(V, I, Len);
      I += Len;
    } else {
      Out += "\xEF\xBF\xBD";
      ++I;
    }
  }
  return Out;
}

namespace {

/// The program, the snapshot and the session's length.
void emitSession(std::string &Out, const report::Report &R) {
  Family Info{"hotpath_info",
              "The profiled program and the hotpath that measured it "
              "(always 1).",
              "gauge"};
  Info.add(labels({{"executable", R.M.Executable.value_or("")},
                   {"pid", std::to_string(R.M.Pid)},
                   {"run", R.M.Run},
                   {"label", R.M.Label.value_or("")},
                   {"version", R.M.HotpathVersion}}),
           1);
  emitScalar(Out, Info, false);
  if (R.M.Snapshot) {
    Family F{"hotpath_snapshot",
             "The number of the snapshot these figures are from (1, 2, ...).",
             "gauge"};
    F.add("{}", *R.M.Snapshot);
    emitScalar(Out, F, false);
  }
  Family Elapsed{"hotpath_session_elapsed_seconds",
                 "How long the profiling session has run.", "gauge"};
  Elapsed.add("{}", R.M.ElapsedNs);
  emitScalar(Out, Elapsed, true);
}

/// Per measured function: calls, the duration histogram, waits,
/// allocations, instructions.
void emitFunctions(std::string &Out, const report::Report &R) {
  // Calls: from the timing section, else the others (every section counts
  // every call exactly).
  const FunctionsSection *Counted = R.Timing.Present   ? &R.Timing
                                    : R.Icount.Present ? &R.Icount
                                                       : &R.Alloc;
  Family Calls{"hotpath_function_calls_total",
               "Calls of a measured function (exact).", "counter"};
  if (Counted->Present)
    for (const FunctionRow &Row : Counted->Data)
      Calls.add(functionLabels(Row), Row.Calls);
  emitScalar(Out, Calls, false);

  const std::vector<uint64_t> &Bounds = R.Timing.BucketBoundsNs;
  Family Duration{"hotpath_function_duration_seconds",
                  "Duration of a measured function's timed calls (inclusive; "
                  "with sampling, of the calls timed).",
                  "histogram"};
  Family Wait{"hotpath_function_wait_seconds_total",
              "Time a measured function's own calls waited on locks, "
              "condition variables and semaphores.",
              "counter"};
  if (R.Timing.Present)
    for (const FunctionRow &Row : R.Timing.Data) {
      if (!Bounds.empty() && Row.Buckets.size() == Bounds.size() + 1) {
        std::vector<uint64_t> &V =
            Duration.series(functionLabels(Row), Bounds.size() + 2);
        for (size_t B = 0; B <= Bounds.size(); ++B)
          V[B] += Row.Buckets[B];
        V[Bounds.size() + 1] += timedSum(Row, Row.Buckets.back());
      }
      if (Row.WaitNs)
        Wait.add(functionLabels(Row), *Row.WaitNs);
    }
  emitHistogram(Out, Duration, Bounds);
  emitScalar(Out, Wait, true);

  Family Bytes{"hotpath_function_alloc_bytes_total",
               "Bytes allocated by a measured function.", "counter"};
  Family Allocs{"hotpath_function_allocations_total",
                "Allocations made by a measured function.", "counter"};
  if (R.Alloc.Present)
    for (const FunctionRow &Row : R.Alloc.Data) {
      Bytes.add(functionLabels(Row), Row.Total);
      Allocs.add(functionLabels(Row), Row.Allocs);
    }
  emitScalar(Out, Bytes, false);
  emitScalar(Out, Allocs, false);

  Family Ir{"hotpath_function_instructions_total",
            "Instructions a measured function executed, inclusive "
            "(Callgrind).",
            "counter"};
  if (R.Icount.Present)
    for (const FunctionRow &Row : R.Icount.Data)
      Ir.add(functionLabels(Row), Row.Total);
  emitScalar(Out, Ir, false);
}

/// Per lock: acquisitions, contended ones, the wait.
void emitLocks(std::string &Out, const report::Report &R) {
  Family Acq{"hotpath_lock_acquisitions_total",
             "Acquisitions of a lock (waits, for conditions and semaphores).",
             "counter"};
  Family Contended{"hotpath_lock_contended_total",
                   "Acquisitions of a lock that had to wait.", "counter"};
  Family LockWait{"hotpath_lock_wait_seconds_total",
                  "Time threads waited for a lock.", "counter"};
  if (R.Locks.Present)
    for (const report::LockRow &L : R.Locks.Data) {
      std::string Ls =
          labels({{"lock", report::lockLabel(L)}, {"kind", L.Kind}});
      Acq.add(Ls, L.Acquisitions);
      Contended.add(Ls, L.Contended);
      LockWait.add(Ls, L.WaitNs);
    }
  emitScalar(Out, Acq, false);
  emitScalar(Out, Contended, false);
  emitScalar(Out, LockWait, true);
}

/// Per thread: its CPU time; the program's peak RSS.
void emitThreads(std::string &Out, const report::Report &R) {
  Family Cpu{"hotpath_thread_cpu_seconds_total", "CPU time of a thread.",
             "counter"};
  if (R.Threads.Present)
    for (const report::ThreadRow &T : R.Threads.Data)
      if (T.CpuNs)
        Cpu.add(labels({{"tid", std::to_string(T.Tid)}, {"thread", T.Name}}),
                *T.CpuNs);
  emitScalar(Out, Cpu, true);
  if (R.Threads.PeakRssBytes) {
    Family Rss{"hotpath_peak_rss_bytes",
               "The program's peak resident set size.", "gauge"};
    Rss.add("{}", *R.Threads.PeakRssBytes);
    emitScalar(Out, Rss, false);
  }
}

} // namespace

std::string prometheusText(const report::Report &R) {
  std::string Out;
  emitSession(Out, R);
  emitFunctions(Out, R);
  emitLocks(Out, R);
  emitThreads(Out, R);
  return Out;
}

} // namespace hotpath::views
