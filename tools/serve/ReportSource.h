//===- ReportSource.h - The report `hotpath serve` serves -------*- C++ -*-===//
//
// A FILE (a snapshot that a running program replaces at each interval) or
// a DIR (its newest report, by modification time): read, validated, its
// samples joined and its locks named once per version of the file, and
// shared by every request until the file changes. A request for a report
// by name reads only a regular file under DIR.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_REPORTSOURCE_H
#define HOTPATH_TOOL_SERVE_REPORTSOURCE_H

#include "hotpath/report/Report.h"

#include <memory>
#include <mutex>
#include <string>

namespace hotpath::tool::serve {

/// One version of a report file, ready to serve.
struct LoadedReport {
  std::string Path;
  std::string Version; // the file's identity and version (an HTTP ETag)
  report::Report R;
  std::string Json;     // the validated report, as /api/report serves it
  std::string Metrics;  // Prometheus text
  std::string FlameSvg; // "" when the report has no call tree
};

class ReportSource {
public:
  /// Path: a report file or a directory of them.
  explicit ReportSource(const std::string &Path);

  bool isDirectory() const { return Dir; }
  /// The real path of FILE or DIR.
  const std::string &root() const { return Root; }

  /// The newest report; nullptr with Error (one line) when there is none
  /// yet or it is not a report.
  std::shared_ptr<const LoadedReport> current(std::string &Error);

  /// The report Rel names under the directory (DIR mode only); nullptr
  /// with Error when it is missing or outside the directory (one answer
  /// for both, whatever exists outside) or not a report.
  std::shared_ptr<const LoadedReport> named(const std::string &Rel,
                                            std::string &Error);

private:
  /// Rel: a file under the directory (DIR mode), "" for FILE.
  std::shared_ptr<const LoadedReport> load(const std::string &Rel,
                                           std::string &Error);

  std::string Root; // the real path of FILE or DIR
  bool Dir = false;
  std::mutex M; // guards Cached
  std::shared_ptr<const LoadedReport> Cached;
};

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_REPORTSOURCE_H
