//===- TraceTest.cpp - The trace buffers' rules (core/Trace.h) ------------===//
#include "core/Trace.h"

#include <gtest/gtest.h>

#include <vector>

using namespace hotpath::rt;

namespace {

struct Buffer {
  TraceBuffer *B;
  Buffer(uint64_t Cap, bool Ring, uint64_t MinNs = 0) {
    CurrentTrace = TraceConfig{Cap, Ring, MinNs};
    B = newTraceBuffer(1.0);
  }
  ~Buffer() {
    freeTraceBuffer(B);
    CurrentTrace = TraceConfig{};
  }
  std::vector<uint32_t> ids() const {
    std::vector<uint32_t> Out;
    for (uint64_t I = 0; I < traceKept(*B); ++I)
      Out.push_back(traceEvent(*B, I).Id);
    return Out;
  }
};

// Calls end in this order: a child ends before its parent.
void call(TraceBuffer *B, uint64_t Start, uint64_t End, uint32_t Id,
          uint32_t Depth) {
  traceCall(B, Start, End - Start, Id, Depth);
}

} // namespace

TEST(Trace, FirstKeepsTheEnclosingCallsOfWhatItKept) {
  Buffer T(3, false);
  // outer [0, 100] encloses mid [10, 90], which encloses leaves.
  call(T.B, 10, 20, 1, 3); // leaf 1
  call(T.B, 30, 40, 2, 3); // leaf 2
  call(T.B, 50, 60, 3, 3); // leaf 3: the buffer is full
  call(T.B, 70, 80, 4, 3); // leaf 4: dropped
  call(T.B, 5, 90, 5, 2);  // mid: open when it filled, kept
  call(T.B, 95, 99, 6, 2); // started after: dropped
  call(T.B, 0, 100, 7, 1); // outer: kept
  EXPECT_EQ(T.ids(), (std::vector<uint32_t>{1, 2, 3, 5, 7}));
  EXPECT_EQ(T.B->Dropped, 2u);
}

TEST(Trace, LastKeepsTheNewest) {
  Buffer T(3, true);
  for (uint32_t I = 1; I <= 7; ++I)
    call(T.B, I * 10, I * 10 + 5, I, 1);
  EXPECT_EQ(T.ids(), (std::vector<uint32_t>{5, 6, 7}));
  EXPECT_EQ(T.B->Dropped, 4u);
}

TEST(Trace, ShortCallsAreCountedNotWritten) {
  Buffer T(8, false, 10);
  call(T.B, 0, 5, 1, 2);  // 5 ns: short
  call(T.B, 0, 50, 2, 1); // kept
  EXPECT_EQ(T.ids(), std::vector<uint32_t>{2});
  EXPECT_EQ(T.B->Short, 1u);
  EXPECT_EQ(T.B->Dropped, 0u);
}

TEST(Trace, NoBufferWithoutATrace) {
  CurrentTrace = TraceConfig{};
  EXPECT_EQ(newTraceBuffer(1.0), nullptr);
}
