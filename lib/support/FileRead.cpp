//===- FileRead.cpp - Read a whole input file, bounded --------------------===//
#include "hotpath/support/FileRead.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::support {

namespace {

const char *kindOf(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "is a directory";
  if (S_ISCHR(Mode))
    return "not a regular file (a character device)";
  if (S_ISBLK(Mode))
    return "not a regular file (a block device)";
  if (S_ISFIFO(Mode))
    return "not a regular file (a FIFO)";
  if (S_ISSOCK(Mode))
    return "not a regular file (a socket)";
  return "not a regular file";
}

} // namespace

std::string describeLimit(size_t Bytes) {
  if (Bytes >= (size_t(1) << 30) && Bytes % (size_t(1) << 30) == 0)
    return std::to_string(Bytes >> 30) + " GiB";
  if (Bytes >= (size_t(1) << 20) && Bytes % (size_t(1) << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  return std::to_string(Bytes) + " bytes";
}

// Whether St is a regular file of at most Limit bytes; else Error.
static bool regularWithin(const struct stat &St, size_t Limit,
                          std::string &Error) {
  if (!S_ISREG(St.st_mode)) {
    Error = kindOf(St.st_mode);
    return false;
  }
  if (uint64_t(St.st_size) > Limit) {
    Error = "larger than " + describeLimit(Limit) + ", the most hotpath reads";
    return false;
  }
  return true;
}

bool checkRegularFile(const std::string &Path, size_t Limit,
                      std::string &Error) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    Error = std::strerror(errno);
    return false;
  }
  return regularWithin(St, Limit, Error);
}

bool readRegularFile(const std::string &Path, size_t Limit, std::string &Out,
                     std::string &Error) {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (Fd < 0) {
    Error = std::strerror(errno);
    return false;
  }
  bool Ok = readRegularFd(Fd, Limit, Out, Error);
  ::close(Fd);
  return Ok;
}

bool readRegularFd(int Fd, size_t Limit, std::string &Out, std::string &Error) {
  struct stat St;
  if (::fstat(Fd, &St) != 0) {
    Error = std::strerror(errno);
    return false;
  }
  if (!regularWithin(St, Limit, Error))
    return false;
  Out.clear();
  Out.reserve(size_t(St.st_size));
  char Buf[65536];
  while (true) {
    ssize_t N = ::read(Fd, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      Error = std::string("cannot read: ") + std::strerror(errno);
      return false;
    }
    if (N == 0)
      break;
    if (Out.size() + size_t(N) > Limit) { // it grew while being read
      Error =
          "larger than " + describeLimit(Limit) + ", the most hotpath reads";
      return false;
    }
    Out.append(Buf, size_t(N));
  }
  return true;
}

} // namespace hotpath::support
