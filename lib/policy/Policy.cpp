//===- Policy.cpp - Regression policy files: parse and validate -----------===//
#include "hotpath/policy/Policy.h"
#include "hotpath/policy/PolicyUnits.h"
#include "hotpath/support/FileRead.h"

#include "hotpath/support/SafeToml.h" // toml++ minus its UB on malformed input

#include <algorithm>
#include <cmath>
#include <fnmatch.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace hotpath::policy {

std::string Metric::name() const {
  if (K == Avg)
    return "avg";
  if (K == Total)
    return "total";
  return report::percentileKey(P);
}

bool parseMetric(const std::string &S, Metric &Out) {
  if (S == "avg" || S == "total") {
    Out = Metric{S == "avg" ? Metric::Avg : Metric::Total, 0};
    return true;
  }
  if (S.size() < 2 || S[0] != 'p' || !(S[1] >= '0' && S[1] <= '9'))
    return false;
  char *End = nullptr;
  double P = std::strtod(S.c_str() + 1, &End);
  if (*End || !(P >= 0 && P <= 100))
    return false;
  Out = Metric{Metric::Percentile, P};
  return true;
}

const char *lockMetricName(LockMetric M) {
  switch (M) {
  case LockMetric::Wait:
    return "wait";
  case LockMetric::Contended:
    return "contended";
  case LockMetric::AvgWait:
    return "avg";
  case LockMetric::P95Wait:
    return "p95";
  case LockMetric::MaxWait:
    return "max";
  }
  return "wait";
}

bool parseLockMetric(const std::string &S, LockMetric &Out) {
  for (LockMetric M :
       {LockMetric::Wait, LockMetric::Contended, LockMetric::AvgWait,
        LockMetric::P95Wait, LockMetric::MaxWait})
    if (S == lockMetricName(M)) {
      Out = M;
      return true;
    }
  return false;
}

bool Policy::ignores(const std::string &Name) const {
  for (const std::string &G : Ignore)
    if (globMatch(G, Name))
      return true;
  return false;
}

Policy::Policy() {
  // Allocations and instruction counts are (nearly) deterministic, so small
  // changes mean something; wall time is shown for context only.
  Alloc.Judged = true;
  Alloc.MinPercentChange = 1;
  Icount.Judged = true;
  Icount.MinPercentChange = 2;
  Icount.MinChangePerCall = DefaultIcountFloorPerCall;
  Timing.Judged = false;
  Timing.MinPercentChange = 10;
}

Policy defaultPolicy() { return Policy(); }

namespace {

struct PolicyError {
  std::string Message;
};

// hotpath-rs profiles resources that C and C++ programs do not have here;
// their tables are accepted so that one policy can serve both tools.
const char *const ForeignTables[] = {"threads", "channels", "streams",
                                     "futures", "sql",      "debug",
                                     "gauges",  "mutexes",  "tokio"};

class Parser {
public:
  Parser(const std::string &Path, Policy &P) : Path(Path), P(P) {}

  [[noreturn]] void fail(const toml::node *N, const std::string &Key,
                         const std::string &What) {
    std::string Where = Path.empty() ? "<policy>" : Path;
    if (N && N->source().begin.line)
      Where += ":" + std::to_string(N->source().begin.line);
    throw PolicyError{Where + ": " + Key + ": " + What};
  }

  [[noreturn]] void wrongType(const toml::node &N, const std::string &Key,
                              const char *Expected) {
    fail(&N, Key,
         std::string("expected ") + Expected + ", got " +
             hotpath::tomlTypeName(N));
  }

  [[noreturn]] void unknownKey(const toml::node &N, const std::string &Key,
                               const char *Accepted) {
    fail(&N, Key, std::string("unknown key (accepted here: ") + Accepted + ")");
  }

  bool boolean(const toml::node &N, const std::string &Key) {
    if (!N.is_boolean())
      wrongType(N, Key, "true or false");
    return N.as_boolean()->get();
  }

  double number(const toml::node &N, const std::string &Key, double Min,
                double Max) {
    double V;
    if (N.is_integer())
      V = double(N.as_integer()->get());
    else if (N.is_floating_point())
      V = N.as_floating_point()->get();
    else
      wrongType(N, Key, "a number");
    if (!std::isfinite(V) || V < Min || V > Max) {
      std::ostringstream OS;
      OS << "must be between " << Min << " and " << Max << ", got " << V;
      fail(&N, Key, OS.str());
    }
    return V;
  }

