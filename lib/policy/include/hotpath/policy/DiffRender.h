//===- DiffRender.h - A verdict as a table, markdown or JSON ----*- C++ -*-===//
//
// All three start with the verdict: a summary line, then alerts, then
// regressions and broken budgets, then the full per-section tables. The
// markdown is meant to be posted as a pull-request comment as is.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_DIFFRENDER_H
#define HOTPATH_POLICY_DIFFRENDER_H

#include "hotpath/policy/Judge.h"

#include <string>

namespace hotpath::policy {

/// One line: "FAIL: 1 regression (1 failing), 0 improvements, ...".
/// What GitHub takes in a comment is 65,536 characters: markdown output
/// stays under this, leaving room for a line the workflow adds.
constexpr size_t CommentLimit = 60000;

std::string summaryLine(const Verdict &V);

std::string renderDiffTable(const Verdict &V, const std::string &PolicyPath);
std::string renderDiffMarkdown(const Verdict &V, const std::string &PolicyPath);
/// The regressions and broken budgets of V alone, as markdown sections
/// under headings of the given level ("###").
std::string renderFindingsMarkdown(const Verdict &V,
                                   const std::string &Heading);
std::string renderDiffJson(const Verdict &V, const std::string &PolicyPath);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_DIFFRENDER_H
