//===- ReportDir.h - A directory of reports (`hotpath bench -o`) ----------===//
#ifndef HOTPATH_REPORT_REPORTDIR_H
#define HOTPATH_REPORT_REPORTDIR_H

#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::report {

/// Whether Path names a directory.
bool isDirectory(const std::string &Path);

/// Whether anything is at Path (a dangling symlink too).
bool pathExists(const std::string &Path);

/// The report files of a directory, sorted: every *.json but Google
/// Benchmark's own *.gbench.json and hidden files; none when Dir cannot
/// be read.
std::vector<std::string> reportFiles(const std::string &Dir);

/// The reports of a directory: every *.json but Google Benchmark's own
/// *.gbench.json, sorted by file name, with their paths; false with Error
/// (one line) on the first file that is not a report, or when there is
/// none.
bool readReportDir(const std::string &Dir, std::vector<Report> &Out,
                   std::vector<std::string> &Paths, std::string &Error);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTDIR_H
