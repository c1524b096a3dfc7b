//===- Options.cpp - HOTPATH_* environment variables ----------------------===//
//
// Every variable is validated here; a bad value becomes one warning line
// (variable, value, what is accepted, the default used) and the default.
// Nothing here may abort: the profiled program keeps running.
//
//===----------------------------------------------------------------------===//
#include "base/Options.h"
#include "hotpath/report/SafeText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex.h>
#include <sys/auxv.h>
#include <unistd.h>

namespace hotpath::rt {

namespace {

std::string lower(std::string S) {
  for (char &C : S)
    if (C >= 'A' && C <= 'Z')
      C = char(C - 'A' + 'a');
  return S;
}

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t\n\r");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t\n\r");
  return S.substr(B, E - B + 1);
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Out;
  size_t Pos = 0;
  while (true) {
    size_t N = S.find(Sep, Pos);
    Out.push_back(trim(S.substr(Pos, N - Pos)));
    if (N == std::string::npos)
      return Out;
    Pos = N + 1;
  }
}

bool parseBool(const std::string &V, bool &Out) {
  std::string L = lower(trim(V));
  if (L == "1" || L == "true" || L == "yes" || L == "on") {
    Out = true;
    return true;
  }
  if (L == "0" || L == "false" || L == "no" || L == "off") {
    Out = false;
    return true;
  }
  return false;
}

bool parseUnsigned(const std::string &V, uint64_t Max, unsigned &Out) {
  std::string T = trim(V);
  if (T.empty() || T.size() > 12 ||
      T.find_first_not_of("0123456789") != std::string::npos)
    return false;
  uint64_t N = std::strtoull(T.c_str(), nullptr, 10);
  if (N > Max)
    return false;
  Out = static_cast<unsigned>(N);
  return true;
}

bool parseDouble(const std::string &V, double &Out) {
  std::string T = trim(V);
  if (T.empty())
    return false;
  char *End = nullptr;
  errno = 0;
  double D = std::strtod(T.c_str(), &End);
  if (errno || *End || !std::isfinite(D) ||
      T.find_first_of("xXnN") != std::string::npos) // no hex, nan, inf
    return false;
  Out = D;
  return true;
}

const char *const SectionNames[] = {"functions-timing", "functions-alloc",
                                    "functions-icount", "threads", "call-tree"};

// Section name -> index in SectionNames; accepts `_` for `-`.
int sectionIndex(std::string Name) {
  std::replace(Name.begin(), Name.end(), '_', '-');
  for (int I = 0; I < 5; ++I)
    if (Name == SectionNames[I])
      return I;
  return -1;
}

bool validReportSpec(const std::string &Spec) {
  std::vector<std::string> Parts = split(lower(Spec), ',');
  bool Base = Parts[0] == "auto" || Parts[0] == "all";
  for (size_t I = 0; I < Parts.size(); ++I) {
    const std::string &P = Parts[I];
    if (I == 0 && Base)
      continue;
    if (!P.empty() && P[0] == '-') {
      if (!Base || sectionIndex(P.substr(1)) < 0)
        return false;
    } else if (Base || sectionIndex(P) < 0) {
      return false;
    }
  }
  return true;
}

bool parsePercentiles(const std::string &V, std::vector<double> &Out) {
  std::vector<double> Ps;
  for (std::string P : split(V, ',')) {
    if (!P.empty() && (P[0] == 'p' || P[0] == 'P'))
      P = P.substr(1);
    double D;
    if (!parseDouble(P, D) || D < 0 || D > 100)
      return false;
    // Keys are printed with at most 3 decimals (report::percentileKey).
    D = std::round(D * 1000) / 1000;
    Ps.push_back(D);
  }
  std::sort(Ps.begin(), Ps.end());
  Ps.erase(std::unique(Ps.begin(), Ps.end()), Ps.end());
  if (Ps.empty() || Ps.size() > 10)
    return false;
  Out = Ps;
  return true;
}

bool validFocus(const std::string &F) {
  if (F.size() < 2 || F.front() != '/' || F.back() != '/')
    return true; // plain text
  regex_t R;
  std::string Pattern = F.substr(1, F.size() - 2);
  if (regcomp(&R, Pattern.c_str(), REG_EXTENDED | REG_NOSUB) != 0)
    return false;
  regfree(&R);
  return true;
}

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

} // namespace

namespace {
// The variables that choose a file to write or read.
const char *const FileVariables[] = {
    "HOTPATH_OUTPUT_PATH",     "HOTPATH_MERGE_REPORT",
    "HOTPATH_SOURCE_ROOT",     "HOTPATH_CALLGRIND_OUT_FILE",
    "HOTPATH_TRACE",           "HOTPATH_SNAPSHOT_PATH",
    "HOTPATH_SNAPSHOT_TRIGGER"};
} // namespace

const char *const SnapshotSignalsAccepted =
    "a signal whose default action ends the process and that nothing else "
    "relies on: USR1, USR2, HUP, ALRM, VTALRM, PROF, IO, PWR, STKFLT, "
    "RTMIN+N, RTMAX-N, or one of their numbers";

