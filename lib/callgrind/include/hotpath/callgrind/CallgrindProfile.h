//===- CallgrindProfile.h - Callgrind output files, parsed ------*- C++ -*-===//
//
// A complete reader of the Callgrind format (valgrind docs, "Callgrind
// Format Specification"): headers (`positions:`, `events:`, `part:`,
// `thread:`, `desc:`, `totals:`, `summary:`), name compression for every
// kind (`(id) name` defines, `(id)` refers; fn/cfn/jfn, fl/fi/fe/cfi/cfl/jfi
// and ob/cob share one table each), position compression (`+N`, `-N`, `*`,
// decimal, `0x` hex), `calls=` with its inclusive cost line, `jump=`/`jcnd=`,
// and several parts in one file (`--combine-dumps=yes`).
//
// Costs are keyed like callgrind_annotate keys them ("file:function", where
// the file is the current fl/fi/fe), so that inclusive costs computed here
// are comparable with `callgrind_annotate --inclusive=yes`. Malformed input
// is one error line naming the line number; the reader never crashes.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_CALLGRIND_PROFILE_H
#define HOTPATH_CALLGRIND_PROFILE_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace hotpath::callgrind {

using Cost = std::vector<uint64_t>; // one entry per event; missing = 0

/// Adds B to A (A grows to B's size).
void addCost(Cost &A, const Cost &B);

/// One function as callgrind_annotate sees it: (current file, name).
struct FunctionKey {
  std::string File, Name;
  bool operator<(const FunctionKey &O) const {
    return std::tie(File, Name) < std::tie(O.File, O.Name);
  }
  bool operator==(const FunctionKey &O) const {
    return File == O.File && Name == O.Name;
  }
};

/// The `calls=` lines from one function to one callee, summed.
struct CallEdge {
  FunctionKey Callee;
  std::string CalleeObject;
  uint64_t Calls = 0;
  Cost Inclusive; // the cost lines that follow the calls= lines
};

struct FunctionCost {
  FunctionKey Key;
  std::string Object;
  Cost Self;                   // cost lines outside calls
  std::vector<CallEdge> Calls; // one per callee
};

struct Part {
  // Header values ("" / 0 when absent).
  std::string Creator, Cmd, Trigger; // Trigger from "desc: Trigger: ..."
  int64_t Pid = 0;
  uint64_t PartNumber = 0, Thread = 0;
  std::vector<std::string> Desc;      // every desc: line
  std::vector<std::string> Positions; // e.g. {"instr", "line"}
  std::vector<std::string> Events;    // e.g. {"Ir", "Dr", ...}
  Cost Totals, Summary;
  bool HasTotals = false, HasSummary = false;
  std::vector<FunctionCost> Functions;
  std::map<FunctionKey, size_t> Index; // into Functions

  /// Position of an event in Events, or -1.
  int eventIndex(std::string_view Name) const;
  /// `totals:` when given (and not zero), else `summary:`, else the sum of
  /// every self cost (as callgrind_annotate does).
  Cost total() const;
  /// Inclusive cost per function exactly as `callgrind_annotate
  /// --inclusive=yes` computes it: for a function that is called, the sum
  /// of the cost lines of every call to it; otherwise self + its calls.
  std::map<FunctionKey, Cost> inclusiveLikeAnnotate() const;
};

struct Profile {
  std::vector<Part> Parts;
};

/// Parses a whole Callgrind file. On failure returns false, `Error` is one
/// line ("line 12: ..."), and `Out` holds what was read before the error.
bool parseProfile(std::string_view Text, Profile &Out, std::string &Error);
/// Reads and parses `Path`; `Error` does not repeat the path.
bool readProfileFile(const std::string &Path, Profile &Out, std::string &Error);

} // namespace hotpath::callgrind

#endif // HOTPATH_CALLGRIND_PROFILE_H