  uint64_t count(const toml::node &N, const std::string &Key) {
    if (N.is_integer()) {
      int64_t V = N.as_integer()->get();
      if (V < 0)
        fail(&N, Key, "must not be negative, got " + std::to_string(V));
      return uint64_t(V);
    }
    if (N.is_string())
      return quantity(N, Key, Quantity::Count);
    wrongType(N, Key, "an integer");
  }

  uint64_t quantity(const toml::node &N, const std::string &Key, Quantity Q) {
    if (N.is_integer()) {
      int64_t V = N.as_integer()->get();
      if (V < 0)
        fail(&N, Key, "must not be negative, got " + std::to_string(V));
      return uint64_t(V);
    }
    if (!N.is_string())
      wrongType(N, Key, "a string with a unit or an integer");
    uint64_t V;
    std::string Error;
    if (!parseQuantity(N.as_string()->get(), Q, V, Error))
      fail(&N, Key, Error);
    return V;
  }

  std::string string(const toml::node &N, const std::string &Key) {
    if (!N.is_string())
      wrongType(N, Key, "a string");
    return N.as_string()->get();
  }

  const toml::table &table(const toml::node &N, const std::string &Key) {
    if (!N.is_table())
      wrongType(N, Key, "a table");
    return *N.as_table();
  }

  void section(const toml::node &N, const std::string &Key, SectionKind K,
               SectionPolicy &S) {
    for (auto &&[Name, V] : table(N, Key)) {
      std::string KK = Key + "." + std::string(Name.str());
      if (Name == "judged") {
        S.Judged = boolean(V, KK);
      } else if (Name == "fail_check") {
        S.FailCheck = boolean(V, KK);
      } else if (Name == "min_percent_change") {
        S.MinPercentChange = number(V, KK, 0, MaxPercentChange);
      } else if (Name == "min_calls") {
        S.MinCalls = count(V, KK);
      } else if (Name == "min_change_per_call") {
        S.MinChangePerCall =
            quantity(V, KK,
                     K == SectionKind::Timing  ? Quantity::Duration
                     : K == SectionKind::Alloc ? Quantity::Bytes
                                               : Quantity::Count);
      } else if (Name == "metrics") {
        S.Metrics = metrics(V, KK, K);
      } else {
        unknownKey(V, KK,
                   "judged, metrics, min_percent_change, "
                   "min_change_per_call, min_calls, fail_check");
      }
    }
  }

  std::vector<Metric> metrics(const toml::node &N, const std::string &Key,
                              SectionKind K) {
    if (!N.is_array())
      wrongType(N, Key, "an array of strings (\"avg\", \"total\", \"p95\")");
    std::vector<Metric> Out;
    for (const toml::node &E : *N.as_array()) {
      std::string S = string(E, Key);
      Metric M;
      if (!parseMetric(S, M))
        fail(&E, Key,
             "unknown metric \"" + S +
                 "\" (accepted: avg, total, pNN such as p95 or p99.9)");
      if (M.K == Metric::Percentile && K == SectionKind::Icount)
        fail(&E, Key,
             "\"" + S +
                 "\": icount has no percentiles (Callgrind gives one "
                 "inclusive sum per function); use avg or total");
      for (const Metric &Seen : Out)
        if (Seen == M)
          fail(&E, Key, "metric \"" + S + "\" listed twice");
      Out.push_back(M);
    }
    if (Out.empty())
      fail(&N, Key, "must list at least one metric (or set judged = false)");
    return Out;
  }

  void limits(const toml::node &N, const std::string &Key, SectionKind K,
              std::vector<Limit> &Out) {
    Quantity Q = K == SectionKind::Timing  ? Quantity::Duration
                 : K == SectionKind::Alloc ? Quantity::Bytes
                                           : Quantity::Count;
    for (auto &&[Name, V] : table(N, Key)) {
      std::string S(Name.str()), KK = Key + "." + S;
      Metric M;
      if (!parseMetric(S, M) ||
          (M.K == Metric::Percentile && K == SectionKind::Icount))
        unknownKey(V, KK,
                   K == SectionKind::Icount ? "avg, total"
                                            : "avg, total, pNN such as p95");
      Limit L;
      L.M = M;
      L.Max = quantity(V, KK, Q);
      L.Text = V.is_string() ? V.as_string()->get() : formatQuantity(L.Max, Q);
      Out.push_back(L);
    }
  }

