//===- SafeText.h - Untrusted names made safe to show -----------*- C++ -*-===//
//
// A function name comes from a symbol table or a report, and a report can
// come from a pull request: it may hold ESC, BEL, newlines or bytes that
// are not UTF-8. Written raw to a terminal, `\x1b]0;...\x07` sets its
// title and `\x1b[2J` clears it; in an SVG, U+FFFF makes the file
// unreadable. Every text the tool and the runtime show goes through one
// of these (hand-written: no Debian package does either).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_SAFETEXT_H
#define HOTPATH_REPORT_SAFETEXT_H

#include <string>
#include <string_view>

namespace hotpath::report {

/// For a terminal: C0 controls (newline and tab included), DEL and the C1
/// controls U+0080-U+009F become visible escapes (`\x1b`, `\x7f`,
/// `\u009b`), a backslash stays one, and bytes that are not valid UTF-8
/// become U+FFFD. Text without any of those comes back unchanged.
std::string terminalText(std::string_view S);

/// For XML 1.0 character data and attribute values, before entity
/// escaping: characters XML forbids (C0 controls but tab, newline and
/// carriage return; surrogates; U+FFFE and U+FFFF) and invalid UTF-8
/// become U+FFFD. Tab, newline and carriage return become spaces, so that
/// an attribute keeps them.
std::string xmlText(std::string_view S);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_SAFETEXT_H
