//===- AtomicFile.h - Write a file all at once or not at all ----*- C++ -*-===//
#ifndef HOTPATH_SUPPORT_ATOMICFILE_H
#define HOTPATH_SUPPORT_ATOMICFILE_H

#include <string>

namespace hotpath::support {

/// How writeFileAtomically treats a path that is not a regular file.
struct WriteFileOptions {
  /// The runtime writes while the program runs, and a FIFO (or a socket,
  /// or a block device) at its path could block the program or take the
  /// report somewhere unexpected: such a file, met directly or through a
  /// symlink, is refused (opened non-blocking, so a FIFO never waits).
  /// Character devices (/dev/null, a terminal) are still written. The
  /// tool's -o keeps the default: a FIFO there is the user's pipeline.
  bool RefuseSpecialFiles = false;
};

/// Writes `Data` to a temporary file in the directory of `Path`, then
/// renames it over `Path`: readers see the old file or the whole new one;
/// a replaced file keeps its mode (and owner, when the writer is root).
/// The standard streams (/dev/stdout, /dev/fd/N) are written through the
/// descriptor; any other existing path that is not a regular file (a
/// symlink, a FIFO, a device) is opened and written in place, so that the
/// kernel alone follows symlinks, with its rules. On failure returns
/// false, removes the temporary file and sets `Error` (one line, without
/// the path).
bool writeFileAtomically(const std::string &Path, const std::string &Data,
                         std::string &Error, const WriteFileOptions &O = {});

/// The descriptor a standard-stream path names (/dev/stdout 1, /dev/stderr
/// 2, /dev/fd/N and /proc/self/fd/N: N), or -1.
int standardStreamOf(const std::string &Path);

/// Writes all of `Data` to a file descriptor (retrying short writes).
bool writeAll(int Fd, const std::string &Data);

} // namespace hotpath::support

#endif // HOTPATH_SUPPORT_ATOMICFILE_H
