//===- Options.cpp - HOTPATH_* environment variables ----------------------===//
//
// Every variable is validated here; a bad value becomes one warning line
// (variable, value, what is accepted, the default used) and the default.
// Nothing here may abort: the profiled program keeps running.
//
//===----------------------------------------------------------------------===//
#include "base/Options.h"
#include "base/OptionValues.h"
#include "base/ReportSections.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/support/Strings.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/auxv.h>
#include <unistd.h>

namespace hotpath::rt {

const char *measureModeName(MeasureMode M) {
  switch (M) {
  case MeasureMode::Default:
    return "default";
  case MeasureMode::Timed:
    return "timed";
  case MeasureMode::Count:
    return "count";
  }
  return "default";
}

namespace {

using support::lower;
using support::trim;

struct Parser {
  const char *(*Get)(const char *);
  Options O;

  void warn(const char *Var, const char *Value, const char *Accepted,
            const std::string &Default) {
    O.Warnings.push_back(std::string(Var) + "=\"" + Value +
                         "\" is invalid (accepted: " + Accepted + "); using " +
                         Default);
  }

  template <typename F>
  void var(const char *Name, const char *Accepted, const std::string &Default,
           F &&Parse) {
    const char *V = Get(Name);
    if (!V)
      return;
    if (!Parse(std::string(V)))
      warn(Name, V, Accepted, Default);
  }

  void flag(const char *Name, bool &Out) {
    bool Def = Out;
    var(Name, "0, 1, true, false, yes, no, on, off", Def ? "1" : "0",
        [&](const std::string &V) { return parseBool(V, Out); });
  }

  void str(const char *Name, std::string &Out, bool AllowEmpty) {
    std::string Def = Out;
    var(Name, "a non-empty string", Def.empty() ? "none" : Def,
        [&](const std::string &V) {
          if (!AllowEmpty && trim(V).empty())
            return false;
          Out = V;
          return true;
        });
  }
};

// The variables that choose a file to write or read.
const char *const FileVariables[] = {
    "HOTPATH_OUTPUT_PATH",     "HOTPATH_MERGE_REPORT",
    "HOTPATH_SOURCE_ROOT",     "HOTPATH_CALLGRIND_OUT_FILE",
    "HOTPATH_TRACE",           "HOTPATH_SNAPSHOT_PATH",
    "HOTPATH_SNAPSHOT_TRIGGER"};
// Where the report goes and what it shows.
void outputVariables(Parser &P, bool Secure) {
  auto Get = P.Get;
  Options &O = P.O;
  P.var("HOTPATH_OUTPUT_FORMAT", "table, json, json-pretty, none", "table",
        [&](const std::string &V) {
          std::string L = lower(trim(V));
          if (L == "table")
            O.Format = OutputFormat::Table;
          else if (L == "json")
            O.Format = OutputFormat::Json;
          else if (L == "json-pretty")
            O.Format = OutputFormat::JsonPretty;
          else if (L == "none")
            O.Format = OutputFormat::None;
          else
            return false;
          return true;
        });
  // A report path ending in .json means JSON unless the format is given:
  // a table in report.json only makes `hotpath report` fail later.
  if (!Get("HOTPATH_OUTPUT_FORMAT") && !Secure) {
    const char *Path = Get("HOTPATH_OUTPUT_PATH");
    size_t N = Path ? std::strlen(Path) : 0;
    if (N >= 5 && std::strcmp(Path + N - 5, ".json") == 0)
      O.Format = OutputFormat::Json;
  }
  if (Secure) {
    // Like the dynamic loader and secure_getenv: a user who may run the
    // program must not make it write or read files with its privileges.
    for (const char *Var : FileVariables)
      if (Get(Var))
        O.Warnings.push_back(
            std::string(Var) +
            " is ignored: the process runs with elevated privileges "
            "(setuid, setgid or capabilities), so the environment may not "
            "choose files; the report goes to standard error");
  } else {
    P.str("HOTPATH_OUTPUT_PATH", O.OutputPath, /*AllowEmpty=*/true);
  }
  P.var("HOTPATH_REPORT",
        "auto, all, a list of functions-timing, functions-alloc, "
        "functions-icount, threads, call-tree, or auto/all followed by "
        "exclusions "
        "such as auto,-threads",
        "auto", [&](const std::string &V) {
          if (!validReportSpec(V))
            return false;
          O.ReportSpec = lower(trim(V));
          return true;
        });
  P.var(
      "HOTPATH_PERCENTILES",
      "1 to 10 comma-separated numbers in [0, 100], e.g. 50,95,99.9", "95",
      [&](const std::string &V) { return parsePercentiles(V, O.Percentiles); });
  P.var("HOTPATH_FOCUS", "a substring, or /regex/ (POSIX extended)", "none",
        [&](const std::string &V) {
          if (!validFocus(V))
            return false;
          O.Focus = V;
          return true;
        });
  P.var("HOTPATH_FUNCTIONS_LIMIT", "an integer >= 0 (0 = all rows)", "15",
        [&](const std::string &V) {
          return parseUnsigned(V, 1000000000, O.FunctionsLimit);
        });
  P.var("HOTPATH_NAME_WIDTH",
        "an integer >= 0 (0 = no limit; 10 or more otherwise)",
        "the terminal's width", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 100000, N) || (N && N < 10))
            return false;
          O.NameWidth = N;
          O.NameWidthSet = true;
          return true;
        });
  P.flag("HOTPATH_LOCATION", O.Location);
}

