//===- Judge.h - Compare two reports under a policy -------------*- C++ -*-===//
//
// Rows are matched by function name; each row of each section gets the
// first outcome that applies, in docs/policy.md's order. Budgets are absolute
// limits on the head report alone. What fails the verdict follows
// hotpath-rs: a finding fails only when its block has fail_check (budgets by
// default, sections when they opt in), the environment does not make it
// meaningless, and pr_check is "fail".
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_JUDGE_H
#define HOTPATH_POLICY_JUDGE_H

#include "hotpath/policy/Policy.h"
#include "hotpath/report/Report.h"

#include <optional>
#include <string>
#include <vector>

namespace hotpath::policy {

/// In docs/policy.md's order: the first that applies wins.
enum class Outcome {
  Ignored,
  BelowFloor,
  Added,
  Removed,
  TooFewCalls,
  NotTimed, // a default-mode row whose time came from samples, on a side
  Regression,
  Improvement,
  Unchanged
};
const char *outcomeName(Outcome O); // "regression", "below floor", ...
const char *outcomeKey(Outcome O);  // "regression", "below_floor", ...

struct MetricChange {
  Metric M;
  uint64_t Base = 0, Head = 0;
  double Percent = 0; // (head-base)/base*100; +inf when base is 0
  int Direction = 0;  // +1 beyond the threshold upward, -1 downward, 0 not
};

struct Side {
  bool Present = false;
  uint64_t Calls = 0;
  double PercentTotal = 0;
  report::FunctionRow Row;
};

/// Why a regression or an improvement happened (docs/policy.md, "Causes"):
/// its own cost (`Self`: its body, what it calls that is not measured, or
/// how often it calls a measured function), a measured callee's cost per
/// call (`Via`: Via names the functions where the change is the callee's
/// own), or how often its callers call it (`Calls`: Via names them).
enum class Cause { None, Self, Via, Calls };
const char *causeKey(Cause C); // "self", "via", "calls", "" for None

struct RowResult {
  std::string Name; // with " (file)" when the name alone is ambiguous
  Outcome O = Outcome::Unchanged;
  Side Base, Head;
  std::vector<MetricChange> Changes; // for the judged metrics
  // The function's own cost per call (SectionResult::SelfMetric), judged
  // with the section's thresholds; absent without self figures.
  std::optional<MetricChange> SelfChange;
  Cause C = Cause::None;
  // Via, Calls: the row names the cause is; Self: callees whose change
  // moved it beyond the tolerance too. The largest share first.
  std::vector<std::string> Via;
  std::string Detail; // "calls bench::mix 1 → 2 times a call"
  // A finding explained by other findings of the section: listed under
  // them, it fails nothing and is not counted as a regression of its own.
  bool Covered = false;
  bool Failing = false;
};

struct SectionResult {
  SectionKind K = SectionKind::Timing;
  bool Judged = false;   // the policy judges it
  bool Compared = false; // present and measured in both reports
  std::string Skipped;   // why it was not compared ("" when compared)
  bool FailCheck = false;
  bool EnvNoFail = false; // the environment differs: findings never fail
  double MinPercentChange = 0;
  uint64_t MinChangePerCall = 0;
  std::vector<Metric> Metrics; // the metrics actually compared
  // "self_icount", "self_time", "self_alloc_bytes" when the reports give
  // each function's own cost; "" when they do not (then every finding is
  // its own cause) or when the rows are own costs already.
  std::string SelfMetric;
  std::vector<RowResult> Rows; // regressions first
};

struct LockChange {
  LockMetric M = LockMetric::Wait;
  uint64_t Base = 0, Head = 0; // ns, or acquisitions for Contended
  double Percent = 0;
  int Direction = 0; // as MetricChange's
};

/// One lock of either report, matched by its label and kind
/// ("app::Shared", "mutex"): the tool names locks before judging.
struct LockRowResult {
  std::string Name, Kind;
  Outcome O = Outcome::Unchanged;
  bool InBase = false, InHead = false;
  report::LockRow Base, Head;
  std::vector<LockChange> Changes;
  bool Failing = false;
};

struct LocksResult {
  bool Judged = false, Compared = false, FailCheck = false;
  bool EnvNoFail = false; // as timing's: waits are time
  std::string Skipped;    // why not compared ("" when compared)
  LocksPolicy Settings;
  std::vector<LockRowResult> Rows; // regressions first
};

/// One bucket of a sized function in both reports.
struct SizeBucketChange {
  uint64_t Lo = 0, Hi = 0;
  double Base = 0, Head = 0; // cost a call
  double Percent = 0;
  int Direction = 0; // as MetricChange's
};

/// One sized function of either report, matched by its name and size.
struct SizeRowResult {
  std::string Name, Size;
  Outcome O = Outcome::Unchanged;
  bool InBase = false, InHead = false;
  std::string Metric;               // "icount" or "time": what was compared
  std::string BaseClass, HeadClass; // "" when the fit had too little data
  int ComplexityDirection = 0;      // +1 grew, -1 shrank
  std::vector<SizeBucketChange> Buckets; // judged buckets, by size
  bool Failing = false;
};

struct SizesResult {
  bool Judged = false, Compared = false;
  std::string Skipped; // why not compared ("" when compared)
  SizesPolicy Settings;
  std::vector<SizeRowResult> Rows; // regressions first
};

struct BudgetViolation {
  std::string Function;
  std::string What; // "calls 999 below min 1,000", "alloc.avg 3 B > 2 B"
  bool Failing = false;
};

struct BudgetResult {
  const Budget *B = nullptr;
  unsigned Matched = 0; // functions in the head report matching `match`
  std::vector<BudgetViolation> Violations;
  std::vector<std::string> NotChecked; // limits the head cannot answer
  bool Broken = false;
  bool Failing = false;
};

struct Verdict {
  std::vector<SectionResult> Sections; // timing, alloc, icount
  LocksResult Locks;
  SizesResult Sizes;
  std::vector<BudgetResult> Budgets;
  std::vector<std::string> Alerts; // environment differences
  std::vector<std::string> Notes;  // what was skipped and why
  unsigned Regressions = 0, Improvements = 0, Judged = 0, Failing = 0,
           BrokenBudgets = 0;
  // Regressions listed under their causes (Covered), not in Regressions.
  unsigned CoveredRegressions = 0;
  bool PrCheckFail = true;
  bool BudgetsOnly = false;

