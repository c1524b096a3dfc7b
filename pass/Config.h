//===- Config.h - hotpath.toml: discovery, parsing, validation --*- C++ -*-===//
//
// Reads the `[functions]` table of hotpath.toml. A file is found
// from the HOTPATH_CONFIG environment variable or by searching upward from
// the translation unit's directory. Every problem is an error with the
// file, the line and what is wrong: nothing is silently ignored.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_CONFIG_H
#define HOTPATH_PASS_CONFIG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hotpath {

/// A compiled regex together with the text the user wrote (for remarks).
struct NamePattern {
  std::string Source;
  std::shared_ptr<llvm::Regex> Re; // llvm::Regex is not copyable
  unsigned Line = 0;               // where the user wrote it (for remarks)
};

/// A `files` glob: what the user wrote, and the absolute, normalised
/// pattern it is matched as.
struct FileGlob {
  std::string Source;
  std::string Pattern;
  unsigned Line = 0;
};

struct Config {
  std::string Path;                 // absolute path of the file ("" = none)
  std::vector<NamePattern> Include; // searched in the demangled name
  std::vector<NamePattern> Exclude; // wins over Include and HOTPATH_MEASURE
  std::vector<std::string> Files;   // globs over source paths
  std::string FilesBase;            // directory relative globs are taken from
  bool Main = false;                // session begins/ends around main()
  unsigned MinInstructions = 0;     // skip smaller functions (IR instrs)
  // measure_inline_helpers: false (the default) leaves out functions that
  // the plain build would inline, defined inline with fewer than
  // InlineHelperInstructions (Selection.cpp), when a rule selects them.
  bool MeasureInlineHelpers = false;
  // Added: Files again with line numbers and absolute patterns (same order).
  std::vector<FileGlob> FileGlobs;
  unsigned MinInstructionsLine = 0; // 0 when min_instructions is not set
  unsigned MainLine = 0;            // where `main` is set; 0 when it is not
  // "<file>:<line>:<col>: warning: ..." for what is valid but probably not
  // meant (a glob written where a regex goes); printed once per file.
  std::vector<std::string> Warnings;
};

/// Finds the config for a translation unit whose main source file is
/// `SourceFile` (as clang records it: absolute or relative to the compile
/// directory `CompileDir`). Returns std::nullopt when there is none.
/// HOTPATH_CONFIG, when set, wins; a HOTPATH_CONFIG naming a missing file
/// is an error.
llvm::Expected<std::optional<std::string>>
findConfigFile(llvm::StringRef SourceFile, llvm::StringRef CompileDir);

/// Parses and validates one file. Errors read `<file>:<line>:<col>: <what>`.
/// Each file is parsed once per process (cached by path, size and mtime).
llvm::Expected<Config> loadConfig(llvm::StringRef Path);

/// Parses from memory (unit tests, fuzzing); `Path` is used in messages and
/// as the base of relative `files` globs.
llvm::Expected<Config> parseConfig(llvm::StringRef Text, llvm::StringRef Path);

/// Makes `Path` absolute (against `Base`, else the current directory) and
/// removes `.`, `..` and repeated separators, without touching the disk.
std::string normalizePath(llvm::StringRef Path, llvm::StringRef Base = "");

/// Whether `Path` (any form) matches one of `Cfg`'s `files` globs; returns
/// it, else null.
const FileGlob *matchFiles(const Config &Cfg, llvm::StringRef Path);

} // namespace hotpath

#endif // HOTPATH_PASS_CONFIG_H
