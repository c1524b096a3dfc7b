//===- Judge.cpp - Compare two reports under a policy ---------------------===//
#include "hotpath/policy/Judge.h"
#include "Causes.h"
#include "hotpath/policy/PolicyUnits.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace hotpath::policy {

using report::FunctionRow;
using report::FunctionsSection;
using report::Report;

const char *outcomeName(Outcome O) {
  switch (O) {
  case Outcome::Ignored:
    return "ignored";
  case Outcome::BelowFloor:
    return "below floor";
  case Outcome::Added:
    return "added";
  case Outcome::Removed:
    return "removed";
  case Outcome::TooFewCalls:
    return "too few calls";
  case Outcome::NotTimed:
    return "not timed";
  case Outcome::Regression:
    return "regression";
  case Outcome::Improvement:
    return "improvement";
  case Outcome::Unchanged:
    return "unchanged";
  }
  return "?";
}

const char *outcomeKey(Outcome O) {
  switch (O) {
  case Outcome::BelowFloor:
    return "below_floor";
  case Outcome::TooFewCalls:
    return "too_few_calls";
  case Outcome::NotTimed:
    return "not_timed";
  default:
    return outcomeName(O);
  }
}

const char *causeKey(Cause C) {
  switch (C) {
  case Cause::Self:
    return "self";
  case Cause::Via:
    return "via";
  case Cause::Calls:
    return "calls";
  case Cause::None:
    break;
  }
  return "";
}

const char *Verdict::status() const {
  if (fails())
    return "fail";
  if (Failing)
    return "warn";
  return Judged ? "pass" : "nothing judged";
}

int outcomeRank(Outcome O) {
  switch (O) {
  case Outcome::Regression:
    return 0;
  case Outcome::Improvement:
    return 1;
  case Outcome::Added:
    return 2;
  case Outcome::Removed:
    return 3;
  case Outcome::Unchanged:
    return 4;
  case Outcome::TooFewCalls:
    return 5;
  case Outcome::NotTimed:
    return 6;
  case Outcome::BelowFloor:
    return 7;
  case Outcome::Ignored:
    return 8;
  }
  return 9;
}

bool countOutcome(Verdict &V, Outcome O, bool Judged, bool CanFail) {
  if (Judged) {
    V.Judged += O == Outcome::Regression || O == Outcome::Improvement ||
                O == Outcome::Unchanged;
    V.Regressions += O == Outcome::Regression;
    V.Improvements += O == Outcome::Improvement;
  }
  bool Failing = CanFail && O == Outcome::Regression;
  V.Failing += Failing;
  return Failing;
}

double percentChange(uint64_t Base, uint64_t Head) {
  if (Base == 0)
    return Head == 0 ? 0 : std::numeric_limits<double>::infinity();
  return (double(Head) - double(Base)) / double(Base) * 100.0;
}

