//===- ReportTable.h - The table of SPEC 7.1, and markdown ------*- C++ -*-===//
//
// As in hotpath-rs: a header line with the elapsed time and the sections,
// then per section a "title - description" line and an ASCII table with a
// rule between rows. The markdown form has the same rows, for CI comments.
// Focus and the row limit apply here only; JSON always holds every row.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORTTABLE_H
#define HOTPATH_REPORT_REPORTTABLE_H

#include "Report.h"

#include <string>

namespace hotpath::report {

struct TableOptions {
  unsigned Limit = 15; // rows per functions section; 0 = all
  std::string Focus;   // substring or /regex/
  /// One "warning: ..." line per meta.warnings entry under the header.
  /// The runtime already printed them when it read the environment.
  bool ShowWarnings = false;
};

std::string renderTable(const Report &R, const TableOptions &Opts);
std::string renderMarkdown(const Report &R, const TableOptions &Opts);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTTABLE_H
