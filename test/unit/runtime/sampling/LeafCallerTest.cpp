//===- LeafCallerTest.cpp - The caller a frame-pointer walk skips ---------===//
#include "sampling/LeafCaller.h"
#include "sampling/LoadedObjects.h"

#include "gtest/gtest.h"

using namespace hotpath::rt;

namespace {

__attribute__((noinline)) uint64_t myReturnAddress() {
  uint64_t R = uint64_t(__builtin_return_address(0));
  asm volatile("" ::: "memory");
  return R;
}

} // namespace

TEST(LeafCaller, ReturnAddressFollowsACall) {
  std::vector<LoadedObject> Objects = loadedObjects();
  ASSERT_FALSE(Objects.empty());
  uint64_t Ret = myReturnAddress();
  EXPECT_NE(objectOfCode(Objects, Ret), nullptr);
  EXPECT_TRUE(followsCall(Objects, Ret));
  // Not code at all: a stack address, and 0.
  int Local = 0;
  EXPECT_FALSE(followsCall(Objects, uint64_t(&Local)));
  EXPECT_FALSE(followsCall(Objects, 0));
}

TEST(LeafCaller, PutsTheSkippedCallerBack) {
  std::vector<LoadedObject> Objects = loadedObjects();
  uint64_t Ret = myReturnAddress();
  // The walk went from the leaf to its caller's caller: Ret goes between.
  uint64_t Chain[4] = {0x1111, 0x3333, 0x4444, 0};
  EXPECT_EQ(restoreLeafCaller(Objects, Chain, 3, Ret), 4u);
  EXPECT_EQ(Chain[0], 0x1111u);
  EXPECT_EQ(Chain[1], Ret);
  EXPECT_EQ(Chain[2], 0x3333u);
  EXPECT_EQ(Chain[3], 0x4444u);
  // Already there (the leaf had a frame pointer): unchanged.
  EXPECT_EQ(restoreLeafCaller(Objects, Chain, 4, Ret), 4u);
  // Not a return address (a saved register, a local): unchanged.
  uint64_t Two[3] = {0x1111, 0x3333, 0};
  int Local = 0;
  EXPECT_EQ(restoreLeafCaller(Objects, Two, 2, uint64_t(&Local)), 2u);
  EXPECT_EQ(restoreLeafCaller(Objects, Two, 2, 0), 2u);
}
