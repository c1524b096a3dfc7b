//===- DiffRender.h - A verdict as a table, markdown or JSON ----*- C++ -*-===//
//
// All three start with the verdict: a summary line, then alerts, then
// regressions and broken budgets, then the full per-section tables. The
// markdown is meant to be posted as a pull-request comment as is.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_DIFFRENDER_H
#define HOTPATH_POLICY_DIFFRENDER_H

#include "Judge.h"

#include <string>

namespace hotpath::policy {

/// One line: "FAIL: 1 regression (1 failing), 0 improvements, ...".
std::string summaryLine(const Verdict &V);

std::string renderDiffTable(const Verdict &V, const std::string &PolicyPath);
std::string renderDiffMarkdown(const Verdict &V, const std::string &PolicyPath);
std::string renderDiffJson(const Verdict &V, const std::string &PolicyPath);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_DIFFRENDER_H
