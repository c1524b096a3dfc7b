//===- ConfigEdit.h - Add exclude lines to a hotpath.toml -------*- C++ -*-===//
//
// `hotpath trim --config FILE` adds the regexes it chose to the `exclude`
// array of FILE's [functions] table, editing the text rather than
// re-serialising the TOML, so that the user's comments, order and layout
// stay as they were. Hand-written: toml++ does not write a table back with
// its comments.
//
// The text is parsed with toml++ (the parser the plugin reads it with), and
// every edit is placed by the parser's source positions, never by matching
// the text: a quoted header (["functions"]), dotted keys
// (functions.include = ...), an inline table (functions = { ... }) and a
// quoted "exclude" key are all found. The edited text is parsed again and
// must hold the same document with the entries added in front of the
// exclude array; otherwise the edit is refused and nothing is written.
// `replaceConfigFile` then writes it whole or not at all.
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

/// Sets Out to Text with Entries added to [functions].exclude: at the start
/// of an existing array (single- or multi-line, in a header table or an
/// inline one), else as a new `exclude` key in the [functions] table (under
/// its header, inside its braces, or as a dotted key beside its others),
/// else in a new [functions] table at the end. An entry whose regex is
/// already in the array is not added again; Added counts those added.
/// Returns false with Error (one line) when Text is not valid TOML, when
/// [functions] or its exclude has the wrong type, or when no edit gives
/// back the same document with the entries added: Out is then unset.
bool addExcludes(const std::string &Text,
                 const std::vector<ExcludeEntry> &Entries, std::string &Out,
                 size_t &Added, std::string &Error);

/// Replaces the config file at Path with Data, whole or not at all: a
/// temporary file beside the file (the symlink's target, when Path is a
/// symlink, so that the link stays a link) is written and renamed over it
/// (support::writeFileAtomically), with the file's mode and owner. A file that
/// is not a regular file, or whose mode forbids writing, is refused. A file
/// with other hard links is replaced under this name only (the others keep the
/// old text): Note says so. Returns false with Error (one line); the file is
/// then as it was.
bool replaceConfigFile(const std::string &Path, const std::string &Data,
                       std::string &Note, std::string &Error);

} // namespace hotpath::tool

#endif // HOTPATH_TOOLS_CONFIGEDIT_H
