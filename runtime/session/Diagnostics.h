//===- Diagnostics.h - What an empty report says ----------------*- C++ -*-===//
#ifndef HOTPATH_RUNTIME_SESSION_DIAGNOSTICS_H
#define HOTPATH_RUNTIME_SESSION_DIAGNOSTICS_H

#include "base/Snapshot.h"

#include <string>

namespace hotpath::rt {

/// A report with no row leaves a new user guessing: why it may be empty
/// (nothing instrumented, or nothing measured ran) and where to look. ""
/// when some measured function ran.
std::string nothingRanWarning(const Snapshot &S);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_DIAGNOSTICS_H
