//===- Meta.h - What the report says about the run (meta) -------*- C++ -*-===//
//
// Collected once, when the report is written (session end): versions,
// build id, compiler, CPU, git state, label and warnings. Runs no
// subprocess and reads only files, so it never changes what the program
// does. docs/report-format.md says where each field comes from.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_META_H
#define HOTPATH_RUNTIME_META_H

#include "base/Options.h"
#include "base/Snapshot.h"
#include "hotpath/report/Report.h"

#include <optional>
#include <string>

namespace hotpath::rt {

report::Meta collectMeta(const Snapshot &S, const Options &Opts);

/// meta.left_out's reason for a HOTPATH_FN_LEFT_OUT record's flags.
const char *leftOutReason(uint32_t Flags);

// The pieces, exposed for tests.

/// The strings of the .comment section of an ELF file.
std::vector<std::string> elfComments(const std::string &Path);
/// From .comment strings: ("clang", "19.1.7") or ("gcc", "12.2.0").
bool compilerFromComments(const std::vector<std::string> &Comments,
                          std::string &Name, std::string &Version);
/// Valgrind tool and version ("callgrind-3.19.0") from /proc/self/maps.
std::optional<std::string> valgrindTool();
/// "model name" and "vendor_id" of /proc/cpuinfo (or its arm64 fields).
void cpuInfo(const std::string &CpuInfoText, std::optional<std::string> &Model,
             std::optional<std::string> &Vendor);
/// ISO 8601 UTC with milliseconds: 2026-01-02T03:04:05.123Z
std::string isoTime(uint64_t UnixNs);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_META_H
