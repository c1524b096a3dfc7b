//===- SizesFit.cpp - Complexity of each function of a report -------------===//
#include "hotpath/sizes/SizesFit.h"

#include <cmath>

namespace hotpath::sizes {

std::string fitMetric(const report::SizeRow &R) {
  bool Ir = false, Time = false;
  for (const report::SizeBucket &B : R.Buckets) {
    Ir |= B.Ir > 0;
    Time |= B.TimedCalls > 0;
  }
  return Ir ? "icount" : Time ? "time" : "";
}

std::vector<SizePoint> sizePoints(const report::SizeRow &R,
                                  const std::string &Metric) {
  std::vector<SizePoint> Out;
  for (const report::SizeBucket &B : R.Buckets) {
    // The geometric middle of [Lo, Hi + 1): 1.41 for [1, 1], 2.83 for
    // [2, 3]; size 0's bucket stands at 1.
    double Size = B.Lo ? std::sqrt(double(B.Lo) * (double(B.Hi) + 1)) : 1;
    uint64_t Calls = Metric == "icount" ? B.Calls : B.TimedCalls;
    uint64_t Total = Metric == "icount" ? B.Ir : B.TimeNs;
    if (Calls)
      Out.push_back({Size, Calls, double(Total) / double(Calls)});
  }
  return Out;
}

void fitSizes(report::SizesSection &S) {
  for (report::SizeRow &R : S.Data) {
    if (R.Complexity)
      continue;
    report::SizeFit F;
    F.Metric = fitMetric(R);
    if (F.Metric.empty()) {
      F.Metric = "time";
      F.Why = "no cost measured: no timed call and no instruction counts";
      R.Complexity = F;
      continue;
    }
    Fit Best = fitComplexity(sizePoints(R, F.Metric));
    if (Best.Enough) {
      F.Class = orderName(Best.Class);
      F.Constant = Best.Constant;
      F.Factor = Best.Factor;
      F.RelativeError = Best.RelativeError;
      F.RSquared = Best.RSquared;
    } else {
      F.Why = Best.Why;
    }
    R.Complexity = F;
  }
}

} // namespace hotpath::sizes
