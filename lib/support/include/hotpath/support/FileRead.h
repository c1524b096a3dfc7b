//===- FileRead.h - Read a whole input file, bounded ------------*- C++ -*-===//
//
// The one reader of the files hotpath is given to read (reports, Callgrind
// dumps, policy files): a path that is not a regular file (/dev/zero, a
// FIFO, a terminal) or that is larger than the limit is refused with one
// line, before anything is read. A FIFO is opened without blocking.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SUPPORT_FILEREAD_H
#define HOTPATH_SUPPORT_FILEREAD_H

#include <cstddef>
#include <string>

namespace hotpath::support {

/// Largest report or Callgrind dump the tool reads (docs/report-format.md).
constexpr size_t MaxInputFileBytes = size_t(1) << 30; // 1 GiB
/// Largest policy file.
constexpr size_t MaxPolicyFileBytes = size_t(16) << 20; // 16 MiB

/// Reads the regular file at `Path` into `Out`. On failure returns false
/// and sets `Error` to one line without the path ("not a regular file (a
/// character device)", "larger than 1 GiB", or the system's message).
bool readRegularFile(const std::string &Path, size_t Limit, std::string &Out,
                     std::string &Error);

/// The same, from a descriptor the caller opened (and closes): what was
/// opened is what is checked and read.
bool readRegularFd(int Fd, size_t Limit, std::string &Out, std::string &Error);

/// Largest object file (an executable or a library a report's CPU samples
/// name) handed to LLVM's symbolizer, which maps it rather than reading it.
constexpr size_t MaxObjectFileBytes = size_t(16) << 30; // 16 GiB

/// Whether `Path` (symlinks followed) is a regular file of at most `Limit`
/// bytes, checked without opening it: for files another library opens
/// (the symbolizer), which would block on a FIFO or read /dev/zero forever.
bool checkRegularFile(const std::string &Path, size_t Limit,
                      std::string &Error);

/// "1 GiB", "16 MiB": a limit as the messages and the docs state it.
std::string describeLimit(size_t Bytes);

} // namespace hotpath::support

#endif // HOTPATH_SUPPORT_FILEREAD_H
