//===- SizesDiff.h - The input sizes part of a rendered verdict -*- C++ -*-===//
//
// Internal to lib/policy: DiffRender.cpp lays these rows out as a text
// table or markdown, like the locks'.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_SIZESDIFF_H
#define HOTPATH_POLICY_SIZESDIFF_H

#include "hotpath/policy/Judge.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hotpath::policy {

/// "functions_sizes (judged: complexity, and a size's cost a call > 10%)".
std::string sizesHeading(const SizesResult &S);
/// A header row, then one row per sized function (only regressions when
/// asked).
std::vector<std::vector<std::string>> sizesRows(const SizesResult &S,
                                                bool OnlyFindings);
nlohmann::ordered_json sizesJson(const SizesResult &S);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_SIZESDIFF_H
