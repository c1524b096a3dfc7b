//===- CpuAttributionTest.cpp - Markers' names, samples by function -------===//
#include "output/CpuAttribution.h"

#include <gtest/gtest.h>

using namespace hotpath::rt;

TEST(CpuAttribution, MarkerNames) {
  uint64_t H = 0;
  EXPECT_TRUE(markerHash("parse.hotpath.123", H));
  EXPECT_EQ(H, 123u);
  EXPECT_TRUE(
      markerHash("_ZN2ns4workEv.hotpath_hooked.18446744073709551615", H));
  EXPECT_EQ(H, 18446744073709551615u);
  // A name that only resembles one.
  EXPECT_FALSE(markerHash("parse", H));
  EXPECT_FALSE(markerHash("parse.hotpath.", H));
  EXPECT_FALSE(markerHash(".hotpath.12", H));
  EXPECT_FALSE(markerHash("parse.hotpath.12a", H));
  EXPECT_FALSE(markerHash("parse.hotpathx.12", H));
  EXPECT_FALSE(markerHash("parse.hotpath.184467440737095516150", H)); // > 2^64
  EXPECT_FALSE(markerHash("parse.cold.1", H));
}

TEST(CpuAttribution, NoSamplesNothingAttributed) {
  Snapshot S;
  EXPECT_FALSE(attributeCpu(S).Attributed);
}
