//===- AtomicFile.cpp - Write a file all at once or not at all ------------===//
#include "hotpath/support/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::support {

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

int standardStreamOf(const std::string &Path) {
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

namespace {

const char *kindOf(mode_t Mode) {
  return S_ISFIFO(Mode)   ? "a FIFO"
         : S_ISSOCK(Mode) ? "a socket"
         : S_ISBLK(Mode)  ? "a block device"
                          : nullptr;
}

bool replaceFile(const std::string &Path, const std::string &Data,
                 const struct stat *Old, std::string &Error);

} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Data,
                         std::string &Error, const WriteFileOptions &O) {
  if (Path.empty()) {
    Error = "empty path";
    return false;
  }
  // The standard streams (HOTPATH_OUTPUT_PATH=/dev/stdout, as hotpath-rs
  // documents): write to the descriptor itself, at its current offset, so
  // that what the program already wrote there stays. Never rename over
  // these: that would replace the device's symlink with a regular file.
  int StreamFd = standardStreamOf(Path);
  if (StreamFd >= 0) {
    if (writeAll(StreamFd, Data))
      return true;
    Error = std::strerror(errno);
    return false;
  }
  struct stat St;
  bool Exists = ::lstat(Path.c_str(), &St) == 0;
  if (Exists && S_ISDIR(St.st_mode)) {
    Error = "is a directory";
    return false;
  }
  // A symlink, a FIFO or a device: written in place, through an open() of
  // the path itself. For a symlink the kernel follows it with all its
  // rules (permissions, fs.protected_symlinks in sticky world-writable
  // directories): never resolved by hand, which would let a link another
  // user planted make the report replace a file the writer cannot open.
  // The link stays a link; the write is not atomic.
  if (Exists && !S_ISREG(St.st_mode)) {
    const char *Kind = kindOf(St.st_mode);
    if (O.RefuseSpecialFiles && Kind) {
      Error = std::string("not a regular file (") + Kind +
              "): refused, so that writing cannot block the program";
      return false;
    }
    int Flags = O_WRONLY | O_CLOEXEC | O_NOCTTY;
    if (S_ISLNK(St.st_mode))
      Flags |= O_CREAT | O_TRUNC;
    if (O.RefuseSpecialFiles)
      Flags |= O_NONBLOCK; // a FIFO behind a symlink: ENXIO, never a wait
    int Fd = ::open(Path.c_str(), Flags, 0644);
    if (Fd < 0) {
      Error = errno == ENXIO && O.RefuseSpecialFiles
                  ? "not a regular file: refused, so that writing cannot "
                    "block the program"
                  : std::strerror(errno);
      return false;
    }
    struct stat Target;
    if (O.RefuseSpecialFiles) {
      if (::fstat(Fd, &Target) == 0 && (Kind = kindOf(Target.st_mode))) {
        ::close(Fd);
        Error = std::string("not a regular file (") + Kind +
                "): refused, so that writing cannot block the program";
        return false;
      }
      // A terminal or /dev/null: written as a blocking descriptor would be.
      ::fcntl(Fd, F_SETFL, ::fcntl(Fd, F_GETFL) & ~O_NONBLOCK);
    }
    bool Ok = writeAll(Fd, Data);
    int E = errno;
    ::close(Fd);
    if (!Ok)
      Error = std::strerror(E);
    return Ok;
  }
  return replaceFile(Path, Data, Exists ? &St : nullptr, Error);
}

namespace {

// Temporary file in the same directory, then rename. A file replaced keeps
// its permission bits, and its owner where the writer may set it (root).
bool replaceFile(const std::string &Path, const std::string &Data,
                 const struct stat *Old, std::string &Error) {
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
  // A new file: umask applied to 0644, the mode a plain open(O_CREAT)
  // would have given.
  if (Old) {
    (void)::fchmod(Fd, Old->st_mode & 0777);
    if (Old->st_uid != ::geteuid() || Old->st_gid != ::getegid())
      (void)!::fchown(Fd, Old->st_uid, Old->st_gid);
  }
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

} // namespace hotpath::support
