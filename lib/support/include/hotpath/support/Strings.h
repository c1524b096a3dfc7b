//===- Strings.h - The string helpers every component uses ------*- C++ -*-===//
//
// Trimming, prefixes and suffixes, lines, splitting and the edit distance
// of a suggestion: small enough to write, used often enough that one copy
// is worth a header. Nothing here allocates except what returns a string.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SUPPORT_STRINGS_H
#define HOTPATH_SUPPORT_STRINGS_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hotpath::support {

/// S without the spaces, tabs, carriage returns and newlines around it.
std::string_view trim(std::string_view S);

inline bool startsWith(std::string_view S, std::string_view Prefix) {
  return S.substr(0, Prefix.size()) == Prefix;
}
inline bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() &&
         S.substr(S.size() - Suffix.size()) == Suffix;
}

/// S up to its first newline, without trailing carriage returns and spaces.
std::string_view firstLine(std::string_view S);

/// S in ASCII lower case.
std::string lower(std::string_view S);

/// The pieces of S between the separators, each trimmed ("a, b" -> a, b).
std::vector<std::string> splitTrimmed(std::string_view S, char Sep);

/// The lines of a text, one at a time, without their '\n' (a last line
/// without one included; a '\r' before it is the caller's to drop):
///   LineReader R(Text);
///   for (std::string_view Line; R.next(Line);) ...
class LineReader {
public:
  explicit LineReader(std::string_view Text) : Rest(Text) {}
  bool next(std::string_view &Line) {
    if (Rest.empty())
      return false;
    size_t E = Rest.find('\n');
    Line = Rest.substr(0, E);
    Rest.remove_prefix(E == std::string_view::npos ? Rest.size() : E + 1);
    return true;
  }

private:
  std::string_view Rest;
};

/// Levenshtein distance: how far a typed name is from a known one.
size_t editDistance(std::string_view A, std::string_view B);

} // namespace hotpath::support

#endif // HOTPATH_SUPPORT_STRINGS_H
