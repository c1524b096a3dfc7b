//===- SizesSectionTest.cpp - functions_sizes: buckets, JSON, merge, fit --===//
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/Sizes.h"
#include "hotpath/sizes/SizesFit.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hotpath::report;
using hotpath::sizes::fitSizes;

namespace {

// A function of n*n instructions a call, called 4 times at each size 2^k.
SizeRow quadratic(const char *Name) {
  SizeRow R;
  R.Name = Name;
  R.File = "dup.cpp";
  R.Line = 12;
  R.Size = "arg1.size";
  for (unsigned K = 0; K <= 12; ++K) {
    uint64_t N = uint64_t(1) << K;
    SizeBucket B = sizeBucketBounds(sizeBucketOf(N));
    B.Calls = 4;
    B.Ir = 4 * (50 + N * N);
    B.TimedCalls = 2;
    B.TimeNs = 2 * (100 + 3 * N * N);
    R.Buckets.push_back(B);
  }
  return R;
}

} // namespace

TEST(SizesSection, BucketsArePowersOfTwo) {
  EXPECT_EQ(sizeBucketOf(0), 0u);
  EXPECT_EQ(sizeBucketOf(1), 1u);
  EXPECT_EQ(sizeBucketOf(2), 2u);
  EXPECT_EQ(sizeBucketOf(3), 2u);
  EXPECT_EQ(sizeBucketOf(4), 3u);
  EXPECT_EQ(sizeBucketOf(UINT64_MAX), 64u);
  SizeBucket B = sizeBucketBounds(3);
  EXPECT_EQ(B.Lo, 4u);
  EXPECT_EQ(B.Hi, 7u);
  EXPECT_EQ(sizeBucketBounds(0).Hi, 0u);
  EXPECT_EQ(sizeBucketBounds(64).Hi, UINT64_MAX);
}

TEST(SizesSection, FitsOnInstructionsFirst) {
  SizesSection S;
  S.Present = true;
  S.Data.push_back(quadratic("dup"));
  fitSizes(S);
  ASSERT_TRUE(S.Data[0].Complexity);
  EXPECT_EQ(S.Data[0].Complexity->Metric, "icount");
  EXPECT_EQ(S.Data[0].Complexity->Class, "O(n^2)");
  // Without instructions, the timed calls' time.
  for (SizeBucket &B : S.Data[0].Buckets)
    B.Ir = 0;
  S.Data[0].Complexity.reset();
  fitSizes(S);
  EXPECT_EQ(S.Data[0].Complexity->Metric, "time");
  EXPECT_EQ(S.Data[0].Complexity->Class, "O(n^2)");
  // One bucket: not enough data, said so.
  S.Data[0].Buckets.resize(1);
  S.Data[0].Complexity.reset();
  fitSizes(S);
  EXPECT_FALSE(S.Data[0].Complexity->Class);
  EXPECT_NE(S.Data[0].Complexity->Why.find("not enough data"),
            std::string::npos);
}

TEST(SizesSection, JsonRoundTrip) {
  Report R;
  R.M.Run = "native";
  R.Sizes.Present = true;
  R.Sizes.Description = "d";
  R.Sizes.Data.push_back(quadratic("dup"));
  fitSizes(R.Sizes);
  std::string Text = writeJson(R, false);
  EXPECT_NE(Text.find("\"ir_per_call\""), std::string::npos);
  Report Back;
  std::string Error;
  ASSERT_TRUE(parseReport(Text, Back, Error)) << Error;
  ASSERT_TRUE(Back.Sizes.Present);
  ASSERT_EQ(Back.Sizes.Data.size(), 1u);
  const SizeRow &Row = Back.Sizes.Data[0];
  EXPECT_EQ(Row.Size, "arg1.size");
  EXPECT_EQ(Row.Buckets.size(), 13u);
  EXPECT_EQ(Row.Buckets[3].Lo, 8u);
  EXPECT_EQ(Row.Buckets[3].Ir, 4u * (50 + 64));
  ASSERT_TRUE(Row.Complexity && Row.Complexity->Class);
  EXPECT_EQ(*Row.Complexity->Class, "O(n^2)");
}

TEST(SizesSection, BadBucketsAreOneLine) {
  Report R;
  R.M.Run = "native";
  R.Sizes.Present = true;
  R.Sizes.Data.push_back(quadratic("dup"));
  std::swap(R.Sizes.Data[0].Buckets[0], R.Sizes.Data[0].Buckets[1]);
  Report Back;
  std::string Error;
  EXPECT_FALSE(parseReport(writeJson(R, false), Back, Error));
  EXPECT_EQ(Error, "functions_sizes.data[0].buckets[1].bucket_lo: expected "
                   "above the previous bucket's bucket_hi");
}

TEST(SizesSection, MergeAddsBucketByBucket) {
  SizesSection A, B;
  A.Present = B.Present = true;
  A.Data.push_back(quadratic("dup"));
  B.Data.push_back(quadratic("dup"));
  B.Data[0].Buckets.erase(B.Data[0].Buckets.begin()); // no size-1 calls
  B.Data.push_back(quadratic("other"));
  fitSizes(A);
  mergeSizes(A, B);
  ASSERT_EQ(A.Data.size(), 2u);
  EXPECT_FALSE(A.Data[0].Complexity); // to be fitted again
  EXPECT_EQ(A.Data[0].Buckets[0].Calls, 4u);
  EXPECT_EQ(A.Data[0].Buckets[1].Calls, 8u);
  EXPECT_EQ(A.Data[0].Buckets[1].Ir, 8u * (50 + 4));
  // A native run takes a Callgrind run's instructions, not its calls.
  SizesSection Native, Cg;
  Native.Present = Cg.Present = true;
  Native.Data.push_back(quadratic("dup"));
  for (SizeBucket &X : Native.Data[0].Buckets)
    X.Ir = 0;
  Cg.Data.push_back(quadratic("dup"));
  for (SizeBucket &X : Cg.Data[0].Buckets)
    X.TimedCalls = X.TimeNs = 0;
  takeSizesIcount(Native, Cg);
  EXPECT_EQ(Native.Data[0].Buckets[2].Calls, 4u);
  EXPECT_EQ(Native.Data[0].Buckets[2].Ir, 4u * (50 + 16));
  EXPECT_EQ(Native.Data[0].Buckets[2].TimedCalls, 2u);
}
