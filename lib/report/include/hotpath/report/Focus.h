//===- Focus.h - HOTPATH_FOCUS name filter ----------------------*- C++ -*-===//
//
// A substring, or /regex/: POSIX extended, the grammar of hotpath.toml's
// patterns. The pass and the tool's other patterns use llvm::Regex; this
// filter runs in the runtime too, which links neither LLVM nor RE2 (the
// program it measures may define their symbols), so it is libc's regcomp,
// which matches without recursion once back-references (a GNU extension,
// not in llvm::Regex's extended grammar) are refused (docs/environment.md).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_FOCUS_H
#define HOTPATH_REPORT_FOCUS_H

#include <memory>
#include <string>

namespace hotpath::report {

class Focus {
public:
  /// An empty pattern matches everything. An invalid /regex/ matches
  /// everything too (Options already warned about it) and sets `valid()`.
  explicit Focus(const std::string &Pattern);
  ~Focus();
  Focus(const Focus &) = delete;
  Focus &operator=(const Focus &) = delete;

  bool matches(const std::string &Name) const;
  bool valid() const { return Valid; }
  bool empty() const { return Text.empty() && !Regex; }

private:
  std::string Text;
  struct Compiled;
  std::unique_ptr<Compiled> Regex;
  bool Valid = true;
};

} // namespace hotpath::report

#endif // HOTPATH_REPORT_FOCUS_H
