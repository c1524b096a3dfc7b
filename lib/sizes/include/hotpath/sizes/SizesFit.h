//===- SizesFit.h - Complexity of each function of a report -----*- C++ -*-===//
//
// Fits each row of a functions_sizes section (report/Sizes.h) that has no
// fit yet: on instructions when the buckets have them (exact, the same in
// every run), else on the wall time of the timed calls.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SIZES_SIZESFIT_H
#define HOTPATH_SIZES_SIZESFIT_H

#include "hotpath/report/Sizes.h"
#include "hotpath/sizes/Complexity.h"

namespace hotpath::sizes {

/// The points of one row for a metric ("icount" or "time"): one a bucket
/// with calls, at the bucket's geometric middle.
std::vector<SizePoint> sizePoints(const report::SizeRow &R,
                                  const std::string &Metric);
/// "icount" when any bucket has instructions, else "time" when any has
/// timed calls, else "".
std::string fitMetric(const report::SizeRow &R);
/// Sets Complexity on every row without one.
void fitSizes(report::SizesSection &S);

} // namespace hotpath::sizes

#endif // HOTPATH_SIZES_SIZESFIT_H
