//===- OptionValues.h - Parsers of HOTPATH_* values -------------*- C++ -*-===//
//
// What each variable's value may be, checked without side effects: the
// options parser (Options.cpp) and the unit tests share them. Each returns
// false for a value it does not accept and leaves its output alone.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OPTIONVALUES_H
#define HOTPATH_RUNTIME_OPTIONVALUES_H

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::rt {

/// 0, 1, true, false, yes, no, on, off (any case, spaces around).
bool parseBool(const std::string &V, bool &Out);
/// A decimal integer in [0, Max].
bool parseUnsigned(const std::string &V, uint64_t Max, unsigned &Out);
/// A finite decimal number (no hex, nan or inf).
bool parseDouble(const std::string &V, double &Out);
/// HOTPATH_PERCENTILES: 1 to 10 numbers in [0, 100], `p` prefix allowed;
/// sorted, without duplicates, rounded to 3 decimals.
bool parsePercentiles(const std::string &V, std::vector<double> &Out);
/// HOTPATH_FOCUS: any text, or a /regex/ that compiles (POSIX extended).
bool validFocus(const std::string &F);

/// HOTPATH_SNAPSHOT_SIGNAL: the signal a value names, or 0 when it names
/// none that may trigger snapshots (SnapshotSignalsAccepted says which).
int parseSnapshotSignal(const std::string &Value);
extern const char *const SnapshotSignalsAccepted;

/// HOTPATH_USER_METADATA: `k=v,k=v` (as hotpath-rs's CI examples) or a JSON
/// object of strings. Returns false (and leaves `Out` empty) when malformed.
bool parseUserMetadata(const std::string &Text,
                       std::vector<std::pair<std::string, std::string>> &Out);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OPTIONVALUES_H
