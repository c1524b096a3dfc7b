//===- InlineCost.cpp - What the inliner would pay for a body -------------===//
#include "InlineCost.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/InlineCost.h" // getInlineParams
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace hotpath {

namespace {
// InlineConstants' values (LLVM 14 to 19): the cost of one instruction,
// the extra for a call (the inliner's -inline-call-penalty default).
constexpr int InstrCost = 5;
constexpr int CallPenalty = 25;

// The entry block's fixed-size stack slots: clang's locals, which SROA
// turns into registers before the inliner runs.
SmallPtrSet<const Value *, 16> localSlots(const Function &F) {
  SmallPtrSet<const Value *, 16> Out;
  for (const Instruction &I : F.getEntryBlock())
    if (const auto *A = dyn_cast<AllocaInst>(&I))
      if (A->isStaticAlloca())
        Out.insert(A);
  return Out;
}

} // namespace

int bodyInlineCost(const Function &F, const TargetTransformInfo &TTI) {
  SmallPtrSet<const Value *, 16> Locals = localSlots(F);
  int Cost = 0;
  for (const BasicBlock &BB : F) {
    if (BB.isEHPad())
      continue; // the inliner weighs the normal path
    for (const Instruction &I : BB) {
      if (isa<AllocaInst>(I) || isa<DbgInfoIntrinsic>(I))
        continue;
      if (const auto *L = dyn_cast<LoadInst>(&I))
        if (Locals.count(L->getPointerOperand()))
          continue;
      if (const auto *S = dyn_cast<StoreInst>(&I))
        if (Locals.count(S->getPointerOperand()))
          continue;
      if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
        if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
          continue;
      } else if (isa<CallBase>(I)) {
        Cost += InstrCost + CallPenalty;
        continue;
      }
      if (TTI.getInstructionCost(&I, TargetTransformInfo::TCK_SizeAndLatency) ==
          TargetTransformInfo::TCC_Free)
        continue;
      Cost += InstrCost;
    }
  }
  // No bonus for a static function's only call (the inliner's
  // LastCallToStaticBonus): such a function stays measured, its fast path
  // a copy of its body that the plain build's inlining takes as it is
  // (FastPathCopy.h).
  return Cost;
}

int inlineThreshold() { return getInlineParams(2, 0).DefaultThreshold; }

} // namespace hotpath
