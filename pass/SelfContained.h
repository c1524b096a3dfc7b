//===- SelfContained.h - Functions whose calls stay in the module -*- C++ -*-=//
//
// A function is self-contained when every call it makes, and every call
// those make, goes to an intrinsic or to a function defined in this module
// that the linker cannot replace: no call leaves the module, no call is
// indirect. Such a call can neither allocate nor take a lock (the runtime
// sees both as calls of malloc, operator new, pthread_mutex_lock, ...,
// which are never defined beside the program's code), so while it runs
// nothing is charged to the current call: its wrapper's fast path leaves
// the current call as it is (WrapperFastPath.h) and saves a register and
// three instructions a call. Most of the calls of a C++ program are such
// helpers (iterators, accessors, comparisons), counted by the million.
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
  explicit SelfContained(const llvm::Module &M);
  bool contains(const llvm::Function &F) const { return Fns.count(&F); }

private:
  llvm::DenseSet<const llvm::Function *> Fns;
};

} // namespace hotpath

#endif // HOTPATH_PASS_SELFCONTAINED_H
