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

void CodeMap::assign(std::vector<std::pair<uint64_t, uint64_t>> R) {
  Ranges = std::move(R);
  Lowest = Ranges.empty() ? 0 : Ranges.front().first;
  Highest = 0;
  for (const auto &Range : Ranges)
    Highest = std::max(Highest, Range.second);
  for (Page &P : Cache)
    P = Page();
}

bool CodeMap::search(uint64_t A) const {
  auto It =
      std::upper_bound(Ranges.begin(), Ranges.end(), A,
                       [](uint64_t V, const std::pair<uint64_t, uint64_t> &R) {
                         return V < R.first;
                       });
  return It != Ranges.begin() && A < std::prev(It)->second;
}

uint8_t CodeMap::pageKind(uint64_t Number) const {
  uint64_t Lo = Number << 12, Hi = Lo + 4096;
  // The first range that ends above the page's start (disjoint ranges end
  // in the order they start).
  auto It = std::partition_point(
      Ranges.begin(), Ranges.end(),
      [&](const std::pair<uint64_t, uint64_t> &R) { return R.second <= Lo; });
  if (It == Ranges.end() || It->first >= Hi)
    return NoCode;
  return It->first <= Lo && It->second >= Hi ? AllCode : SomeCode;
}

bool CodeMap::contains(uint64_t A) const {
  if (A < Lowest || A >= Highest)
    return false;
  uint64_t Number = A >> 12;
  Page &P = Cache[Number & (CachedPages - 1)];
  if (P.Kind == Unknown || P.Number != Number)
    P = {Number, pageKind(Number)};
  return P.Kind == AllCode || (P.Kind == SomeCode && search(A));
}

void keepStackWords(const CodeMap &Code, const uint64_t *Chain, uint32_t Depth,
                    uint64_t Sp, uint64_t Bp, const unsigned char *Stack,
                    uint64_t Size, SampledStackWords &Out) {
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
    if (Code.contains(W)) {
      if (Out.Code.size() < MaxStackWords)
        Out.Code.push_back({uint32_t(Off), W});
    } else if (!Sound && W > Sp + Off && W - Sp < Size) {
      if (Out.Frame.size() < MaxStackWords)
        Out.Frame.push_back({uint32_t(Off), uint32_t(W - Sp)});
    }
  }
}

} // namespace hotpath::rt