  void budget(const toml::node &N, const std::string &Key) {
    Budget B;
    B.Line = N.source().begin.line;
    bool HasMatch = false, HasLimit = false;
    for (auto &&[Name, V] : table(N, Key)) {
      std::string KK = Key + "." + std::string(Name.str());
      if (Name == "match") {
        B.Match = string(V, KK);
        if (B.Match.empty())
          fail(&V, KK, "must not be empty");
        HasMatch = true;
      } else if (Name == "message") {
        B.Message = string(V, KK);
      } else if (Name == "fail_check") {
        B.FailCheck = boolean(V, KK);
      } else if (Name == "calls") {
        for (auto &&[CN, CV] : table(V, KK)) {
          std::string CK = KK + "." + std::string(CN.str());
          if (CN == "min")
            B.CallsMin = count(CV, CK);
          else if (CN == "max")
            B.CallsMax = count(CV, CK);
          else
            unknownKey(CV, CK, "min, max");
        }
        if (B.CallsMin && B.CallsMax && *B.CallsMin > *B.CallsMax)
          fail(&V, KK,
               "min (" + std::to_string(*B.CallsMin) + ") is above max (" +
                   std::to_string(*B.CallsMax) + ")");
        HasLimit = true;
      } else if (Name == "timing") {
        limits(V, KK, SectionKind::Timing, B.Timing);
        HasLimit = true;
      } else if (Name == "alloc") {
        limits(V, KK, SectionKind::Alloc, B.Alloc);
        HasLimit = true;
      } else if (Name == "icount") {
        limits(V, KK, SectionKind::Icount, B.Icount);
        HasLimit = true;
      } else {
        unknownKey(V, KK,
                   "match, calls, timing, alloc, icount, message, fail_check");
      }
    }
    if (!HasMatch)
      fail(&N, Key, "missing key 'match' (a glob over function names)");
    if (!HasLimit)
      fail(&N, Key, "sets no limit (calls, timing, alloc or icount)");
    P.Budgets.push_back(std::move(B));
  }

  void locks(const toml::node &N) {
    LocksPolicy &L = P.Locks;
    for (auto &&[Name, V] : table(N, "locks")) {
      std::string KK = "locks." + std::string(Name.str());
      if (Name == "judged") {
        L.Judged = boolean(V, KK);
      } else if (Name == "fail_check") {
        L.FailCheck = boolean(V, KK);
      } else if (Name == "min_percent_change") {
        L.MinPercentChange = number(V, KK, 0, MaxPercentChange);
      } else if (Name == "min_wait_change") {
        L.MinWaitChange = quantity(V, KK, Quantity::Duration);
      } else if (Name == "min_contended_change") {
        L.MinContendedChange = count(V, KK);
      } else if (Name == "min_acquisitions") {
        L.MinAcquisitions = count(V, KK);
      } else if (Name == "metrics") {
        if (!V.is_array())
          wrongType(V, KK, "an array of strings (\"wait\", \"contended\")");
        L.Metrics.clear();
        for (const toml::node &E : *V.as_array()) {
          std::string S = string(E, KK);
          LockMetric M;
          if (!parseLockMetric(S, M))
            fail(&E, KK,
                 "unknown metric \"" + S +
                     "\" (accepted: wait, contended, avg, p95, max)");
          if (std::find(L.Metrics.begin(), L.Metrics.end(), M) !=
              L.Metrics.end())
            fail(&E, KK, "metric \"" + S + "\" listed twice");
          L.Metrics.push_back(M);
        }
        if (L.Metrics.empty())
          fail(&V, KK, "must list at least one metric (or set judged = false)");
      } else {
        unknownKey(V, KK,
                   "judged, metrics, min_percent_change, min_wait_change, "
                   "min_contended_change, min_acquisitions, fail_check");
      }
    }
  }

  void sizes(const toml::node &N) {
    SizesPolicy &S = P.Sizes;
    for (auto &&[Name, V] : table(N, "functions_sizes")) {
      std::string KK = "functions_sizes." + std::string(Name.str());
      if (Name == "judged")
        S.Judged = boolean(V, KK);
      else if (Name == "fail_on_complexity")
        S.FailOnComplexity = boolean(V, KK);
      else if (Name == "fail_check")
        S.FailCheck = boolean(V, KK);
      else if (Name == "min_percent_change")
        S.MinPercentChange = number(V, KK, 0, MaxPercentChange);
      else if (Name == "min_calls")
        S.MinCalls = count(V, KK);
      else
        unknownKey(V, KK,
                   "judged, fail_on_complexity, fail_check, "
                   "min_percent_change, min_calls");
    }
  }

