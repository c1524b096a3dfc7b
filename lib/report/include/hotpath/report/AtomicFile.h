//===- AtomicFile.h - Write a file all at once or not at all ----*- C++ -*-===//
#ifndef HOTPATH_REPORT_ATOMICFILE_H
#define HOTPATH_REPORT_ATOMICFILE_H

#include <string>

namespace hotpath::report {

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
                         std::string &Error);

/// Writes all of `Data` to a file descriptor (retrying short writes).
bool writeAll(int Fd, const std::string &Data);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_ATOMICFILE_H
