// The runtime's own large blocks (alloc/RuntimeBlocks.h): mapped apart from
// glibc's heap, recognised by address, and nothing else is taken for one.
#include "alloc/RuntimeBlocks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <sys/mman.h>
#include <thread>
#include <vector>

using namespace hotpath::rt;

TEST(RuntimeBlocks, ABlockIsZeroedAtItsOffsetAndKnownUntilFreed) {
  char *P = static_cast<char *>(runtimeBlockAlloc(200000));
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) & 4095, RuntimeBlockOffset);
  EXPECT_GE(runtimeBlockSize(P), 200000u);
  for (size_t I = 0; I < 200000; I += 4096)
    EXPECT_EQ(P[I], 0);
  std::memset(P, 7, 200000);
  EXPECT_TRUE(isRuntimeBlock(P));
  runtimeBlockFree(P);
  EXPECT_FALSE(isRuntimeBlock(P));
}

TEST(RuntimeBlocks, AnotherAddressAtTheSameOffsetIsNotOne) {
  // Live blocks in every bit-field, so that the lookup is not skipped.
  std::vector<void *> Live;
  for (int I = 0; I < 32; ++I)
    Live.push_back(runtimeBlockAlloc(70000));
  void *Map = mmap(nullptr, 1 << 20, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(Map, MAP_FAILED);
  for (uintptr_t Page = 0; Page < (1 << 20); Page += 4096) {
    char *Q = static_cast<char *>(Map) + Page;
    EXPECT_FALSE(isRuntimeBlock(Q + RuntimeBlockOffset));
    EXPECT_FALSE(isRuntimeBlock(Q + 16));
  }
  EXPECT_FALSE(isRuntimeBlock(nullptr));
  munmap(Map, 1 << 20);
  for (void *P : Live)
    runtimeBlockFree(P);
}

TEST(RuntimeBlocks, AFullTableHandsTheRequestBack) {
  std::vector<void *> Live;
  while (void *P = runtimeBlockAlloc(65536)) {
    Live.push_back(P);
    ASSERT_LE(Live.size(), 1000u);
  }
  EXPECT_EQ(Live.size(), 64u);
  runtimeBlockFree(Live.back());
  Live.back() = runtimeBlockAlloc(65536);
  EXPECT_NE(Live.back(), nullptr);
  for (void *P : Live)
    EXPECT_TRUE(isRuntimeBlock(P));
  for (void *P : Live)
    runtimeBlockFree(P);
}

TEST(RuntimeBlocks, ThreadsAllocateAndFreeAtOnce) {
  std::vector<std::thread> Ts;
  std::atomic<int> Bad{0};
  for (int T = 0; T < 4; ++T)
    Ts.emplace_back([&] {
      for (int I = 0; I < 2000; ++I) {
        void *P = runtimeBlockAlloc(100000);
        if (!P || !isRuntimeBlock(P))
          ++Bad;
        if (P)
          runtimeBlockFree(P);
      }
    });
  for (std::thread &T : Ts)
    T.join();
  EXPECT_EQ(Bad.load(), 0);
}
