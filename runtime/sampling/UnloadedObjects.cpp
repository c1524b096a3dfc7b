//===- UnloadedObjects.cpp - Samples of objects the program unloaded ------===//
#include "sampling/UnloadedObjects.h"

#include <link.h>

namespace hotpath::rt {

namespace {

int readChanges(dl_phdr_info *Info, size_t Size, void *Data) {
  auto *C = static_cast<ObjectChanges *>(Data);
  if (Size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof Info->dlpi_subs) {
    C->Adds = Info->dlpi_adds;
    C->Subs = Info->dlpi_subs;
  }
  return 1; // the counters are the same in every callback
}

bool inCode(uint64_t A, const LoadedObject &O) {
  for (const auto &[Start, End] : O.Text)
    if (A >= Start && A < End)
      return true;
  return false;
}

} // namespace

ObjectChanges objectChanges() {
  ObjectChanges C;
  dl_iterate_phdr(readChanges, &C);
  return C;
}

std::vector<LoadedObject> objectsGone(const std::vector<LoadedObject> &Before,
                                      const std::vector<LoadedObject> &Now) {
  std::vector<LoadedObject> Gone;
  for (const LoadedObject &B : Before) {
    bool Still = false;
    for (const LoadedObject &N : Now)
      Still |= N.Base == B.Base && N.Path == B.Path && N.BuildId == B.BuildId;
    if (!Still)
      Gone.push_back(B);
  }
  return Gone;
}

uint64_t unloadedDelta(uint32_t N) {
  // 2^62 + N * 2^47: user addresses are below 2^47.
  return (uint64_t(1) << 62) + (uint64_t(N % 32768) << 47);
}

bool moveIntoUnloaded(std::vector<uint64_t> &Frames, SampledStackWords &Words,
                      const LoadedObject &O, uint64_t Delta) {
  bool Moved = false;
  for (uint64_t &F : Frames)
    if (inCode(F, O)) {
      F += Delta;
      Moved = true;
    }
  for (auto &[Offset, Address] : Words.Code)
    if (inCode(Address, O)) {
      Address += Delta;
      Moved = true;
    }
  return Moved;
}

LoadedObject movedObject(LoadedObject O, uint64_t Delta) {
  O.Base += Delta;
  for (auto &[Start, End] : O.Text) {
    Start += Delta;
    End += Delta;
  }
  return O;
}

} // namespace hotpath::rt