  void functions(const toml::node &N) {
    for (auto &&[Name, V] : table(N, "functions")) {
      std::string KK = "functions." + std::string(Name.str());
      if (Name == "min_percent_total") {
        P.MinPercentTotal = number(V, KK, 0, 100);
      } else if (Name == "ignore") {
        if (!V.is_array())
          wrongType(V, KK, "an array of globs");
        for (const toml::node &E : *V.as_array())
          P.Ignore.push_back(string(E, KK));
      } else if (Name == "timing") {
        section(V, KK, SectionKind::Timing, P.Timing);
      } else if (Name == "alloc") {
        section(V, KK, SectionKind::Alloc, P.Alloc);
      } else if (Name == "icount") {
        section(V, KK, SectionKind::Icount, P.Icount);
      } else if (Name == "budgets") {
        bool Empty = V.is_array() && V.as_array()->empty();
        if (!Empty && !V.is_array_of_tables())
          wrongType(V, KK, "an array of tables ([[functions.budgets]])");
        size_t I = 0;
        for (const toml::node &E : *V.as_array())
          budget(E, KK + "[" + std::to_string(I++) + "]");
      } else {
        unknownKey(V, KK,
                   "min_percent_total, ignore, timing, alloc, icount, "
                   "budgets");
      }
    }
  }

  void top(const toml::table &T) {
    for (auto &&[Name, V] : T) {
      std::string K(Name.str());
      if (K == "pr_check") {
        std::string S = string(V, K);
        if (S != "fail" && S != "warn")
          fail(&V, K, "expected \"fail\" or \"warn\", got \"" + S + "\"");
        P.PrCheckFail = S == "fail";
        continue;
      }
      if (K == "functions") {
        functions(V);
        continue;
      }
      if (K == "locks") {
        locks(V);
        continue;
      }
      if (K == "functions_sizes") {
        sizes(V);
        continue;
      }
      bool Foreign = false;
      for (const char *F : ForeignTables)
        Foreign |= K == F;
      if (!Foreign)
        unknownKey(V, K, "pr_check, functions, locks, functions_sizes");
      // The threads section exists here too, but only as a report.
      P.Notes.push_back(
          "[" + K + "] (line " + std::to_string(V.source().begin.line) +
          (K == "threads" ? ") is a hotpath-rs section; hotpath for C and "
                            "C++ reports threads but does not judge them; "
                            "ignored"
                          : ") is a hotpath-rs section for a resource that "
                            "hotpath for C and C++ does not profile; "
                            "ignored"));
    }
  }

private:
  const std::string &Path;
  Policy &P;
};

} // namespace

bool parsePolicy(const std::string &Text, const std::string &Path, Policy &Out,
                 std::string &Error) {
  toml::parse_result R = toml::parse(Text, Path);
  if (!R) {
    const toml::parse_error &E = R.error();
    Error = (Path.empty() ? "<policy>" : Path) + ":" +
            std::to_string(E.source().begin.line) +
            ": TOML syntax: " + std::string(E.description());
    for (char &C : Error)
      if (C == '\n')
        C = ' ';
    return false;
  }
  Policy P;
  P.Path = Path;
  try {
    Parser(Path, P).top(R.table());
  } catch (const PolicyError &E) {
    Error = E.Message;
    return false;
  }
  Out = std::move(P);
  return true;
}

bool loadPolicy(const std::string &Path, Policy &Out, std::string &Error) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    Error = Path + ": no such policy file";
    return false;
  }
  if (S_ISDIR(St.st_mode)) {
    Error = Path + ": is a directory, not a policy file";
    return false;
  }
  std::string Text;
  if (!support::readRegularFile(Path, support::MaxPolicyFileBytes, Text,
                                Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  return parsePolicy(Text, Path, Out, Error);
}

std::string findPolicy(const std::string &Explicit,
                       const std::string &Benchmark, const std::string &Dir) {
  if (!Explicit.empty())
    return Explicit;
  auto Exists = [](const std::string &P) {
    struct stat St;
    return ::stat(P.c_str(), &St) == 0 && S_ISREG(St.st_mode);
  };
  std::string Base = Dir.empty() ? "" : Dir + "/";
  // A Google Benchmark name with arguments ("BM_sort/1024/threads:2") has
  // slashes, which would escape hotpath/: it takes its family's policy
  // (hotpath/BM_sort-policy.toml).
  std::string Family = Benchmark.substr(0, Benchmark.find('/'));
  if (!Family.empty() && Family != "." && Family != "..") {
    std::string P = Base + "hotpath/" + Family + "-policy.toml";
    if (Exists(P))
      return P;
  }
  std::string P = Base + "hotpath/policy.toml";
  return Exists(P) ? P : "";
}

bool globMatch(const std::string &Glob, const std::string &Name) {
  // fnmatch(3) without FNM_PATHNAME: `*` crosses `::` and `/` alike; a
  // backslash is a character of the name (operator\ is not an escape).
  return ::fnmatch(Glob.c_str(), Name.c_str(), FNM_NOESCAPE) == 0;
}

} // namespace hotpath::policy
