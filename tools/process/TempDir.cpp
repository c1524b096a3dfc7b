//===- TempDir.cpp - A temporary directory for a command's runs -----------===//
#include "process/TempDir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ftw.h>
#include <unistd.h>

namespace hotpath::tool {

TempDir::TempDir(const char *Prefix) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string D =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/" + Prefix + "-XXXXXX";
  if (mkdtemp(D.data()))
    Path = D;
  else
    Error = std::strerror(errno);
}

void TempDir::remove() {
  if (Path.empty())
    return;
  // Depth first, without following symlinks a run may have left.
  nftw(
      Path.c_str(),
      [](const char *F, const struct stat *, int, struct FTW *) {
        ::remove(F);
        return 0;
      },
      16, FTW_DEPTH | FTW_PHYS);
  Path.clear();
}

} // namespace hotpath::tool
