//===- ReportDir.cpp - A directory of reports (`hotpath bench -o`) --------===//
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/Strings.h"

#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>

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

} // namespace hotpath::report
