//===- ReportTable.h - The table, and markdown ------------------*- C++ -*-===//
//
// As in hotpath-rs: a header line with the elapsed time and the sections,
// then per section a "title - description" line and an ASCII table with a
// rule between rows. The markdown form has the same rows, for CI comments.
// Focus and the row limit apply here only; JSON always holds every row.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORTTABLE_H
#define HOTPATH_REPORT_REPORTTABLE_H

#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::report {

struct TableOptions {
  unsigned Limit = 15; // rows per functions section; 0 = all
  std::string Focus;   // substring or /regex/
  /// One "warning: ..." line per meta.warnings entry under the header.
  /// The runtime already printed them when it read the environment.
  bool ShowWarnings = false;
  /// The Function column's width: names wider than this are elided
  /// (DisplayName.h). 0: from TerminalColumns, else no limit.
  size_t NameWidth = 0;
  /// The terminal's width: with NameWidth 0, names are elided so that the
  /// whole table fits it. 0: not a terminal.
  size_t TerminalColumns = 0;
  /// A Location column (file:line, relative to the working directory when
  /// under it) after the Function column.
  bool Location = false;
  /// Lines under the header (the tool's: what the CPU samples' attribution
  /// found), after the warnings.
  std::vector<std::string> Notes;
  /// The CPU samples were attributed (the tool): no hint to do so.
  bool CpuAttributed = false;
  /// Only the functions_sizes section: a table per function (`hotpath
  /// report --sizes`).
  bool SizesOnly = false;
};

/// The Function column's width when the table goes to a stream that is not
/// a terminal and nothing else is asked (HOTPATH_NAME_WIDTH, --name-width).
constexpr size_t DefaultNameWidth = 60;

std::string renderTable(const Report &R, const TableOptions &Opts);
std::string renderMarkdown(const Report &R, const TableOptions &Opts);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTTABLE_H
