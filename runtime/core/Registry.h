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
/// `OwnCountdowns` (may be null): the calling thread's address of each
/// record's own countdown, 0 for one counting in the table
/// (__hotpath_register_countdowns, abi.h).
void registerFunctions(hotpath_fn_desc *const *Descs, uint64_t Count,
                       uint32_t AbiVersion,
                       const uint64_t *OwnCountdowns = nullptr);

/// By id: the offset from a thread's pointer of the function's own
/// countdown, 0 when it counts in the per-thread table. Written once,
/// before the id is published. (Zero pages until written: 2 MiB of
/// address space, not of memory.)
extern int64_t OwnCountdownOffsets[MaxFunctions];

/// This thread's pointer (%fs:0), from which the own countdowns are at
/// OwnCountdownOffsets; 0 where there are none (not x86-64).
inline uintptr_t threadPointer() {
#if defined(__x86_64__)
  uintptr_t P;
  asm("movq %%fs:0, %0" : "=r"(P));
  return P;
#else
  return 0;
#endif
}
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
