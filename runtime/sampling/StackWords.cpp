//===- StackWords.cpp - What the tool needs to unwind a sample ------------===//
#include "sampling/StackWords.h"

#include <algorithm>
#include <cstring>

namespace hotpath::rt {

std::vector<std::pair<uint64_t, uint64_t>>
codeRanges(const std::vector<LoadedObject> &Objects) {
  std::vector<std::pair<uint64_t, uint64_t>> Out;
  for (const LoadedObject &O : Objects)
    Out.insert(Out.end(), O.Text.begin(), O.Text.end());
  std::sort(Out.begin(), Out.end());
  return Out;
}

namespace {

bool isCode(const std::vector<std::pair<uint64_t, uint64_t>> &Code,
            uint64_t A) {
  auto It =
      std::upper_bound(Code.begin(), Code.end(), A,
                       [](uint64_t V, const std::pair<uint64_t, uint64_t> &R) {
                         return V < R.first;
                       });
  return It != Code.begin() && A < std::prev(It)->second;
}

} // namespace

void keepStackWords(const std::vector<std::pair<uint64_t, uint64_t>> &Code,
                    const uint64_t *Chain, uint32_t Depth, uint64_t Sp,
                    uint64_t Bp, const unsigned char *Stack, uint64_t Size,
                    SampledStackWords &Out) {
  // Cleared, its capacity kept (the drain reuses one).
  Out.HasBp = false;
  Out.BpOffset = 0;
  Out.Code.clear();
  Out.Frame.clear();
  Size &= ~uint64_t(7);
  if (!Sp || Size < 8)
    return;
  auto Word = [&](uint64_t Off) {
    uint64_t W;
    std::memcpy(&W, Stack + Off, 8);
    return W;
  };
  Out.HasBp = Bp >= Sp && Bp - Sp < Size;
  Out.BpOffset = Out.HasBp ? uint32_t(Bp - Sp) : 0;
  // A sound walk: the frame-pointer register points into the copy and the
  // chain's first return address is the one stored above it.
  bool Sound = Out.HasBp && Bp - Sp + 16 <= Size && Depth > 1 &&
               Word(Bp - Sp + 8) == Chain[1];
  uint64_t End = Sound ? Bp - Sp : Size;
  for (uint64_t Off = 0; Off < End; Off += 8) {
    uint64_t W = Word(Off);
    if (isCode(Code, W)) {
      if (Out.Code.size() < MaxStackWords)
        Out.Code.push_back({uint32_t(Off), W});
    } else if (!Sound && W > Sp + Off && W - Sp < Size) {
      if (Out.Frame.size() < MaxStackWords)
        Out.Frame.push_back({uint32_t(Off), uint32_t(W - Sp)});
    }
  }
}

} // namespace hotpath::rt
