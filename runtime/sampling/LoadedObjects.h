//===- LoadedObjects.h - The program's mapped ELF objects -------*- C++ -*-===//
//
// Where each loaded object (the program, its shared libraries) lies in
// memory and which file and build it is, from dl_iterate_phdr: what the
// tool needs to symbolize a sampled address after the run, and what the
// leaf-caller check needs to tell code from data.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_LOADEDOBJECTS_H
#define HOTPATH_RUNTIME_SAMPLING_LOADEDOBJECTS_H

#include "base/Snapshot.h"

#include <optional>
#include <string>
#include <vector>

namespace hotpath::rt {

/// Every object mapped now, the program first. The program's path is
/// /proc/self/exe's target; the vDSO (no file) is left out.
std::vector<LoadedObject> loadedObjects();

/// The program's NT_GNU_BUILD_ID in hex (meta.build_id), if it has one.
std::optional<std::string> mainBuildId();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_LOADEDOBJECTS_H
