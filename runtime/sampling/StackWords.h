//===- StackWords.h - What the tool needs to unwind a sample ----*- C++ -*-===//
//
// The kernel walks a sample's user call chain by frame pointers. Code
// without them (most of glibc and libstdc++: memcpy, malloc, printf; any
// function at its first instructions) leaves the frame-pointer register to
// its caller, or uses it for something else: the walk then skips callers,
// or follows garbage. Each sample also carries the registers and the top
// of the stack (PerfRing.h); from them the runtime keeps the few words the
// tool needs to unwind such frames exactly by their call-frame information
// (lib/samples/Unwinder.cpp, as `perf --call-graph dwarf` does), and no
// DWARF work is done here:
//
//  - the stack words that hold code addresses (return addresses, or
//    stale ones the call-frame information tells apart), and
//  - the stack words that point into the copied stack (saved frame
//    pointers),
//
// as offsets from the stack pointer, and the frame-pointer register's.
// When the frame-pointer register points into the copy and the chain
// agrees with what it points at, the walk from it is sound and only the
// words below it can be missing frames: only those code words are kept,
// which in code with frame pointers is usually none, so that samples of
// one call path stay one chain.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_STACKWORDS_H
#define HOTPATH_RUNTIME_SAMPLING_STACKWORDS_H

#include "base/Snapshot.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace hotpath::rt {

/// The executable ranges of `Objects`, sorted.
std::vector<std::pair<uint64_t, uint64_t>>
codeRanges(const std::vector<LoadedObject> &Objects);

/// Whether an address is in the code: the sorted, disjoint ranges of
/// codeRanges(), and what each page recently asked about holds (no code,
/// all code, or some), so that most of a sample's 512 stack words cost one
/// load and compare, not a binary search (5 us a sample before). Words
/// below the lowest code or above the highest (small integers, the stack's
/// own addresses, most of them) cost two compares.
class CodeMap {
public:
  CodeMap() = default;
  explicit CodeMap(std::vector<std::pair<uint64_t, uint64_t>> Ranges) {
    assign(std::move(Ranges));
  }
  void assign(std::vector<std::pair<uint64_t, uint64_t>> Ranges);
  bool contains(uint64_t A) const;

private:
  enum : uint8_t { Unknown, NoCode, AllCode, SomeCode };
  struct Page {
    uint64_t Number = 0;
    uint8_t Kind = Unknown;
  };
  uint8_t pageKind(uint64_t Number) const;
  bool search(uint64_t A) const;

  std::vector<std::pair<uint64_t, uint64_t>> Ranges;
  uint64_t Lowest = 0, Highest = 0; // [Lowest, Highest) spans every range
  static constexpr size_t CachedPages = 256; // a power of two
  mutable Page Cache[CachedPages];
};

/// Keeps `Stack`'s (Size bytes copied at `Sp`) words into `Out` (cleared
/// first, its capacity kept): see the file comment. `Chain` is the kernel's
/// walk, innermost first. At most MaxWords of each kind, those nearest the
/// stack pointer.
void keepStackWords(const CodeMap &Code, const uint64_t *Chain, uint32_t Depth,
                    uint64_t Sp, uint64_t Bp, const unsigned char *Stack,
                    uint64_t Size, SampledStackWords &Out);

inline constexpr size_t MaxStackWords = 64;

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_STACKWORDS_H
