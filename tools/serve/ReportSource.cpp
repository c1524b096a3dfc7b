//===- ReportSource.cpp - The report `hotpath serve` serves ---------------===//
#include "serve/ReportSource.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/Join.h"
#include "hotpath/samples/LockNames.h"
#include "hotpath/views/FlameGraph.h"
#include "hotpath/views/Prometheus.h"

#include <sys/stat.h>

namespace hotpath::tool::serve {

namespace {

// Inode, size and modification time: a snapshot is replaced by a rename,
// so any new version changes one of them.
bool versionOf(const std::string &Path, std::string &Out) {
  struct stat St;
  if (stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return false;
  Out = std::to_string(St.st_ino) + "-" + std::to_string(St.st_size) + "-" +
        std::to_string(St.st_mtim.tv_sec) + "." +
        std::to_string(St.st_mtim.tv_nsec);
  return true;
}

std::string baseName(const std::string &P) {
  size_t Slash = P.find_last_of('/');
  return Slash == std::string::npos ? P : P.substr(Slash + 1);
}

} // namespace

ReportSource::ReportSource(const std::string &Path)
    : Root(report::realDirectory(Path)), Dir(report::isDirectory(Path)) {}

std::shared_ptr<const LoadedReport> ReportSource::current(std::string &Error) {
  std::string File = Dir ? report::newestReportFile(Root) : Root;
  if (File.empty()) {
    Error = "no report in " + Root + " yet";
    return nullptr;
  }
  return load(File, Error);
}

std::shared_ptr<const LoadedReport> ReportSource::named(const std::string &Rel,
                                                        std::string &Error) {
  std::string Real;
  if (!Dir) {
    Error = "serving one file: no report by name";
    return nullptr;
  }
  if (!report::resolveUnder(Root, Rel, Real, Error))
    return nullptr;
  return load(Real, Error);
}

std::shared_ptr<const LoadedReport> ReportSource::load(const std::string &File,
                                                       std::string &Error) {
  std::string Version;
  if (!versionOf(File, Version)) {
    Error = File + ": not a regular file";
    return nullptr;
  }
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
  if (!report::readReportFile(File, L->R, Error)) {
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
