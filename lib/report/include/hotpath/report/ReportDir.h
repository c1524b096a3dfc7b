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

/// The reports Paths name: each a report file, or a directory of them
/// (readReportDir), in order; false with Error (one line, naming the file)
/// on the first that cannot be read.
bool readReports(const std::vector<std::string> &Paths,
                 std::vector<Report> &Out, std::string &Error);

/// Dir as a real path without a trailing '/' (Dir itself when that fails).
std::string realDirectory(const std::string &Dir);

/// The regular file `Rel` names under RealDir (from realDirectory), as a
/// real path; false with Error (one line) when Rel is absolute, leaves the
/// directory (`..`, a symlink pointing out) or is not a regular file. What
/// `hotpath mcp` and `hotpath serve` read is only what this lets through.
bool resolveUnder(const std::string &RealDir, const std::string &Rel,
                  std::string &Real, std::string &Error);

/// Opens the file `Rel` names under RealDir for reading, never leaving the
/// directory: resolved by the kernel beneath a descriptor of RealDir
/// (openat2 with RESOLVE_BENEATH), so that a name swapped for a symlink
/// between a check and the open cannot reach out. The caller checks what
/// was opened (fstat) and closes it. On failure -1, with Error the same
/// one line whatever is or is not outside: "no file 'Rel' under the
/// directory".
int openUnder(const std::string &RealDir, const std::string &Rel,
              std::string &Error);

/// The regular file `Rel` names under RealDir (openUnder), read whole up to
/// Limit bytes.
bool readUnder(const std::string &RealDir, const std::string &Rel, size_t Limit,
               std::string &Out, std::string &Error);

/// The report files of RealDir (reportFiles) that resolveUnder lets
/// through: a symlink that points out of the directory is not one of them.
std::vector<std::string> reportFilesUnder(const std::string &RealDir);

/// Of reportFilesUnder(RealDir), the one modified last, "" when none: the
/// newest snapshot of a running program that writes them there.
std::string newestReportFile(const std::string &RealDir);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTDIR_H
