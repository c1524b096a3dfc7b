//===- SelfTailCalls.h - A function's tail calls of itself ------*- C++ -*-===//
//
// The plain build turns a function's tail call of itself into a loop
// (TailCallElim): a recursion ten million deep runs in one frame. Wrapped,
// the body (the marker) calls the wrapper, whose hooked path calls the
// marker between the hooks, and every level keeps two frames: the stack
// overflowed. So, once the optimizer is done (the OptimizerLast extension
// point, where a tail call reads as `call` then `ret`), each tail call of
// the wrapper in its own marker becomes, in every mode:
//
//   call void @__hotpath_enter(ptr @desc)   ; the call, counted
//   call void @__hotpath_exit(ptr @desc)    ; (and timed as nothing)
//   %r = tail call @f.hotpath.N(args)       ; the marker itself
//   ret %r
//
// and TailCallElim runs again on the marker, which makes the loop: the
// calls are counted exactly (the hooks see each), the stack does not
// grow, and their time is the outermost call's. Not at -O0 (optnone),
// where the plain build keeps its frames too.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_SELFTAILCALLS_H
#define HOTPATH_PASS_SELFTAILCALLS_H

#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace hotpath {

/// Tags `Marker` when its body calls `Wrapper`, the function it was moved
/// out of: SelfTailCallsPass looks at the tagged markers only.
void tagSelfCalls(llvm::Function &Marker, const llvm::Function &Wrapper);

struct SelfTailCallsPass : llvm::PassInfoMixin<SelfTailCallsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace hotpath

#endif // HOTPATH_PASS_SELFTAILCALLS_H
