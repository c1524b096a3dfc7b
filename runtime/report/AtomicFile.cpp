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

namespace {

// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N -> N; else -1.
int streamFd(const std::string &Path) {
  if (Path == "/dev/stdout")
    return 1;
  if (Path == "/dev/stderr")
    return 2;
  for (const char *Prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    std::string P = Prefix;
    if (Path.size() > P.size() && Path.compare(0, P.size(), P) == 0 &&
        Path.find_first_not_of("0123456789", P.size()) == std::string::npos &&
        Path.size() - P.size() < 9)
      return std::atoi(Path.c_str() + P.size());
  }
  return -1;
}

bool replaceFile(const std::string &Path, const std::string &Data,
                 std::string &Error);

} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Data,
                         std::string &Error) {
  if (Path.empty()) {
    Error = "empty path";
    return false;
  }
  // The standard streams (HOTPATH_OUTPUT_PATH=/dev/stdout, as hotpath-rs
  // documents): write to the descriptor itself, at its current offset, so
  // that what the program already wrote there stays. Never rename over
  // these: that would replace the device's symlink with a regular file.
  int StreamFd = streamFd(Path);
  if (StreamFd >= 0) {
    if (writeAll(StreamFd, Data))
      return true;
    Error = std::strerror(errno);
    return false;
  }
  std::string Target = Path;
  struct stat St;
  // A symlink stays a symlink: replace the file it points to (which may
  // not exist yet).
  for (int Depth = 0; ::lstat(Target.c_str(), &St) == 0 && S_ISLNK(St.st_mode);
       ++Depth) {
    char Buf[4096];
    ssize_t N = ::readlink(Target.c_str(), Buf, sizeof Buf - 1);
    if (N <= 0 || Depth == 40) {
      Error = N <= 0 ? std::strerror(errno) : "too many levels of symlinks";
      return false;
    }
    std::string Link(Buf, size_t(N));
    size_t Slash = Target.rfind('/');
    Target = Link[0] == '/' || Slash == std::string::npos
                 ? Link
                 : Target.substr(0, Slash + 1) + Link;
  }
  if (::stat(Target.c_str(), &St) == 0 && !S_ISREG(St.st_mode)) {
    if (S_ISDIR(St.st_mode)) {
      Error = "is a directory";
      return false;
    }
    // A FIFO or a device: write in place.
    int Fd = ::open(Target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (Fd < 0) {
      Error = std::strerror(errno);
      return false;
    }
    bool Ok = writeAll(Fd, Data);
    int E = errno;
    ::close(Fd);
    if (!Ok)
      Error = std::strerror(E);
    return Ok;
  }
  return replaceFile(Target, Data, Error);
}

namespace {

// Temporary file in the same directory, then rename.
bool replaceFile(const std::string &Path, const std::string &Data,
                 std::string &Error) {
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

} // namespace

} // namespace hotpath::report
