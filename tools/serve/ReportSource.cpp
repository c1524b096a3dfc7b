//===- ReportSource.cpp - The report `hotpath serve` serves ---------------===//
#include "serve/ReportSource.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/Join.h"
#include "hotpath/samples/LockNames.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/views/FlameGraph.h"
#include "hotpath/views/Prometheus.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::tool::serve {

namespace {

// Inode, size and modification time of what was opened: a snapshot is
// replaced by a rename, so any new version changes one of them.
std::string versionOf(const struct stat &St) {
  return std::to_string(St.st_ino) + "-" + std::to_string(St.st_size) + "-" +
         std::to_string(St.st_mtim.tv_sec) + "." +
         std::to_string(St.st_mtim.tv_nsec);
}

std::string baseName(const std::string &P) {
  size_t Slash = P.find_last_of('/');
  return Slash == std::string::npos ? P : P.substr(Slash + 1);
}

} // namespace

ReportSource::ReportSource(const std::string &Path)
    : Root(report::realDirectory(Path)), Dir(report::isDirectory(Path)) {}

std::shared_ptr<const LoadedReport> ReportSource::current(std::string &Error) {
  if (!Dir)
    return load("", Error);
  std::string File = report::newestReportFile(Root);
  if (File.empty()) {
    Error = "no report in " + Root + " yet";
    return nullptr;
  }
  return load(File.substr(Root.size() + 1), Error);
}

std::shared_ptr<const LoadedReport> ReportSource::named(const std::string &Rel,
                                                        std::string &Error) {
  if (!Dir) {
    Error = "serving one file: no report by name";
    return nullptr;
  }
  return load(Rel, Error);
}

std::shared_ptr<const LoadedReport> ReportSource::load(const std::string &Rel,
                                                       std::string &Error) {
  // Opened once, beneath the directory's descriptor; what was opened is
  // what is checked, versioned and read (a name swapped for a symlink out
  // of the directory after a check cannot be served).
  std::string File = Dir ? Root + "/" + Rel : Root;
  int Fd = Dir ? report::openUnder(Root, Rel, Error)
               : ::open(Root.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (Fd < 0) {
    if (!Dir)
      Error = Root + ": " + std::strerror(errno);
    return nullptr;
  }
  struct Closer {
    int Fd;
    ~Closer() { ::close(Fd); }
  } Close{Fd};
  struct stat St;
  if (::fstat(Fd, &St) != 0 || !S_ISREG(St.st_mode)) {
    Error = baseName(File) + ": not a regular file";
    return nullptr;
  }
  std::string Version = versionOf(St);
  {
    std::lock_guard<std::mutex> G(M);
    if (Cached && Cached->Path == File && Cached->Version == Version)
      return Cached;
  }
  // Parsed outside the lock: two requests racing for a new version parse
  // it twice, and neither waits for the other.
  auto L = std::make_shared<LoadedReport>();
  L->Path = File;
  L->Version = Version;
  std::string Text;
  if (!support::readRegularFd(Fd, support::MaxInputFileBytes, Text, Error) ||
      !report::parseReport(Text, L->R, Error)) {
    Error = baseName(File) + ": " + Error;
    return nullptr;
  }
  samples::joinSamples(L->R);
  samples::nameLocks(L->R.Locks);
  L->Json = report::writeJson(L->R, false);
  L->Metrics = views::prometheusText(L->R);
  if (L->R.Tree.Present && !L->R.Tree.Nodes.empty()) {
    views::FlameGraphOptions O;
    O.Title = L->R.M.Executable ? baseName(*L->R.M.Executable)
                                : std::string("hotpath flame graph");
    L->FlameSvg = views::flameGraphSvg(L->R.Tree, O);
  }
  std::lock_guard<std::mutex> G(M);
  if (Dir && File != report::newestReportFile(Root))
    return L; // a report by name: not the one to keep
  Cached = L;
  return Cached;
}

} // namespace hotpath::tool::serve