namespace {

/// The value of `M` in `R`; nullopt when the section lacks that percentile.
std::optional<uint64_t> metricValue(const FunctionsSection &S,
                                    const FunctionRow &R, const Metric &M) {
  if (M.K == Metric::Avg)
    return R.Avg;
  if (M.K == Metric::Total)
    return R.Total;
  for (size_t I = 0; I < S.Percentiles.size() && I < R.Percentiles.size(); ++I)
    if (report::percentileKey(S.Percentiles[I]) == M.name())
      return R.Percentiles[I];
  return std::nullopt;
}

bool hasPercentile(const FunctionsSection &S, const Metric &M) {
  for (double P : S.Percentiles)
    if (report::percentileKey(P) == M.name())
      return true;
  return false;
}

/// Why a section cannot be used, or "" when it can.
std::string unusable(const FunctionsSection &S, const char *Which) {
  if (!S.Present)
    return std::string("not in the ") + Which + " report";
  if (S.Kind == SectionKind::Timing && !S.timed())
    return std::string("not measured in the ") + Which +
           " report (run under Valgrind or with sampling rate 0)";
  if (S.Kind == SectionKind::Icount && S.Total == 0 && !S.Data.empty())
    return std::string("no instruction counts in the ") + Which +
           " report (calls only)";
  return "";
}

std::string rowKey(const FunctionRow &R, bool Ambiguous) {
  return Ambiguous ? R.Name + " (" + (R.File.empty() ? "?" : R.File) + ")"
                   : R.Name;
}

std::map<std::string, int> nameCounts(const FunctionsSection &S) {
  std::map<std::string, int> N;
  for (const FunctionRow &R : S.Data)
    ++N[R.Name];
  return N;
}

double largestChange(const RowResult &R) {
  double M = 0;
  for (const MetricChange &C : R.Changes)
    M = std::max(M, std::fabs(C.Percent));
  return M;
}

void compareSection(const Report &BR, const Report &HR, const Policy &P,
                    SectionResult &S, Verdict &V) {
  const FunctionsSection &B = BR.section(S.K), &H = HR.section(S.K);
  const SectionPolicy &SP = P.section(S.K);
  CostGraph BG = costGraph(BR, S.K), HG = costGraph(HR, S.K);
  if (BG.HasSelf && HG.HasSelf)
    S.SelfMetric = selfMetricName(S.K);
  const char *Title = report::sectionTitle(S.K);
  for (const Metric &M : SP.Metrics) {
    if (M.K == Metric::Percentile &&
        (!hasPercentile(B, M) || !hasPercentile(H, M))) {
      V.Notes.push_back(std::string(Title) + ": metric " + M.name() +
                        " is not in both reports (HOTPATH_PERCENTILES); not "
                        "judged");
      continue;
    }
    S.Metrics.push_back(M);
  }
  auto BN = nameCounts(B), HN = nameCounts(H);
  std::map<std::string, RowResult> Rows;
  auto Add = [&](const FunctionRow &R, bool IsBase,
                 const std::map<std::string, int> &Own) {
    const auto &Other = IsBase ? HN : BN;
    auto It = Other.find(R.Name);
    bool Ambiguous =
        Own.at(R.Name) > 1 || (It != Other.end() && It->second > 1);
    std::string Key = rowKey(R, Ambiguous);
    RowResult &Row = Rows[Key];
    Row.Name = Key;
    Side &Sd = IsBase ? Row.Base : Row.Head;
    Sd.Present = true;
    Sd.Calls = R.Calls;
    Sd.PercentTotal = R.PercentTotal;
    Sd.Row = R;
  };
  for (const FunctionRow &R : B.Data)
    Add(R, true, BN);
  for (const FunctionRow &R : H.Data)
    Add(R, false, HN);

  bool CanFail = S.Judged && SP.FailCheck && !S.EnvNoFail;
  for (auto &[Key, Row] : Rows) {
    double Share = std::max(Row.Base.Present ? Row.Base.PercentTotal : 0.0,
                            Row.Head.Present ? Row.Head.PercentTotal : 0.0);
    if (P.ignores(Row.Base.Present ? Row.Base.Row.Name : Row.Head.Row.Name))
      Row.O = Outcome::Ignored;
    else if (Share < P.MinPercentTotal)
      Row.O = Outcome::BelowFloor; // below on every side it is present
    else if (!Row.Base.Present)
      Row.O = Outcome::Added;
    else if (!Row.Head.Present)
      Row.O = Outcome::Removed;
    else if (std::min(Row.Base.Calls, Row.Head.Calls) < SP.MinCalls)
      Row.O = Outcome::TooFewCalls;
    // The default mode times a function only when its calls are long: a
    // row without a wall time on either side has nothing to compare (its
    // CPU is the samples', which the judge does not read).
    else if (S.K == SectionKind::Timing &&
             (Row.Base.Row.TimeSource.value_or("") == "samples" ||
              Row.Head.Row.TimeSource.value_or("") == "samples"))
      Row.O = Outcome::NotTimed;
    else {
      bool Up = false, Down = false;
      for (const Metric &M : S.Metrics) {
        MetricChange C;
        C.M = M;
        C.Base = metricValue(B, Row.Base.Row, M).value_or(0);
        C.Head = metricValue(H, Row.Head.Row, M).value_or(0);
        C.Percent = percentChange(C.Base, C.Head);
        // Below the absolute floor a change is noise whatever its share.
        uint64_t Floor =
            SP.MinChangePerCall *
            (M.K == Metric::Total ? std::max(Row.Base.Calls, Row.Head.Calls)
                                  : 1);
        bool Small =
            (C.Head > C.Base ? C.Head - C.Base : C.Base - C.Head) < Floor;
        if (!Small && C.Percent > SP.MinPercentChange)
          C.Direction = 1;
        else if (!Small && C.Percent < -SP.MinPercentChange)
          C.Direction = -1;
        Up |= C.Direction > 0;
        Down |= C.Direction < 0;
        Row.Changes.push_back(C);
      }
      // The function's own cost is judged too: a change in its own code
      // that its callees' changes hide is still a finding.
      if (!S.SelfMetric.empty() && Key == Row.Base.Row.Name)
        Row.SelfChange =
            selfChange(BG, HG, Key, SP.MinPercentChange, SP.MinChangePerCall);
      // An own figure is a mean a call: judged beside avg or total, not
      // in place of a percentile the policy chose against outliers.
      if (Row.SelfChange &&
          std::none_of(S.Metrics.begin(), S.Metrics.end(), [](const Metric &M) {
            return M.K != Metric::Percentile;
          }))
        Row.SelfChange->Direction = 0;
      if (Row.SelfChange) {
        Up |= Row.SelfChange->Direction > 0;
        Down |= Row.SelfChange->Direction < 0;
      }
      Row.O = !S.Judged ? Outcome::Unchanged
              : Up      ? Outcome::Regression
              : Down    ? Outcome::Improvement
                        : Outcome::Unchanged;
      if (!S.Judged) { // shown for context: the changes, but no outcome
        for (MetricChange &C : Row.Changes)
          C.Direction = 0;
        if (Row.SelfChange)
          Row.SelfChange->Direction = 0;
      }
    }
    S.Rows.push_back(std::move(Row));
  }
  if (S.Judged)
    assignCauses(S, BG, HG);
  for (RowResult &Row : S.Rows) {
    if (Row.Covered) { // listed under its causes: judged, fails nothing
      ++V.Judged;
      ++V.CoveredRegressions;
      continue;
    }
    Row.Failing = countOutcome(V, Row.O, S.Judged, CanFail);
  }
  std::sort(S.Rows.begin(), S.Rows.end(),
            [](const RowResult &A, const RowResult &B) {
              if (outcomeRank(A.O) != outcomeRank(B.O))
                return outcomeRank(A.O) < outcomeRank(B.O);
              if (largestChange(A) != largestChange(B))
                return largestChange(A) > largestChange(B);
              return A.Name < B.Name;
            });
}

std::string versionOf(const std::optional<std::string> &A,
                      const std::optional<std::string> &B) {
  return (A ? *A : "?") + (B ? " " + *B : "");
}

/// Differences between the runs' environments: one alert each. Only known
/// values on both sides are compared (an older report may lack a field).
void compareEnvironment(const Report &B, const Report &H, Verdict &V,
                        bool &IcountNoFail, bool &TimingNoFail) {
  auto Differs = [&](const std::optional<std::string> &X,
                     const std::optional<std::string> &Y, const char *What,
                     bool Icount, bool Timing) {
    if (!X || !Y || *X == *Y)
      return;
    std::string Affects = Icount && Timing ? "icount and timing"
                          : Icount         ? "icount"
                                           : "timing";
    V.Alerts.push_back(std::string(What) + " differs (base " + *X + ", head " +
                       *Y + "): compared anyway; " + Affects +
                       " changes may come from the environment and never "
                       "fail the check");
    IcountNoFail |= Icount;
    TimingNoFail |= Timing;
  };
  auto Compiler = [](const report::Meta &M) -> std::optional<std::string> {
    if (!M.Compiler && !M.CompilerVersion)
      return std::nullopt;
    return versionOf(M.Compiler, M.CompilerVersion);
  };
  auto ValgrindOf = [](const Report &R) -> std::optional<std::string> {
    return R.Icount.Tool ? R.Icount.Tool : R.M.Tool;
  };
  Differs(Compiler(B.M), Compiler(H.M), "compiler", true, false);
  Differs(B.M.LlvmVersion, H.M.LlvmVersion, "plugin LLVM version", true, false);
  Differs(std::optional<std::string>(B.M.HotpathVersion),
          std::optional<std::string>(H.M.HotpathVersion), "hotpath version",
          true, false);
  if (B.Icount.Present && H.Icount.Present)
    Differs(ValgrindOf(B), ValgrindOf(H), "Valgrind tool", true, false);
  Differs(B.M.CpuVendor, H.M.CpuVendor, "CPU vendor", true, true);
  Differs(B.M.CpuModel, H.M.CpuModel, "CPU model", false, true);
}

const FunctionRow *findRow(const FunctionsSection &S, const std::string &N) {
  for (const FunctionRow &R : S.Data)
    if (R.Name == N)
      return &R;
  return nullptr;
}

void checkBudget(const Budget &Bu, const Report &H, bool IcountNoFail,
                 bool TimingNoFail, BudgetResult &Res) {
  Res.B = &Bu;
  // Functions of the head report matching the glob, in report order.
  std::vector<std::string> Names;
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Icount, SectionKind::Alloc})
    for (const FunctionRow &R : H.section(K).Data)
      if (globMatch(Bu.Match, R.Name) &&
          std::find(Names.begin(), Names.end(), R.Name) == Names.end())
        Names.push_back(R.Name);
  Res.Matched = unsigned(Names.size());
  if (Names.empty()) {
    // A budget that checks nothing is most likely a renamed function or a
    // typo: silently passing would hide that.
    Res.Violations.push_back(
        {"", "matched no function of the head report", Bu.FailCheck});
  }
  for (const std::string &N : Names) {
    const FunctionRow *Any = nullptr;
    for (SectionKind K :
         {SectionKind::Timing, SectionKind::Icount, SectionKind::Alloc})
      if (!Any)
        Any = findRow(H.section(K), N);
    if (Bu.CallsMin && Any->Calls < *Bu.CallsMin)
      Res.Violations.push_back({N,
                                "calls " + report::formatCount(Any->Calls) +
                                    " below min " +
                                    report::formatCount(*Bu.CallsMin),
                                Bu.FailCheck});
    if (Bu.CallsMax && Any->Calls > *Bu.CallsMax)
      Res.Violations.push_back({N,
                                "calls " + report::formatCount(Any->Calls) +
                                    " above max " +
                                    report::formatCount(*Bu.CallsMax),
                                Bu.FailCheck});
    for (SectionKind K :
         {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount}) {
      const std::vector<Limit> &Ls = Bu.limits(K);
      if (Ls.empty())
        continue;
      const FunctionsSection &S = H.section(K);
      const char *Title = report::sectionTitle(K);
      std::string Why = unusable(S, "head");
      if (!Why.empty()) {
        std::string Msg = std::string(Title) + " limits: " + Why;
        if (std::find(Res.NotChecked.begin(), Res.NotChecked.end(), Msg) ==
            Res.NotChecked.end())
          Res.NotChecked.push_back(Msg);
        continue;
      }
      const FunctionRow *R = findRow(S, N);
      FunctionRow
          Zero; // an allocation row is absent when nothing was allocated
      if (!R && K != SectionKind::Alloc)
        continue;
      if (!R)
        R = &Zero;
      Quantity Q = K == SectionKind::Timing  ? Quantity::Duration
                   : K == SectionKind::Alloc ? Quantity::Bytes
                                             : Quantity::Count;
      bool NoFail = (K == SectionKind::Icount && IcountNoFail) ||
                    (K == SectionKind::Timing && TimingNoFail);
      for (const Limit &L : Ls) {
        std::optional<uint64_t> V = R == &Zero && L.M.K == Metric::Percentile
                                        ? std::optional<uint64_t>(0)
                                        : metricValue(S, *R, L.M);
        if (!V) {
          std::string Msg = std::string(Title) + "." + L.M.name() +
                            ": not in the head report (HOTPATH_PERCENTILES)";
          if (std::find(Res.NotChecked.begin(), Res.NotChecked.end(), Msg) ==
              Res.NotChecked.end())
            Res.NotChecked.push_back(Msg);
          continue;
        }
        if (*V > L.Max)
          Res.Violations.push_back({N,
                                    std::string(Title) + "." + L.M.name() +
                                        " " + formatQuantity(*V, Q) +
                                        " above " + L.Text,
                                    Bu.FailCheck && !NoFail});
      }
    }
  }
  Res.Broken = !Res.Violations.empty();
  for (const BudgetViolation &V : Res.Violations)
    Res.Failing |= V.Failing;
}

} // namespace

