//===- PathGlob.h - Globs over source paths for `files` ---------*- C++ -*-===//
#ifndef HOTPATH_PASS_PATHGLOB_H
#define HOTPATH_PASS_PATHGLOB_H

#include "llvm/ADT/StringRef.h"

namespace hotpath {

/// Glob match over whole paths: `*` and `?` never cross a `/`, `**` as a
/// whole path segment matches zero or more segments, `[abc]`/`[a-z]`/`[!x]`
/// are character classes.
bool globMatch(llvm::StringRef Glob, llvm::StringRef Path);

} // namespace hotpath

#endif // HOTPATH_PASS_PATHGLOB_H
