//===- InlineCost.h - What the inliner would pay for a body -----*- C++ -*-===//
//
// The inline-helper rule (Selection.cpp) leaves out what the plain build
// inlines. The pass runs before the optimizer, where LLVM's own inline
// cost analysis would see the body as clang emitted it: every local a
// stack slot, each read and write of it an instruction that SROA removes
// long before the inliner looks. So the estimate is the inliner's, from
// the body alone: InlineConstants' cost per instruction the target does
// not call free (TargetTransformInfo), a call's penalty, the locals' slots
// and their loads and stores not counted; compared with the -O2 threshold
// (getInlineParams). A static function's only call, which the inliner
// takes whatever its size, keeps its function measured: its fast path is
// a copy of the body inlined as the plain build inlines it
// (FastPathCopy.h). From
// the body alone, so that every unit that includes an inline function
// decides the same for it (the linker keeps one unit's copy).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_INLINECOST_H
#define HOTPATH_PASS_INLINECOST_H

#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Function.h"

namespace hotpath {

/// The inliner's cost of F's body, as above.
int bodyInlineCost(const llvm::Function &F,
                   const llvm::TargetTransformInfo &TTI);

/// The threshold below which -O2 inlines a call (225).
int inlineThreshold();

} // namespace hotpath

#endif // HOTPATH_PASS_INLINECOST_H
