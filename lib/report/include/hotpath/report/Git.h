//===- Git.h - The checked-out commit, without running git ------*- C++ -*-===//
//
// The runtime must not spawn processes inside the profiled program (a
// child changes SIGCHLD and wait() behaviour), so the commit and the dirty
// flag are read from .git directly.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_GIT_H
#define HOTPATH_REPORT_GIT_H

#include <optional>
#include <string>

namespace hotpath::report {

struct GitCheckout {
  std::string WorkTree; // directory holding .git
  std::string GitDir;   // .git, or where a `gitdir:` file points
  std::string Commit;   // 40 (or 64) hex digits
};

/// The checkout containing `Dir` (searching upward for .git) and its
/// commit, from HEAD, the loose ref or packed-refs (also in worktrees).
std::optional<GitCheckout> findGitCheckout(const std::string &Dir);

/// Whether a tracked file differs from the index by size or mtime (git's
/// own first check; `git status` also compares contents, so a touched but
/// unchanged file reads as dirty here). Untracked files do not count.
/// nullopt when the index cannot be read or is too large to check quickly.
std::optional<bool> gitDirty(const GitCheckout &C);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_GIT_H
