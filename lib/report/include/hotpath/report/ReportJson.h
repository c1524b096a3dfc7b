//===- ReportJson.h - Report <-> JSON ---------------------------*- C++ -*-===//
//
// Writing never fails. Reading validates everything the model relies on
// (type, version, every section's shape and every row's types) and turns
// any problem into one line naming where it is, e.g.
//   functions_timing.data[3].calls: expected a non-negative integer
// It never throws.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORTJSON_H
#define HOTPATH_REPORT_REPORTJSON_H

#include "hotpath/report/Report.h"

#include <nlohmann/json.hpp>

#include <string>

namespace hotpath::report {

nlohmann::ordered_json toJson(const Report &R);
/// The JSON text; `Pretty` indents by 2. Ends with a newline.
std::string writeJson(const Report &R, bool Pretty);

/// Parses and validates `Text`. On failure returns false and sets `Error`
/// to one line without a trailing newline.
bool parseReport(const std::string &Text, Report &Out, std::string &Error);
/// Reads `Path` and parses it; `Error` does not repeat the path.
bool readReportFile(const std::string &Path, Report &Out, std::string &Error);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTJSON_H
