//===- SelfContained.h - Functions whose calls stay in the module -*- C++ -*-=//
//
// A function is self-contained when every call it makes, and every call
// those make, goes to a function defined in this module that the linker
// cannot replace, to an intrinsic, to one of a few C library leaves
// (strlen, memcmp, ...), to the guard of a local static, or ends the
// program without throwing, or enters a measured function of this module
// defined once in the program: no call leaves the module otherwise, none
// is indirect. Nothing such a call does itself can allocate or take a lock
// (the runtime sees both as calls of malloc, operator new,
// pthread_mutex_lock, ...; a measured callee is the current call while it
// runs, its wrapper or its hooks make it so), so while it runs nothing is
// charged to it: its wrapper's fast path leaves the current call as it is
// (WrapperFastPath.h) and saves a register and three instructions a call.
// Iterators, accessors and comparisons are such helpers (in yaml-cpp, 19
// of its 67 million calls), and so is a function that only calls measured
// functions of its unit.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_SELFCONTAINED_H
#define HOTPATH_PASS_SELFCONTAINED_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Module.h"

namespace hotpath {

class SelfContained {
public:
  /// Looks at the module as it is: before the pass changes any function.
  /// `Measured`: the functions the pass measures in it whose definition
  /// is the program's (definedOnceInProgram, WrapperFastPath.h).
  SelfContained(const llvm::Module &M,
                const llvm::DenseSet<const llvm::Function *> &Measured);
  bool contains(const llvm::Function &F) const { return Fns.count(&F); }

private:
  llvm::DenseSet<const llvm::Function *> Fns;
};

} // namespace hotpath

#endif // HOTPATH_PASS_SELFCONTAINED_H
