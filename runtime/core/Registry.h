//===- Registry.h - Function descriptors to dense ids -----------*- C++ -*-===//
//
// __hotpath_register may run before any constructor of the runtime (from
// other objects' constructors) and later from dlopen: all state is
// constant-initialised and the tables are mmap'd on first use. Records with
// the same hash (one function in several TUs or DSOs) share one id. Names
// are copied, so a dlclose'd object's strings are never read.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_REGISTRY_H
#define HOTPATH_RUNTIME_REGISTRY_H

#include "hotpath/abi.h"

#include <cstdint>

namespace hotpath::rt {

/// Ids are 1..functionCount(); tables per thread are sized for this many.
constexpr uint32_t MaxFunctions = 1u << 18;
/// Never given to a function: the runtime's own calibration calls
/// (session/CallCost.h), which no report shows.
constexpr uint32_t CalibrationId = MaxFunctions - 1;

struct FnRecord {
  uint64_t Hash;
  uint32_t Flags;
  uint32_t Line;
  const char *Name, *Symbol, *File; // owned by the registry
};

/// Registers `Count` descriptors; writes runtime_id into each.
void registerFunctions(hotpath_fn_desc *const *Descs, uint64_t Count,
                       uint32_t AbiVersion);
/// Highest id given so far (acquire: records up to it are readable).
uint32_t functionCount();
/// The record of id 1..functionCount().
const FnRecord &functionRecord(uint32_t Id);
/// True once a descriptor flagged HOTPATH_FN_MAIN was registered.
bool mainRegistered();

/// Fork support: the registry lock is held across fork().
void registryLock();
void registryUnlock();
void registryResetLockInChild();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_REGISTRY_H