int parseSnapshotSignal(const std::string &Value) {
  std::string U = trim(Value);
  for (char &C : U)
    C = char(std::toupper((unsigned char)C));
  if (U.rfind("SIG", 0) == 0)
    U = U.substr(3);
  // Not SIGINT and SIGTERM (the report's own, SignalReport.h), SIGPIPE
  // (a program in a pipeline must die of it), SIGQUIT and the resource
  // limits' SIGXCPU/SIGXFSZ (core dumps someone asked for), the faults,
  // SIGKILL/SIGSTOP, nor any whose default is to be ignored or to stop
  // (a handler would change nothing visible, or what the shell relies on).
  static const std::pair<const char *, int> Names[] = {
      {"USR1", SIGUSR1},    {"USR2", SIGUSR2},     {"HUP", SIGHUP},
      {"ALRM", SIGALRM},    {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF},
      {"IO", SIGIO},        {"POLL", SIGPOLL},     {"PWR", SIGPWR},
      {"STKFLT", SIGSTKFLT}};
  for (const auto &[Name, Sig] : Names)
    if (U == Name)
      return Sig;
  unsigned N;
  if (U.rfind("RTMIN+", 0) == 0 && parseUnsigned(U.substr(6), 64, N) &&
      SIGRTMIN + int(N) <= SIGRTMAX)
    return SIGRTMIN + int(N);
  if (U.rfind("RTMAX-", 0) == 0 && parseUnsigned(U.substr(6), 64, N) &&
      SIGRTMAX - int(N) >= SIGRTMIN)
    return SIGRTMAX - int(N);
  if (U == "RTMIN")
    return SIGRTMIN;
  if (U == "RTMAX")
    return SIGRTMAX;
  if (!parseUnsigned(U, 64, N) || N == 0)
    return 0;
  for (const auto &[Name, Sig] : Names)
    if (int(N) == Sig)
      return Sig;
  return int(N) >= SIGRTMIN && int(N) <= SIGRTMAX ? int(N) : 0;
}

Options parseOptions(const char *(*Get)(const char *Name), bool Secure) {
  Parser P{Get, Options()};
  Options &O = P.O;
  O.Secure = Secure;

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
  P.var("HOTPATH_TIME_SAMPLING_RATE",
        "a number in [0, 1]: 1 times every call, 0.01 one call in 100, 0 "
        "counts only",
        "1", [&](const std::string &V) {
          double D;
          if (!parseDouble(V, D) || D < 0 || D > 1)
            return false;
          O.TimeSamplingRate = D;
          return true;
        });
  P.flag("HOTPATH_ALLOC", O.Alloc);
  O.AllocExplicit = Get("HOTPATH_ALLOC") != nullptr;
  P.flag("HOTPATH_ALLOC_CUMULATIVE", O.AllocCumulative);
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
  P.var("HOTPATH_MAX_PATHS", "an integer in [0, 4194304] (0 = no call tree)",
        "16384", [&](const std::string &V) {
          unsigned N;
          if (!parseUnsigned(V, 4194304, N))
            return false;
          O.MaxPaths = N;
          return true;
        });
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
  return O;
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

SectionSet resolveSections(const std::string &Spec, bool UnderValgrind,
                           bool AllocTracked) {
  // `auto`: what was measured. Under Valgrind the icount section replaces
  // timing; natively there are no instruction counts.
  SectionSet Auto;
  Auto.Timing = !UnderValgrind;
  Auto.Alloc = AllocTracked;
  Auto.Icount = UnderValgrind;
  Auto.Threads = true;
  Auto.Tree = !UnderValgrind;
  std::string S = lower(trim(Spec));
  if (S.empty() || !validReportSpec(S))
    return Auto;
  std::vector<std::string> Parts = split(S, ',');
  bool Set[5] = {false, false, false, false, false};
  size_t First = 0;
  if (Parts[0] == "auto") {
    Set[0] = Auto.Timing, Set[1] = Auto.Alloc, Set[2] = Auto.Icount,
    Set[3] = true, Set[4] = Auto.Tree;
    First = 1;
  } else if (Parts[0] == "all") {
    Set[0] = Set[1] = Set[2] = Set[3] = Set[4] = true;
    First = 1;
  }
  for (size_t I = First; I < Parts.size(); ++I) {
    bool Exclude = Parts[I][0] == '-';
    int Idx = sectionIndex(Exclude ? Parts[I].substr(1) : Parts[I]);
    if (Idx >= 0)
      Set[Idx] = !Exclude;
  }
  SectionSet Out;
  Out.Timing = Set[0];
  Out.Alloc = Set[1];
  Out.Icount = Set[2];
  Out.Threads = Set[3];
  Out.Tree = Set[4];
  return Out;
}

bool parseUserMetadata(const std::string &Text,
                       std::vector<std::pair<std::string, std::string>> &Out) {
  Out.clear();
  std::string T = trim(Text);
  if (T.empty())
    return true;
  if (T[0] == '{') {
    nlohmann::json J =
        nlohmann::json::parse(T, nullptr, /*allow_exceptions=*/false);
    if (!J.is_object())
      return false;
    for (auto It = J.begin(); It != J.end(); ++It) {
      if (!It.value().is_string() || It.key().empty()) {
        Out.clear();
        return false;
      }
      Out.emplace_back(It.key(), It.value().get<std::string>());
    }
    return true;
  }
  for (const std::string &Pair : split(T, ',')) {
    size_t Eq = Pair.find('=');
    if (Eq == std::string::npos || trim(Pair.substr(0, Eq)).empty()) {
      Out.clear();
      return false;
    }
    Out.emplace_back(trim(Pair.substr(0, Eq)), trim(Pair.substr(Eq + 1)));
  }
  return true;
}

} // namespace hotpath::rt
