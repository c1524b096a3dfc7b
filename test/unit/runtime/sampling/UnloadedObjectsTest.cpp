//===- UnloadedObjectsTest.cpp - Samples of objects the program unloaded --===//
#include "sampling/UnloadedObjects.h"

#include <gtest/gtest.h>

using namespace hotpath::rt;

namespace {
LoadedObject object(const char *Path, uint64_t Base, uint64_t Start,
                    uint64_t End) {
  LoadedObject O;
  O.Path = Path;
  O.BuildId = "ab";
  O.Base = Base;
  O.Text = {{Start, End}};
  return O;
}
} // namespace

TEST(UnloadedObjects, TheObjectsThatWentAreThoseNoLongerAtTheirBase) {
  LoadedObject Main = object("/bin/app", 0x1000, 0x2000, 0x3000);
  LoadedObject One = object("/lib/one.so", 0x7f0000, 0x7f1000, 0x7f2000);
  LoadedObject Two = object("/lib/two.so", 0x7f0000, 0x7f1000, 0x7f2000);
  // one.so unloaded, two.so mapped at its address.
  std::vector<LoadedObject> Gone = objectsGone({Main, One}, {Main, Two});
  ASSERT_EQ(Gone.size(), 1u);
  EXPECT_EQ(Gone[0].Path, "/lib/one.so");
  EXPECT_TRUE(objectsGone({Main, One}, {Main, One}).empty());
}

TEST(UnloadedObjects, SamplesMoveWithTheirObjectOutOfUserSpace) {
  LoadedObject One = object("/lib/one.so", 0x7f0000, 0x7f1000, 0x7f2000);
  uint64_t Delta = unloadedDelta(0);
  EXPECT_GE(0x7f1000 + Delta, uint64_t(1) << 47);  // not a user address
  EXPECT_LT(0x7fffffffffff + unloadedDelta(32767), // nor the kernel's
            uint64_t(0xffff800000000000));
  EXPECT_NE(unloadedDelta(0), unloadedDelta(1));
  std::vector<uint64_t> Frames = {0x7f1010, 0x2100, 0x7f1ff0};
  SampledStackWords W;
  W.Code = {{8, 0x7f1500}, {16, 0x2200}};
  ASSERT_TRUE(moveIntoUnloaded(Frames, W, One, Delta));
  EXPECT_EQ(Frames, (std::vector<uint64_t>{0x7f1010 + Delta, 0x2100,
                                           0x7f1ff0 + Delta}));
  EXPECT_EQ(W.Code[0].second, 0x7f1500 + Delta);
  EXPECT_EQ(W.Code[1].second, 0x2200u);
  // Symbolized as before: the address less the moved base.
  LoadedObject M = movedObject(One, Delta);
  EXPECT_EQ(Frames[0] - M.Base, 0x7f1010u - One.Base);
  EXPECT_EQ(M.Text[0].first, 0x7f1000 + Delta);
  // A chain in no unloaded code is not moved.
  std::vector<uint64_t> Other = {0x2100};
  SampledStackWords None;
  EXPECT_FALSE(moveIntoUnloaded(Other, None, One, Delta));
}

TEST(UnloadedObjects, GlibcCountsLoadsAndUnloads) {
  ObjectChanges C = objectChanges();
  EXPECT_GT(C.Adds, 0u); // the program and its libraries
}