// What is measured, and how often.
void measurementVariables(Parser &P) {
  auto Get = P.Get;
  Options &O = P.O;
  // HOTPATH_MODE names the mode; HOTPATH_TIME_SAMPLING_RATE alone implies
  // one (1 timed, 0 count). The sampled mode (one call in 1/rate timed,
  // totals extrapolated) is retired: timing a call costs more than a
  // one-line function takes, and extrapolating that cost gave self times
  // above the session (docs/runtime.md, modes). Asked for, it warns and
  // the default mode runs, which times only calls long enough to time.
  bool Retired = false, ModeSet = false;
  P.var("HOTPATH_MODE", "default, timed, count", "default",
        [&](const std::string &V) {
          std::string L = lower(trim(V));
          if (L == "sampled")
            return Retired = true;
          for (MeasureMode M :
               {MeasureMode::Default, MeasureMode::Timed, MeasureMode::Count})
            if (L == measureModeName(M)) {
              O.Mode = M;
              return ModeSet = true;
            }
          return false;
        });
  double Rate = -1;
  P.var("HOTPATH_TIME_SAMPLING_RATE", "1 (every call timed) or 0 (counts only)",
        "none (the mode decides)", [&](const std::string &V) {
          double D;
          if (!parseDouble(V, D) || D < 0 || D > 1)
            return false;
          Rate = D;
          return true;
        });
  if (ModeSet && Rate >= 0)
    O.Warnings.push_back(std::string("HOTPATH_TIME_SAMPLING_RATE is ignored "
                                     "in HOTPATH_MODE=") +
                         measureModeName(O.Mode));
  else if (!ModeSet && !Retired && Rate > 0 && Rate < 1)
    Retired = true;
  else if (!ModeSet && !Retired && Rate >= 0)
    O.Mode = Rate == 1 ? MeasureMode::Timed : MeasureMode::Count;
  if (Retired) {
    O.Mode = MeasureMode::Default;
    O.Warnings.push_back(
        "the sampled mode (HOTPATH_MODE=sampled, or a "
        "HOTPATH_TIME_SAMPLING_RATE between 0 and 1) is retired: its "
        "extrapolated times could pass the session; the default mode runs, "
        "which times the functions whose calls are long enough and gives "
        "every function's CPU from samples (docs/runtime.md)");
  }
  O.TimeSamplingRate = O.Mode == MeasureMode::Timed ? 1.0 : 0.0;
  P.flag("HOTPATH_ALLOC", O.Alloc);
  O.AllocExplicit = Get("HOTPATH_ALLOC") != nullptr;
  P.flag("HOTPATH_ALLOC_CUMULATIVE", O.AllocCumulative);
  P.flag("HOTPATH_LOCKS", O.Locks);
  P.flag("HOTPATH_TIME_EXCLUSIVE", O.TimeExclusive);
  P.flag("HOTPATH_FAST_PATH", O.FastPath);
  P.flag("HOTPATH_COMPENSATE", O.Compensate);
  P.flag("HOTPATH_TREE_PER_THREAD", O.TreePerThread);
  P.flag("HOTPATH_BENCH", O.Bench);
  P.var("HOTPATH_DRAIN_INTERVAL", "milliseconds, an integer in [1, 60000]",
        "50", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 60000, N) || N == 0)
            return false;
          O.DrainIntervalMs = N;
          return true;
        });
  if (O.Mode == MeasureMode::Default)
    O.CpuSamplingHz = DefaultCpuSamplingHz;
  P.var("HOTPATH_CPU_SAMPLING", "samples a second, an integer in [0, 100000]",
        std::to_string(O.CpuSamplingHz), [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 100000, N))
            return false;
          O.CpuSamplingHz = N;
          return true;
        });
  P.var("HOTPATH_LOCK_HOLD_PERIOD",
        "one hold timed in this many acquisitions, an integer in [1, 65536]",
        "16", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 65536, N) || N == 0)
            return false;
          O.LockHoldPeriod = N;
          return true;
        });
  P.var("HOTPATH_MAX_PATHS", "an integer in [0, 4194304] (0 = no call tree)",
        "16384", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 4194304, N))
            return false;
          O.MaxPaths = N;
          return true;
        });
}

