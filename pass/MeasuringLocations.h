//===- MeasuringLocations.h - Debug locations of hotpath's code -*- C++ -*-===//
//
// The instructions the pass adds to a function (the gate, the restore of
// the current function, the hooks' calls and their cleanups) get a debug
// location of their own: an inlined call of one artificial function,
// `__hotpath_gate`, at the function's scope line, as if written
//
//   f(args) {            // line L
//     __hotpath_gate();  // inlined at line L: the gate, the hooks' calls
//     ...
//
// A symbolizer then names them as hotpath's wherever the wrapper is
// inlined, and the CPU samples that land there count as the cost of
// measuring, not as the function's work (docs/sampling.md). Lines stay
// those of the function's scope, as Callgrind and debuggers saw them. A
// function without debug info gets no location, as before.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_MEASURINGLOCATIONS_H
#define HOTPATH_PASS_MEASURINGLOCATIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"

#include <utility>

namespace hotpath {

/// The name symbolizers show for hotpath's instructions (and the tool
/// recognises: samples/Attribution.cpp).
inline constexpr const char *MeasuringFunctionName = "__hotpath_gate";

class MeasuringLocations {
public:
  /// Where the pass's calls in `F` are: its scope line. None without
  /// debug info.
  static llvm::DebugLoc hookLoc(const llvm::Function &F);

  /// `hookLoc(F)` inside an inlined `__hotpath_gate`: for the instructions
  /// that are hotpath's. None without debug info.
  llvm::DebugLoc measuringLoc(const llvm::Function &F);

private:
  // One artificial subprogram per compile unit and file (a module may hold
  // several units after LTO's merge).
  llvm::DenseMap<std::pair<llvm::DICompileUnit *, llvm::DIFile *>,
                 llvm::DISubprogram *>
      Gates;
};

} // namespace hotpath

#endif // HOTPATH_PASS_MEASURINGLOCATIONS_H
