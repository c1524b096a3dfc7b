//===- DisplayName.h - Function names as a table shows them -----*- C++ -*-===//
//
// Demangled C++ names spell out what the source never wrote:
// `std::__cxx11::basic_string<char, std::char_traits<char>,
// std::allocator<char>>`. A table shows them the way a person writes them
// (`std::string`), and shortens what is still too wide for its column by
// eliding template arguments, then parameter lists, then the middle, with
// `…`. JSON reports always keep the full name.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_DISPLAYNAME_H
#define HOTPATH_REPORT_DISPLAYNAME_H

#include <cstddef>
#include <string>
#include <vector>

namespace hotpath::report {

/// The standard library's spellings as written in source: `std::string`,
/// `std::string_view`, `std::ostream`, no default template arguments
/// (allocators, `std::less<K>`, `std::hash<K>`, `std::default_delete<T>`,
/// `std::char_traits<char>`), no inline namespaces (`__cxx11`, `__n4861`,
/// `__1`).
std::string shortenStdNames(const std::string &Name);

/// `Name` elided to at most `Width` display columns (0: no limit): first
/// the innermost template argument lists become `<…>` (the longest first),
/// then parameter lists `(…)`, then the middle of what is left.
std::string fitName(const std::string &Name, size_t Width);

/// Each name as fitName shows it in `Width` columns, widened where two
/// different names would read the same (two instantiations of a template,
/// two overloads) until they differ or show whole: a table never has two
/// identical rows for two functions.
std::vector<std::string> fitDistinctNames(const std::vector<std::string> &Names,
                                          size_t Width);

/// Both, as the table shows a row's name.
inline std::string displayName(const std::string &Name, size_t Width) {
  return fitName(shortenStdNames(Name), Width);
}

} // namespace hotpath::report

#endif // HOTPATH_REPORT_DISPLAYNAME_H
