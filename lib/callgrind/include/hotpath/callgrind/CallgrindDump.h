//===- CallgrindDump.h - Find the session's own Callgrind dump --*- C++ -*-===//
//
// The session ends with CALLGRIND_DUMP_STATS_AT("hotpath"); the
// dump goes next to the --callgrind-out-file name (which
// HOTPATH_CALLGRIND_OUT_FILE must repeat):
//   <file>.<N>        the N-th dump of the process (usually .1)
//   <file>.<N>-<TT>   per thread, with --separate-threads=yes
//   <file>[-<TT>]     every dump appended as parts, --combine-dumps=yes
// It is the newest dump (highest N, else the last part) whose header says
// `desc: Trigger: Client Request: hotpath` and, when given, our pid.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_CALLGRIND_DUMP_H
#define HOTPATH_CALLGRIND_DUMP_H

#include "hotpath/callgrind/CallgrindProfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::callgrind {

/// Expands a Valgrind file name pattern as Valgrind does: `%p` the pid,
/// `%q{VAR}` the variable's value, `%n` a sequence number (1, 2, ... per
/// occurrence), `%%` a `%`. A relative result is made absolute against
/// `Cwd` (the start-up directory). Returns false with `Error` on a
/// malformed pattern or an unset %q variable.
bool expandOutFile(const std::string &Pattern, int64_t Pid,
                   const std::string &Cwd, std::string &Out,
                   std::string &Error);

/// The trigger of hotpath's own dumps.
inline constexpr const char *HotpathTrigger = "Client Request: hotpath";

struct SessionDump {
  std::vector<Part> Parts;        // one per thread (usually one)
  std::vector<std::string> Files; // where they came from
};

/// Finds and parses the newest hotpath dump next to `OutFile` (already
/// expanded). `Pid` 0 accepts any pid.
bool findSessionDump(const std::string &OutFile, int64_t Pid, SessionDump &Out,
                     std::string &Error);

} // namespace hotpath::callgrind

#endif // HOTPATH_CALLGRIND_DUMP_H