// The timeline trace (docs/timeline.md).
void traceVariables(Parser &P, bool Secure) {
  Options &O = P.O;
  if (!Secure)
    P.str("HOTPATH_TRACE", O.TracePath, /*AllowEmpty=*/true);
  P.var("HOTPATH_TRACE_EVENTS",
        "calls kept per thread, an integer in [1, 16777216]", "65536",
        [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 16777216, N) || N == 0)
            return false;
          O.TraceEvents = N;
          return true;
        });
  P.var("HOTPATH_TRACE_MODE", "first, last", "first",
        [&](const std::string &V) {
          std::string L = lower(trim(V));
          if (L != "first" && L != "last")
            return false;
          O.TraceRing = L == "last";
          return true;
        });
  P.var("HOTPATH_TRACE_MIN_NS", "nanoseconds, an integer in [0, 3600000000000]",
        "0", [&](const std::string &V) {
          double D;
          if (!parseDouble(V, D) || D < 0 || D > 3.6e12 || D != std::floor(D))
            return false;
          O.TraceMinNs = uint64_t(D);
          return true;
        });
}

// Snapshots of a running program.
void snapshotVariables(Parser &P, bool Secure) {
  Options &O = P.O;
  P.var("HOTPATH_SNAPSHOT_INTERVAL",
        "milliseconds between snapshots, an integer in [10, 3600000], or 0",
        "0", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 3600000, N) || (N && N < 10))
            return false;
          O.SnapshotIntervalMs = N;
          return true;
        });
  P.var("HOTPATH_SNAPSHOT_SIGNAL", SnapshotSignalsAccepted, "none",
        [&](const std::string &V) {
          int Sig = parseSnapshotSignal(V);
          if (!Sig)
            return false;
          O.SnapshotSignal = Sig;
          return true;
        });
  if (!Secure) {
    P.str("HOTPATH_SNAPSHOT_PATH", O.SnapshotPath, false);
    P.str("HOTPATH_SNAPSHOT_TRIGGER", O.SnapshotTrigger, true);
  } else if (O.SnapshotIntervalMs || O.SnapshotSignal) {
    // Even the default path is a file the environment would make it write.
    O.SnapshotIntervalMs = 0;
    O.SnapshotSignal = 0;
    O.Warnings.push_back(
        "HOTPATH_SNAPSHOT_INTERVAL and HOTPATH_SNAPSHOT_SIGNAL are ignored: "
        "the process runs with elevated privileges, so the environment may "
        "not make it write files");
  }
}