Verdict judge(const Report *Base, const Report &Head, const Policy &P) {
  Verdict V;
  V.PrCheckFail = P.PrCheckFail;
  V.BudgetsOnly = !Base;
  V.Notes = P.Notes;
  bool IcountNoFail = false, TimingNoFail = false;
  if (Base)
    compareEnvironment(*Base, Head, V, IcountNoFail, TimingNoFail);
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount}) {
    SectionResult S;
    S.K = K;
    const SectionPolicy &SP = P.section(K);
    S.Judged = SP.Judged;
    S.FailCheck = SP.FailCheck;
    S.MinPercentChange = SP.MinPercentChange;
    S.MinChangePerCall = SP.MinChangePerCall;
    S.EnvNoFail = (K == SectionKind::Icount && IcountNoFail) ||
                  (K == SectionKind::Timing && TimingNoFail);
    if (!Base) {
      S.Skipped = "no base report (--budgets-only)";
    } else {
      const FunctionsSection &B = Base->section(K), &H = Head.section(K);
      S.Skipped = unusable(B, "base");
      if (S.Skipped.empty())
        S.Skipped = unusable(H, "head");
      if (S.Skipped.empty() &&
          B.Exclusive.value_or(false) != H.Exclusive.value_or(false))
        S.Skipped = "one report has exclusive (self) times, the other "
                    "inclusive ones";
      if (S.Skipped.empty() &&
          B.Cumulative.value_or(false) != H.Cumulative.value_or(false))
        S.Skipped = "one report has cumulative allocations, the other not";
      if (S.Skipped.empty()) {
        S.Compared = true;
        compareSection(*Base, Head, P, S, V);
      } else if (S.Judged && (B.Present || H.Present)) {
        V.Notes.push_back(std::string(report::sectionTitle(K)) +
                          ": not compared: " + S.Skipped);
      }
    }
    V.Sections.push_back(std::move(S));
  }
  V.Locks.Settings = P.Locks;
  if (Base)
    judgeLocks(*Base, Head, P, TimingNoFail, V);
  else
    V.Locks.Skipped = "no base report (--budgets-only)";
  V.Sizes.Settings = P.Sizes;
  if (Base)
    judgeSizes(*Base, Head, P, V);
  else
    V.Sizes.Skipped = "no base report (--budgets-only)";
  for (const Budget &Bu : P.Budgets) {
    BudgetResult R;
    checkBudget(Bu, Head, IcountNoFail, TimingNoFail, R);
    V.Judged += 1;
    V.BrokenBudgets += R.Broken;
    for (const BudgetViolation &BV : R.Violations)
      V.Failing += BV.Failing;
    V.Budgets.push_back(std::move(R));
  }
  return V;
}

} // namespace hotpath::policy
