//===- PolicyUnits.h - Human units in policy files --------------*- C++ -*-===//
//
// Budgets are written the way people think of them ("1.5 MB", "250 us",
// "3M" instructions) and compared with the report's exact base units.
// Byte multiples are binary (1 KB = 1024 B) as in the report's table.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_POLICYUNITS_H
#define HOTPATH_POLICY_POLICYUNITS_H

#include <cstdint>
#include <string>

namespace hotpath::policy {

enum class Quantity { Bytes, Duration, Count };

/// Parses "2 B", "1.5 MB", "512 KiB" (bytes), "250 us", "250 µs", "1.5 ms",
/// "2 s", "850 ns" (durations, to ns) or "3M", "1.5 K", "2G", "1200"
/// (counts: K = 10^3, M = 10^6, G = 10^9). A bare number is in base units.
/// Returns false with `Error` ("unknown unit 'mb' (accepted: ...)").
bool parseQuantity(const std::string &Text, Quantity Q, uint64_t &Out,
                   std::string &Error);

/// The accepted units of `Q`, for messages.
const char *acceptedUnits(Quantity Q);

/// Formats a base-unit value the way the table does (1.5 MB, 250.00 µs,
/// 3,000,000).
std::string formatQuantity(uint64_t V, Quantity Q);
/// A change in percent as the verdict shows it: "+12.5%", "new" from 0.
std::string formatPercentChange(double P);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_POLICYUNITS_H
