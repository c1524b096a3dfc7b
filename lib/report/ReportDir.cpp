//===- ReportDir.cpp - A directory of reports (`hotpath bench -o`) --------===//
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/support/Strings.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hotpath::report {

namespace {

using support::endsWith;

} // namespace

bool isDirectory(const std::string &Path) {
  struct stat St;
  return stat(Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
}

bool pathExists(const std::string &Path) {
  struct stat St;
  return lstat(Path.c_str(), &St) == 0;
}

std::vector<std::string> reportFiles(const std::string &Dir) {
  std::vector<std::string> Files;
  DIR *D = opendir(Dir.c_str());
  if (!D)
    return Files;
  while (dirent *E = readdir(D)) {
    std::string N = E->d_name;
    if (endsWith(N, ".json") && !endsWith(N, ".gbench.json") && N[0] != '.')
      Files.push_back(Dir + "/" + N);
  }
  closedir(D);
  std::sort(Files.begin(), Files.end());
  return Files;
}

bool readReportDir(const std::string &Dir, std::vector<Report> &Out,
                   std::vector<std::string> &Paths, std::string &Error) {
  if (!isDirectory(Dir)) {
    Error = Dir + ": cannot open the directory";
    return false;
  }
  std::vector<std::string> Files = reportFiles(Dir);
  for (const std::string &F : Files) {
    Report R;
    if (!readReportFile(F, R, Error)) {
      Error = F + ": " + Error;
      return false;
    }
    Out.push_back(std::move(R));
    Paths.push_back(F);
  }
  if (Out.empty()) {
    Error = Dir + ": no report in this directory (hotpath bench -o " + Dir +
            " writes them)";
    return false;
  }
  return true;
}

bool readReports(const std::vector<std::string> &Paths,
                 std::vector<Report> &Out, std::string &Error) {
  for (const std::string &P : Paths) {
    if (isDirectory(P)) {
      std::vector<std::string> Files;
      if (!readReportDir(P, Out, Files, Error))
        return false;
      continue;
    }
    Out.emplace_back();
    if (!readReportFile(P, Out.back(), Error)) {
      Error = P + ": " + Error;
      return false;
    }
  }
  return true;
}

std::string realDirectory(const std::string &Dir) {
  char Buf[PATH_MAX];
  std::string Real = realpath(Dir.c_str(), Buf) ? std::string(Buf) : Dir;
  while (Real.size() > 1 && Real.back() == '/')
    Real.pop_back();
  return Real;
}

bool resolveUnder(const std::string &RealDir, const std::string &Rel,
                  std::string &Real, std::string &Error) {
  if (Rel.empty() || Rel[0] == '/') {
    Error = "'" + Rel + "': give a path relative to the directory";
    return false;
  }
  char Buf[PATH_MAX];
  std::string Joined = RealDir + "/" + Rel;
  if (!realpath(Joined.c_str(), Buf)) {
    Error = "'" + Rel + "': no such file under the directory";
    return false;
  }
  Real = Buf;
  if (Real.compare(0, RealDir.size() + 1, RealDir + "/") != 0) {
    Error = "'" + Rel + "' is outside the directory: refused";
    return false;
  }
  struct stat St;
  if (stat(Real.c_str(), &St) != 0 || !S_ISREG(St.st_mode)) {
    Error = "'" + Rel + "' is not a regular file";
    return false;
  }
  return true;
}

int openUnder(const std::string &RealDir, const std::string &Rel,
              std::string &Error) {
  Error = "no file '" + Rel + "' under the directory";
  if (Rel.empty() || Rel[0] == '/' || Rel.find('\0') != std::string::npos)
    return -1;
  int Dir = ::open(RealDir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (Dir < 0)
    return -1;
  // O_NONBLOCK: a FIFO opens at once (and is refused by its caller's fstat)
  // instead of waiting for a writer.
  open_how How{};
  How.flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
  How.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  int Fd = int(::syscall(SYS_openat2, Dir, Rel.c_str(), &How, sizeof How));
  if (Fd < 0 && errno == ENOSYS) {
    // Before Linux 5.6: open, then ask the kernel where what was opened
    // is; anything not under the directory is closed unread.
    Fd = ::openat(Dir, Rel.c_str(), int(How.flags));
    char Where[PATH_MAX];
    std::string Link = "/proc/self/fd/" + std::to_string(Fd);
    ssize_t N = Fd < 0 ? -1 : ::readlink(Link.c_str(), Where, sizeof Where);
    if (Fd >= 0 &&
        (N <= 0 || size_t(N) >= sizeof Where ||
         std::string(Where, size_t(N))
                 .compare(0, RealDir.size() + 1, RealDir + "/") != 0)) {
      ::close(Fd);
      Fd = -1;
    }
  }
  ::close(Dir);
  if (Fd >= 0)
    Error.clear();
  return Fd;
}

bool readUnder(const std::string &RealDir, const std::string &Rel, size_t Limit,
               std::string &Out, std::string &Error) {
  int Fd = openUnder(RealDir, Rel, Error);
  if (Fd < 0)
    return false;
  bool Ok = support::readRegularFd(Fd, Limit, Out, Error);
  ::close(Fd);
  if (!Ok)
    Error = "'" + Rel + "': " + Error;
  return Ok;
}

std::vector<std::string> reportFilesUnder(const std::string &RealDir) {
  std::vector<std::string> Out;
  for (const std::string &F : reportFiles(RealDir)) {
    std::string Real, Error;
    if (resolveUnder(RealDir, F.substr(RealDir.size() + 1), Real, Error))
      Out.push_back(F);
  }
  return Out;
}

std::string newestReportFile(const std::string &RealDir) {
  std::string Newest;
  timespec Best{};
  for (const std::string &F : reportFilesUnder(RealDir)) {
    struct stat St;
    if (stat(F.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
      continue;
    const timespec &M = St.st_mtim;
    if (Newest.empty() || M.tv_sec > Best.tv_sec ||
        (M.tv_sec == Best.tv_sec && M.tv_nsec > Best.tv_nsec)) {
      Newest = F;
      Best = M;
    }
  }
  return Newest;
}

} // namespace hotpath::report
