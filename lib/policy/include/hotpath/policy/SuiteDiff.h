//===- SuiteDiff.h - `hotpath diff` of two benchmark directories ----------===//
//
// `hotpath bench` writes one report per benchmark into a directory. Two
// such directories (the base branch's and the pull request's) are judged
// benchmark by benchmark, each under its own policy lookup
// (findPolicy with the benchmark's name), and rendered as one summary
// followed by each benchmark's diff (the markdown comment: findings only).
// Benchmarks found on one side only are listed, not judged.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_SUITEDIFF_H
#define HOTPATH_POLICY_SUITEDIFF_H

#include "hotpath/policy/DiffRender.h"
#include "hotpath/policy/Judge.h"
#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::policy {

struct BenchmarkVerdict {
  std::string Name;
  std::string PolicyPath; // "" = built-in defaults
  Verdict V;
};

struct SuiteVerdict {
  std::vector<BenchmarkVerdict> Benchmarks; // in the head's order
  std::vector<std::string> OnlyInBase, OnlyInHead;
  std::string NoBase; // why there was no base to compare with ("": there was)
  /// 3 when any benchmark fails, 4 when none judged anything, else 0.
  int exitCode() const;
  const char *status() const; // as Verdict::status, over all benchmarks
};

/// Pairs Base and Head by meta.benchmark (the file name when a report has
/// none) and judges each pair; ExplicitPolicy ("" = the lookup) applies to
/// all. False with Error when a policy file is bad.
bool judgeSuite(const std::vector<report::Report> &Base,
                const std::vector<report::Report> &Head,
                const std::vector<std::string> &BasePaths,
                const std::vector<std::string> &HeadPaths,
                const std::string &ExplicitPolicy, SuiteVerdict &Out,
                std::string &Error);

std::string renderSuiteTable(const SuiteVerdict &S);
/// A pull-request comment: a summary line, the benchmarks with findings
/// (regressions, broken budgets) and their findings alone, new and gone
/// benchmarks in a line each; cut under CommentLimit, the cut saying that
/// FullVerdict (e.g. "`hotpath diff base head`") prints everything.
std::string renderSuiteMarkdown(const SuiteVerdict &S,
                                const std::string &FullVerdict);
std::string renderSuiteJson(const SuiteVerdict &S);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_SUITEDIFF_H
