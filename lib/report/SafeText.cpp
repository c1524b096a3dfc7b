//===- SafeText.cpp - Untrusted names made safe to show -------------------===//
#include "hotpath/report/SafeText.h"

#include <cstdint>
#include <cstdio>

namespace hotpath::report {
namespace {

constexpr std::string_view Replacement = "\xEF\xBF\xBD"; // U+FFFD

// The code point of the UTF-8 sequence at S[I] and its length; Len 0 when
// the bytes there are not a valid, shortest encoding of one.
uint32_t decode(std::string_view S, size_t I, size_t &Len) {
  unsigned char C = S[I];
  Len = C < 0x80         ? 1
        : (C >> 5) == 6  ? 2
        : (C >> 4) == 14 ? 3
        : (C >> 3) == 30 ? 4
                         : 0;
  if (!Len || I + Len > S.size()) {
    Len = 0;
    return 0;
  }
  uint32_t CP = Len == 1   ? C
                : Len == 2 ? C & 0x1f
                : Len == 3 ? C & 0x0f
                           : C & 0x07;
  for (size_t K = 1; K < Len; ++K) {
    unsigned char B = S[I + K];
    if ((B & 0xc0) != 0x80) {
      Len = 0;
      return 0;
    }
    CP = CP << 6 | (B & 0x3f);
  }
  static const uint32_t Min[] = {0, 0, 0x80, 0x800, 0x10000};
  if (CP < Min[Len] || CP > 0x10ffff || (CP >= 0xd800 && CP <= 0xdfff)) {
    Len = 0; // overlong, out of range, or a surrogate
    return 0;
  }
  return CP;
}

bool needsWork(std::string_view S) {
  for (unsigned char C : S)
    if (C < 0x20 || C >= 0x7f)
      return true;
  return false;
}

// S with each valid code point passed to Keep(CP, Bytes, Out), which appends
// it or its replacement; invalid bytes become U+FFFD one by one.
template <typename F> std::string mapCodePoints(std::string_view S, F Keep) {
  if (!needsWork(S))
    return std::string(S);
  std::string Out;
  Out.reserve(S.size() + 8);
  for (size_t I = 0; I < S.size();) {
    size_t Len;
    uint32_t CP = decode(S, I, Len);
    if (!Len) {
      Out += Replacement;
      ++I;
      continue;
    }
    Keep(CP, S.substr(I, Len), Out);
    I += Len;
  }
  return Out;
}

} // namespace

std::string terminalText(std::string_view S) {
  return mapCodePoints(
      S, [](uint32_t CP, std::string_view B, std::string &Out) {
        char Buf[8];
        if (CP < 0x20 || CP == 0x7f) {
          std::snprintf(Buf, sizeof Buf, "\\x%02x", unsigned(CP));
          Out += Buf;
        } else if (CP >= 0x80 && CP <= 0x9f) {
          std::snprintf(Buf, sizeof Buf, "\\u%04x", unsigned(CP));
          Out += Buf;
        } else {
          Out.append(B);
        }
      });
}

std::string xmlText(std::string_view S) {
  return mapCodePoints(S,
                       [](uint32_t CP, std::string_view B, std::string &Out) {
                         if (CP == '\t' || CP == '\n' || CP == '\r')
                           Out += ' ';
                         else if (CP < 0x20 || CP == 0xfffe || CP == 0xffff)
                           Out += Replacement;
                         else
                           Out.append(B);
                       });
}

} // namespace hotpath::report
