//===- Units.cpp - Human units for the table ------------------------------===//
#include "hotpath/report/Units.h"

#include <cstdio>

namespace hotpath::report {

namespace {
std::string fmt(double V, int Decimals, const char *Unit) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f %s", Decimals, V, Unit);
  return Buf;
}
} // namespace

std::string formatDuration(uint64_t Ns) {
  if (Ns < 1000)
    return std::to_string(Ns) + " ns";
  double V = double(Ns);
  // Switch units where the rounded value would print as 1000.00.
  if (V < 999995.0)
    return fmt(V / 1e3, 2, "µs");
  if (V < 999995000.0)
    return fmt(V / 1e6, 2, "ms");
  return fmt(V / 1e9, 2, "s");
}

std::string formatBytes(uint64_t Bytes) {
  if (Bytes < 1024)
    return std::to_string(Bytes) + " B";
  const char *Units[] = {"KB", "MB", "GB", "TB", "PB", "EB"};
  double V = double(Bytes) / 1024.0;
  int U = 0;
  while (V >= 1023.95 && U < 5) {
    V /= 1024.0;
    ++U;
  }
  return fmt(V, 1, Units[U]);
}

std::string formatCount(uint64_t N) {
  std::string Digits = std::to_string(N), Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

std::string formatPercent(double P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f%%", P);
  return Buf;
}

size_t displayWidth(const std::string &S) {
  size_t W = 0;
  for (unsigned char C : S)
    if ((C & 0xC0) != 0x80) // count lead bytes only
      ++W;
  return W;
}

std::string formatMicrosExact(uint64_t Ns) {
  char B[32];
  std::snprintf(B, sizeof B, "%llu.%03llu", (unsigned long long)(Ns / 1000),
                (unsigned long long)(Ns % 1000));
  return B;
}

} // namespace hotpath::report
