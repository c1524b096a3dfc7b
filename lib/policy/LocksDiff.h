//===- LocksDiff.h - The locks part of a rendered verdict -------*- C++ -*-===//
//
// Internal to lib/policy: DiffRender.cpp lays these rows out as a text
// table or markdown, like a section's.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_LOCKSDIFF_H
#define HOTPATH_POLICY_LOCKSDIFF_H

#include "hotpath/policy/Judge.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hotpath::policy {

/// "locks (judged: change > 20% and 1 ms of wait or 10 contended)".
std::string locksHeading(const LocksResult &L);
/// A header row, then one row per lock (only regressions when asked).
std::vector<std::vector<std::string>> locksRows(const LocksResult &L,
                                                bool OnlyFindings);
nlohmann::ordered_json locksJson(const LocksResult &L);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_LOCKSDIFF_H
