//===- TempDir.h - A temporary directory for a command's runs ---*- C++ -*-===//
#ifndef HOTPATH_TOOL_PROCESS_TEMPDIR_H
#define HOTPATH_TOOL_PROCESS_TEMPDIR_H

#include <string>

namespace hotpath::tool {

/// A new directory under $TMPDIR (else /tmp), removed with everything in
/// it on every way out.
struct TempDir {
  std::string Path; // "" when it could not be made (Error says why)
  std::string Error;
  explicit TempDir(const char *Prefix);
  ~TempDir() { remove(); }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  /// Removes it now (a stop signal: no destructor would run).
  void remove();
};

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_PROCESS_TEMPDIR_H
