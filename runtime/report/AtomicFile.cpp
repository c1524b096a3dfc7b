//===- AtomicFile.cpp - Write a file all at once or not at all ------------===//
#include "AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::report {

bool writeAll(int Fd, const std::string &Data) {
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N = ::write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

bool writeFileAtomically(const std::string &Path, const std::string &Data,
                         std::string &Error) {
  if (Path.empty()) {
    Error = "empty path";
    return false;
  }
  size_t Slash = Path.rfind('/');
  std::string Dir = Slash == std::string::npos ? "" : Path.substr(0, Slash + 1);
  std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  if (Base.empty()) {
    Error = "is a directory";
    return false;
  }
  // Unique per process and attempt: forked children may write at once.
  struct timespec TS;
  clock_gettime(CLOCK_REALTIME, &TS);
  int Fd = -1;
  std::string Tmp;
  for (int Try = 0; Try < 100 && Fd < 0; ++Try) {
    Tmp = Dir + "." + Base + ".tmp." + std::to_string(::getpid()) + "." +
          std::to_string((TS.tv_nsec + Try) % 1000000000);
    Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (Fd < 0 && errno != EEXIST)
      break;
  }
  if (Fd < 0) {
    Error = std::strerror(errno);
    return false;
  }
  // The file is new, so umask applied to 0644: the same mode a plain
  // open(O_CREAT) would have given.
  bool Ok = writeAll(Fd, Data);
  int WriteErrno = errno;
  if (::close(Fd) != 0 && Ok) {
    Ok = false;
    WriteErrno = errno;
  }
  if (Ok && ::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Ok = false;
    WriteErrno = errno;
  }
  if (!Ok) {
    ::unlink(Tmp.c_str());
    Error = std::strerror(WriteErrno);
  }
  return Ok;
}

} // namespace hotpath::report