  bool fails() const { return PrCheckFail && Failing > 0; }
  /// 3 failing finding, 4 nothing judged, 0 otherwise (docs/policy.md).
  int exitCode() const { return fails() ? 3 : Judged == 0 ? 4 : 0; }
  /// "fail", "warn" (failing findings under pr_check = "warn"),
  /// "nothing judged" or "pass".
  const char *status() const;
};

/// Compares `Base` with `Head` under `P`; `Base` null judges budgets only.
Verdict judge(const report::Report *Base, const report::Report &Head,
              const Policy &P);

/// Where a row of this outcome stands in a section: regressions first.
int outcomeRank(Outcome O);

/// Whether any row (a lock's, a sized function's) is a regression.
template <typename Row> bool anyRegression(const std::vector<Row> &Rows) {
  for (const Row &R : Rows)
    if (R.O == Outcome::Regression)
      return true;
  return false;
}

/// Counts a judged row's outcome into V (when Judged) and returns whether
/// it fails the check (a regression where the section may fail).
bool countOutcome(Verdict &V, Outcome O, bool Judged, bool CanFail);

/// Compares the locks sections (part of judge()): fills V.Locks and
/// counts its findings into V.
void judgeLocks(const report::Report &Base, const report::Report &Head,
                const Policy &P, bool TimingNoFail, Verdict &V);

/// Compares the functions_sizes sections (part of judge()): fills V.Sizes
/// and counts its findings into V.
void judgeSizes(const report::Report &Base, const report::Report &Head,
                const Policy &P, Verdict &V);

/// Percent change of a metric: (head-base)/base*100, +inf from zero.
double percentChange(uint64_t Base, uint64_t Head);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_JUDGE_H
