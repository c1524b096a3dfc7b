//===- Options.h - The runtime's HOTPATH_* environment settings -*- C++ -*-===//
//
// Read once, at the first session begin (SPEC 6). An invalid value prints
// one line on stderr naming the variable and what it accepts, is recorded
// in `Warnings` (reported in meta.warnings), and the default is used.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OPTIONS_H
#define HOTPATH_RUNTIME_OPTIONS_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hotpath::rt {

enum class OutputFormat { Table, Json, JsonPretty, None };

struct Options {
  OutputFormat Format = OutputFormat::Table;
  std::string OutputPath;              // "" = stderr; %p expanded on write
  std::string ReportSpec = "auto";     // HOTPATH_REPORT, validated
  std::vector<double> Percentiles{95}; // HOTPATH_PERCENTILES, sorted, unique
  std::string Focus;                   // text, or /regex/
  unsigned FunctionsLimit = 15;        // 0 = all
  double TimeSamplingRate = 1.0;       // 1 = time every call, 0 = count only
  bool Alloc = true;
  bool AllocCumulative = false;
  bool TimeExclusive = false;
  bool FastPath = true; // HOTPATH_FAST_PATH: wrappers may count inline
  unsigned DrainIntervalMs = 50;
  std::string CallgrindOutFile = "callgrind.out.%p";
  std::string MergeReport; // HOTPATH_MERGE_REPORT
  std::string ReportLabel, Benchmark, UserMetadata;
  std::vector<std::string> Warnings; // one per invalid value
};

/// Reads every HOTPATH_* variable of SPEC 6 from the environment. Prints
/// each warning once on stderr.
Options loadOptionsFromEnv();

/// The same from an explicit lookup (unit tests): `Get(name)` returns the
/// value or nullptr when unset. Does not print.
Options parseOptions(const char *(*Get)(const char *Name));

/// Which report sections to emit, resolved from ReportSpec (SPEC 6:
/// `auto`, `all`, a list, or `auto,-threads`).
struct SectionSet {
  bool Timing = true, Alloc = true, Icount = true, Threads = true;
};
SectionSet resolveSections(const std::string &Spec, bool UnderValgrind,
                           bool AllocTracked);

/// HOTPATH_USER_METADATA: `k=v,k=v` (as in the seeds) or a JSON object of
/// strings. Returns false (and leaves `Out` empty) when malformed.
bool parseUserMetadata(const std::string &Text,
                       std::vector<std::pair<std::string, std::string>> &Out);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OPTIONS_H
