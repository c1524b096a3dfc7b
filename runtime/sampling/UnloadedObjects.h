//===- UnloadedObjects.h - Samples of unloaded libraries --------*- C++ -*-===//
//
// The report lists the objects loaded at the session's end, and the tool
// names a sampled address by the object whose code holds it then. A
// library the program dlclose'd is not there, and the next one mapped at
// its address would be named for its samples (a library's 265 ms charged
// to another's function). So the sampler watches for unloads (glibc's
// dlpi_subs, read at each sweep): an object that went has the samples
// taken in its code moved, with the object itself, to addresses no object
// can have (above the 47 bits of user space, below the kernel's half:
// never canonical), where the tool finds it by its path and build, and
// symbolizes as before (an address less the object's base).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_UNLOADEDOBJECTS_H
#define HOTPATH_RUNTIME_SAMPLING_UNLOADEDOBJECTS_H

#include "base/Snapshot.h"

#include <cstdint>
#include <vector>

namespace hotpath::rt {

/// glibc's counts of objects loaded and unloaded so far (dlpi_adds,
/// dlpi_subs): cheap, no allocation.
struct ObjectChanges {
  uint64_t Adds = 0, Subs = 0;
  bool operator==(const ObjectChanges &O) const {
    return Adds == O.Adds && Subs == O.Subs;
  }
};
ObjectChanges objectChanges();

/// The objects of Before that are not in Now (same path, base and build).
std::vector<LoadedObject> objectsGone(const std::vector<LoadedObject> &Before,
                                      const std::vector<LoadedObject> &Now);

/// Where the N-th unloaded object of a session moves: a distance that puts
/// any user address above user space and below the kernel's half.
uint64_t unloadedDelta(uint32_t N);

/// Moves by Delta the addresses of Frames and of the stack words' code
/// addresses that fall in O's code; whether any did.
bool moveIntoUnloaded(std::vector<uint64_t> &Frames, SampledStackWords &Words,
                      const LoadedObject &O, uint64_t Delta);

/// O, moved by Delta (its base and code ranges).
LoadedObject movedObject(LoadedObject O, uint64_t Delta);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_UNLOADEDOBJECTS_H
