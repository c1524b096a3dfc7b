//===- Locks.h - The locks section ------------------------------*- C++ -*-===//
//
// The program's locks (HOTPATH_LOCKS): per lock, its acquisitions, the
// contended ones and their wait, its hold time, and the measured functions
// that waited most for it. A lock is named after the run by the tool
// (lib/samples/LockNames.h): the symbol of a global or static lock, else
// the measured function and source line that first locked it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_LOCKS_H
#define HOTPATH_REPORT_LOCKS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::report {

struct LockWaiter {
  std::string Function;
  uint64_t WaitNs = 0;
};

struct LockRow {
  std::string Name; // "" until named (the tool names it from the rest)
  // "mutex", "rwlock-read", "rwlock-write", "condition", "spin",
  // "semaphore": an rwlock's reads and writes are rows of their own.
  std::string Kind;
  uint64_t Address = 0;
  // A lock in an object's data (a global or static): that object and the
  // lock's address in its virtual addresses; "" for heap and stack locks.
  std::string Object;
  uint64_t Offset = 0;
  std::string FirstFunction; // measured call that first took it ("" none)
  // Where it was first taken: the lock call's return address in its object.
  std::string SiteObject;
  uint64_t SiteOffset = 0;
  uint64_t Acquisitions = 0; // condition variables, semaphores: waits
  uint64_t Contended = 0;    // not taken at once: waited for
  uint64_t WaitNs = 0, WaitP95Ns = 0, WaitMaxNs = 0;
  // Hold time, extrapolated from the timed holds (one in hold_period),
  // and the longest of those; none for conditions and semaphores.
  uint64_t HoldNs = 0, HoldMaxNs = 0, HoldsTimed = 0;
  std::vector<LockWaiter> Waiters; // by wait, descending
};

struct LocksSection {
  bool Present = false;
  std::string Description;
  uint64_t HoldPeriod = 0;
  std::vector<LockRow> Data; // by wait, descending
};

/// What a person knows a lock by: its name, else where it was first taken
/// ("first locked in F"), else its address.
std::string lockLabel(const LockRow &L);

nlohmann::ordered_json locksToJson(const LocksSection &S);
/// Validates; throws std::runtime_error naming the bad key.
void locksFromJson(const nlohmann::json &J, LocksSection &S);
/// Adds R's figures to M's (maxima and p95 the larger, waiters summed).
void addLockRow(LockRow &M, const LockRow &R);
/// Adds another run's locks (`hotpath merge`): rows of the same name and
/// kind add up (maxima and p95 are the larger).
void mergeLocks(LocksSection &Into, const LocksSection &From);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_LOCKS_H
