//===- JsonText.cpp - Compact JSON written as it goes ---------------------===//
#include "hotpath/report/JsonText.h"

#include <charconv>

namespace hotpath::report {

namespace {

using OJson = nlohmann::ordered_json;

std::string dumped(const OJson &J) {
  return J.dump(-1, ' ', false, OJson::error_handler_t::replace);
}

// Printable ASCII without a quote or backslash: what nlohmann copies as it
// is. Anything else (escapes, UTF-8, invalid bytes) is left to nlohmann.
bool plain(std::string_view S) {
  for (unsigned char C : S)
    if (C < 0x20 || C >= 0x7f || C == '"' || C == '\\')
      return false;
  return true;
}

void appendString(std::string &Out, std::string_view S) {
  if (!plain(S)) {
    Out += dumped(OJson(std::string(S)));
    return;
  }
  Out += '"';
  Out.append(S);
  Out += '"';
}

} // namespace

void JsonText::separate() {
  if (AfterKey) {
    AfterKey = false;
    return;
  }
  if (!Empty.empty()) {
    if (!Empty.back())
      Out += ',';
    Empty.back() = false;
  }
}

void JsonText::open(char C) {
  separate();
  Out += C;
  Empty.push_back(true);
}

void JsonText::close(char C) {
  Out += C;
  Empty.pop_back();
}

void JsonText::key(std::string_view K) {
  separate();
  appendString(Out, K);
  Out += ':';
  AfterKey = true;
}

void JsonText::value(std::string_view S) {
  separate();
  appendString(Out, S);
}

void JsonText::value(uint64_t V) {
  separate();
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  (void)Ec; // 24 characters hold any 64-bit integer
  Out.append(Buf, End);
}

void JsonText::value(int64_t V) {
  separate();
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  (void)Ec;
  Out.append(Buf, End);
}

// nlohmann's shortest round-trip form ("12.5", "3.0", "1e-05", null for
// NaN and infinities); a short string, so rarely an allocation.
void JsonText::value(double V) {
  separate();
  Out += dumped(OJson(V));
}

void JsonText::value(bool V) {
  separate();
  Out += V ? "true" : "false";
}

void JsonText::null() {
  separate();
  Out += "null";
}

void JsonText::value(const OJson &J) {
  separate();
  Out += dumped(J);
}

} // namespace hotpath::report
