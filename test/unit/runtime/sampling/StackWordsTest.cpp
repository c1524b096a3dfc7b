//===- StackWordsTest.cpp - What the tool needs to unwind a sample --------===//
#include "sampling/StackWords.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace hotpath::rt;

namespace {

// Code at [0x1000, 0x2000) and [0x5000, 0x6000); the stack copied at Sp.
const CodeMap Code({{0x1000, 0x2000}, {0x5000, 0x6000}});
constexpr uint64_t Sp = 0x7ff000;

struct Stack {
  uint64_t W[16] = {};
  const unsigned char *bytes() const {
    return reinterpret_cast<const unsigned char *>(W);
  }
};

} // namespace

// The frame pointer points into the copy and the chain agrees with the
// return address above it: only the code words below it are kept (a
// library function's return address), and no frame words.
TEST(StackWords, SoundWalkKeepsTheCodeBelowTheFramePointer) {
  Stack S;
  S.W[1] = 0x1234;    // a leaf's return address
  S.W[2] = Sp + 0x30; // looks like a saved frame pointer: not needed
  S.W[6] = Sp + 0x60; // the frame: saved frame pointer
  S.W[7] = 0x5678;    // and the return address the kernel found
  S.W[9] = 0x1999;    // above the frame: not needed
  uint64_t Chain[] = {0x1100, 0x5678, 0x5800};
  SampledStackWords Out;
  keepStackWords(Code, Chain, 3, Sp, Sp + 0x30, S.bytes(), sizeof S.W, Out);
  EXPECT_TRUE(Out.HasBp);
  EXPECT_EQ(Out.BpOffset, 0x30u);
  ASSERT_EQ(Out.Code.size(), 1u);
  EXPECT_EQ(Out.Code[0], (std::pair<uint32_t, uint64_t>{8, 0x1234}));
  EXPECT_TRUE(Out.Frame.empty());
}

// Code with frame pointers sampled in its body: nothing to keep, so that
// its samples stay one chain.
TEST(StackWords, FramePointerCodeKeepsNothing) {
  Stack S;
  S.W[0] = 42;
  S.W[2] = Sp + 0x40;
  S.W[3] = 0x5100;
  uint64_t Chain[] = {0x5010, 0x5100};
  SampledStackWords Out;
  keepStackWords(Code, Chain, 2, Sp, Sp + 0x10, S.bytes(), sizeof S.W, Out);
  EXPECT_TRUE(Out.Code.empty());
  EXPECT_TRUE(Out.Frame.empty());
}

// The frame-pointer register held something else (0 here): the whole
// copy's code words and the words that point up into it are kept.
TEST(StackWords, UnsoundWalkKeepsTheWholeCopy) {
  Stack S;
  S.W[1] = 0x1234;
  S.W[3] = Sp + 0x40; // a saved frame pointer
  S.W[4] = Sp - 8;    // below the stack pointer: not a frame
  S.W[5] = Sp + 0x20; // points down, at a word below itself: not a frame
  S.W[8] = Sp + 0x60;
  S.W[9] = 0x5678;
  S.W[10] = 0x9999; // not code
  uint64_t Chain[] = {0x1100, 0xdead};
  SampledStackWords Out;
  keepStackWords(Code, Chain, 2, Sp, 0, S.bytes(), sizeof S.W, Out);
  EXPECT_FALSE(Out.HasBp);
  EXPECT_EQ(Out.Code, (std::vector<std::pair<uint32_t, uint64_t>>{
                          {8, 0x1234}, {72, 0x5678}}));
  EXPECT_EQ(Out.Frame, (std::vector<std::pair<uint32_t, uint32_t>>{
                           {24, 0x40}, {64, 0x60}}));
}

TEST(StackWords, NoStackNoWords) {
  uint64_t Chain[] = {0x1100};
  SampledStackWords Out;
  Out.Code.push_back({0, 1});
  keepStackWords(Code, Chain, 1, 0, 0, nullptr, 0, Out);
  EXPECT_TRUE(Out.Code.empty() && Out.Frame.empty() && !Out.HasBp);
}

// The page cache answers as the ranges do: a page all code, a page partly
// code, two pages that share a cache slot, asked in turn and again, and
// after the ranges change.
TEST(CodeMap, AnswersAsTheRangesDoWhateverWasAskedBefore) {
  std::vector<std::pair<uint64_t, uint64_t>> Ranges = {
      {0x1000, 0x2000}, {0x5010, 0x5800}, {0x105000, 0x106000}};
  auto Inside = [&](uint64_t A) {
    for (const auto &R : Ranges)
      if (A >= R.first && A < R.second)
        return true;
    return false;
  };
  std::vector<uint64_t> Asked = {0,      0xfff,    0x1000,   0x1fff,   0x2000,
                                 0x5000, 0x500f,   0x5010,   0x57ff,   0x5800,
                                 0x5fff, 0x105000, 0x5010,   0x105fff, 0x106000,
                                 0x1010, 0x57ff,   0x105800, 0x5020,   ~0ull};
  CodeMap Map(Ranges);
  for (int Round = 0; Round < 2; ++Round)
    for (uint64_t A : Asked)
      EXPECT_EQ(Map.contains(A), Inside(A)) << std::hex << A;
  Ranges = {{0x5000, 0x6000}};
  Map.assign(Ranges);
  for (uint64_t A : Asked)
    EXPECT_EQ(Map.contains(A), Inside(A)) << std::hex << A << " reassigned";
}
