//===- ConfigEdit.h - Add exclude lines to a hotpath.toml -------*- C++ -*-===//
//
// `hotpath trim --config FILE` adds the regexes it chose to the `exclude`
// array of FILE's [functions] table, editing the text rather than
// re-serialising the TOML, so that the user's comments, order and layout
// stay as they were. Hand-written: toml++ does not write a table back with
// its comments.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_CONFIGEDIT_H
#define HOTPATH_TOOLS_CONFIGEDIT_H

#include <string>
#include <vector>

namespace hotpath::tool {

/// One entry of the exclude array: a TOML string literal (quoted) and a
/// comment for its line ("" for none).
struct ExcludeEntry {
  std::string Literal;
  std::string Comment;
};

/// Text with Entries added to [functions].exclude: at the start of an
/// existing array (single- or multi-line), else as a new `exclude` key right
/// under the [functions] header, else in a new [functions] table at the
/// end. An entry whose literal is already in the text is not added again.
/// Added counts those added.
std::string addExcludes(const std::string &Text,
                        const std::vector<ExcludeEntry> &Entries,
                        size_t &Added);

} // namespace hotpath::tool

#endif // HOTPATH_TOOLS_CONFIGEDIT_H