// Callgrind and merged runs, the clock, the report's labels.
void inputVariables(Parser &P, bool Secure) {
  Options &O = P.O;
  if (!Secure) {
    P.str("HOTPATH_CALLGRIND_OUT_FILE", O.CallgrindOutFile, false);
    P.str("HOTPATH_MERGE_REPORT", O.MergeReport, true);
    P.str("HOTPATH_SOURCE_ROOT", O.SourceRoot, true);
  }
  P.var("HOTPATH_CLOCK", "auto, monotonic", "auto", [&](const std::string &V) {
    std::string L = lower(trim(V));
    if (L == "auto")
      O.Clock = ClockChoice::Auto;
    else if (L == "monotonic")
      O.Clock = ClockChoice::Monotonic;
    else
      return false;
    return true;
  });
  P.str("HOTPATH_REPORT_LABEL", O.ReportLabel, true);
  P.str("HOTPATH_BENCHMARK", O.Benchmark, true);
  P.var("HOTPATH_USER_METADATA",
        "key=value pairs separated by commas, or a JSON object of strings",
        "none", [&](const std::string &V) {
          std::vector<std::pair<std::string, std::string>> KV;
          if (!trim(V).empty() && !parseUserMetadata(V, KV))
            return false;
          O.UserMetadata = V;
          return true;
        });
}

} // namespace

Options parseOptions(const char *(*Get)(const char *Name), bool Secure) {
  Parser P{Get, Options()};
  Options &O = P.O;
  O.Secure = Secure;

  outputVariables(P, Secure);
  measurementVariables(P);
  traceVariables(P, Secure);
  snapshotVariables(P, Secure);
  inputVariables(P, Secure);
  return P.O;
}

namespace {
// A relative path as the program meant it at session begin: the program may
// chdir before the report is written. A '%' of the directory is escaped.
std::string absoluteAtBegin(const std::string &Path, bool EscapePercent) {
  if (Path.empty() || Path[0] == '/')
    return Path;
  char Cwd[4096];
  if (!::getcwd(Cwd, sizeof Cwd))
    return Path;
  std::string Dir;
  for (const char *C = Cwd; *C; ++C)
    Dir += *C == '%' && EscapePercent ? std::string("%%") : std::string(1, *C);
  if (Dir.back() != '/')
    Dir += '/';
  return Dir + Path;
}
} // namespace

Options loadOptionsFromEnv() {
  Options O = parseOptions(
      [](const char *Name) -> const char * { return std::getenv(Name); },
      getauxval(AT_SECURE) != 0);
  O.OutputPath = absoluteAtBegin(O.OutputPath, /*EscapePercent=*/true);
  O.MergeReport = absoluteAtBegin(O.MergeReport, /*EscapePercent=*/false);
  // Written or watched by the drain thread, whose working directory is its
  // own: relative to where the program started, as the report's path.
  O.TracePath = absoluteAtBegin(O.TracePath, /*EscapePercent=*/true);
  O.SnapshotPath = absoluteAtBegin(O.SnapshotPath, /*EscapePercent=*/true);
  O.SnapshotTrigger = absoluteAtBegin(O.SnapshotTrigger, true);
  char Cwd[4096];
  if (::getcwd(Cwd, sizeof Cwd))
    O.StartDir = Cwd;
  for (const std::string &W : O.Warnings)
    std::fprintf(stderr, "hotpath: %s\n", report::terminalText(W).c_str());
  return O;
}

} // namespace hotpath::rt
