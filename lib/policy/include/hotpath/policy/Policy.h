//===- Policy.h - Regression policy files -----------------------*- C++ -*-===//
//
// The schema of hotpath-rs: [functions] with a floor and ignore globs, one
// table per judged section, [[functions.budgets]]. Validation is strict: an
// unknown key, a wrong type or an impossible value is an error naming the
// file, the line, the key and the problem, since a typo silently ignored
// would turn a check off. Tables for resources only hotpath-rs produces
// ([channels], [futures], ...) are accepted with a note, so that one policy
// can serve both profilers.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_POLICY_H
#define HOTPATH_POLICY_POLICY_H

#include "hotpath/report/Report.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotpath::policy {

using report::SectionKind;

/// A judged or budgeted figure of a row: avg, total or a percentile.
struct Metric {
  enum Kind { Avg, Total, Percentile } K = Avg;
  double P = 0; // Percentile only
  std::string name() const;
  bool operator==(const Metric &O) const { return K == O.K && P == O.P; }
};

/// Parses "avg", "total", "p95", "p99.9"; false for anything else.
bool parseMetric(const std::string &S, Metric &Out);

/// The largest min_percent_change a policy may give (the schema's bound).
constexpr double MaxPercentChange = 1e9;

/// Instructions a call that a change must exceed to be judged, by default
/// (min_change_per_call of [functions.icount]): libc's start-up and
/// allocator move a few dozen between two builds or two runs of one commit.
constexpr uint64_t DefaultIcountFloorPerCall = 50;

struct SectionPolicy {
  bool Judged = false;
  std::vector<Metric> Metrics{{Metric::Avg}, {Metric::Total}};
  double MinPercentChange = 0;
  /// A change smaller than this a call (the section's unit: ns, bytes, Ir)
  /// is not judged, whatever its percentage: for avg and percentiles the
  /// difference itself, for total the difference over the calls.
  uint64_t MinChangePerCall = 0;
  uint64_t MinCalls = 0;
  bool FailCheck = false; // sections fail the verdict only when they opt in
};

/// What `[locks]` compares per lock (docs/policy.md): the total wait,
/// the contended acquisitions, and the wait's average (per contended
/// acquisition), p95 and maximum.
enum class LockMetric { Wait, Contended, AvgWait, P95Wait, MaxWait };
const char *lockMetricName(LockMetric M); // "wait", "contended", ...
bool parseLockMetric(const std::string &S, LockMetric &Out);

/// `[locks]`: lock waits are timing, so shown but not judged by default.
struct LocksPolicy {
  bool Judged = false;
  std::vector<LockMetric> Metrics{LockMetric::Wait, LockMetric::Contended};
  double MinPercentChange = 20;
  /// A wait metric's change below this (ns) is not judged, whatever its
  /// percentage; likewise contended acquisitions below MinContendedChange.
  uint64_t MinWaitChange = 1000000;
  uint64_t MinContendedChange = 10;
  uint64_t MinAcquisitions = 0;
  bool FailCheck = false;
};

/// `[functions_sizes]` (docs/policy.md): each sized function's complexity
/// class and its buckets' cost a call, on instructions when both reports
/// have them (exact), else on time.
struct SizesPolicy {
  bool Judged = true;
  /// A class that grew (O(n) to O(n^2)) fails the check.
  bool FailOnComplexity = false;
  /// A bucket's cost a call that grew past min_percent_change fails it.
  bool FailCheck = false;
  double MinPercentChange = 10;
  uint64_t MinCalls = 1; // in the bucket, in both reports
};

struct Limit {
  Metric M;
  uint64_t Max = 0; // base units
  std::string Text; // as written, for messages
};

struct Budget {
  std::string Match; // glob over function names
  std::optional<uint64_t> CallsMin, CallsMax;
  std::vector<Limit> Timing, Alloc, Icount;
  std::string Message;
  bool FailCheck = true; // budgets fail the verdict by default
  unsigned Line = 0;

  const std::vector<Limit> &limits(SectionKind K) const {
    return K == SectionKind::Timing  ? Timing
           : K == SectionKind::Alloc ? Alloc
                                     : Icount;
  }
};

struct Policy {
  std::string Path;        // "" = the built-in defaults
  bool PrCheckFail = true; // pr_check = "fail" (default) | "warn"
  double MinPercentTotal = 0.5;
  std::vector<std::string> Ignore;
  SectionPolicy Timing, Alloc, Icount;
  LocksPolicy Locks;
  SizesPolicy Sizes;
  std::vector<Budget> Budgets;
  /// Accepted but not used (hotpath-rs sections), shown with the verdict.
  std::vector<std::string> Notes;

  Policy();
  /// Whether a name matches a glob of functions.ignore.
  bool ignores(const std::string &Name) const;
  const SectionPolicy &section(SectionKind K) const {
    return K == SectionKind::Timing  ? Timing
           : K == SectionKind::Alloc ? Alloc
                                     : Icount;
  }
};

/// The built-in policy used when no file is found (see docs/policy.md):
/// allocations and instruction counts judged, timing shown but not judged,
/// nothing fails except budgets (there are none).
Policy defaultPolicy();

/// Parses and validates a policy. On failure returns false and sets `Error`
/// to one line: "<path>:<line>: <key>: <problem>".
bool parsePolicy(const std::string &Text, const std::string &Path, Policy &Out,
                 std::string &Error);
bool loadPolicy(const std::string &Path, Policy &Out, std::string &Error);

/// The policy lookup: `Explicit` (--policy), else
/// hotpath/<Benchmark>-policy.toml, else hotpath/policy.toml, relative to
/// `Dir`. Returns "" when none exists.
std::string findPolicy(const std::string &Explicit,
                       const std::string &Benchmark, const std::string &Dir);

/// Glob over function names: `*` any run of characters (also `::`), `?` one
/// character, `[abc]`/`[a-z]`/`[!x]` a class. The whole name must match.
bool globMatch(const std::string &Glob, const std::string &Name);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_POLICY_H
