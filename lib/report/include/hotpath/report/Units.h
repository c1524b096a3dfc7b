//===- Units.h - Human units for the table ----------------------*- C++ -*-===//
//
// Only the table uses these; JSON always holds exact integers.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_UNITS_H
#define HOTPATH_REPORT_UNITS_H

#include <cstdint>
#include <string>

namespace hotpath::report {

/// 850 ns, 23.55 µs, 1.16 ms, 2.50 s (two decimals above ns).
std::string formatDuration(uint64_t Ns);
/// 316 B, 12.4 KB, 1.8 MB, 2.0 GB (binary multiples: 1 KB = 1024 B).
std::string formatBytes(uint64_t Bytes);
/// 18,002,258: thousands separators, for instruction counts.
std::string formatCount(uint64_t N);
/// 45.31%
std::string formatPercent(double P);
/// 1234.567: nanoseconds as microseconds with three decimals, exactly
/// (Chrome trace events' ts and dur, to the nanosecond).
std::string formatMicrosExact(uint64_t Ns);
/// Display width in terminal columns (UTF-8 code points: µ is one).
size_t displayWidth(const std::string &S);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_UNITS_H
