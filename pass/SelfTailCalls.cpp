//===- SelfTailCalls.cpp - A measured function's tail calls of itself -----===//
#include "SelfTailCalls.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/TailRecursionElimination.h"

#define DEBUG_TYPE "hotpath"

using namespace llvm;

STATISTIC(NumSelfTailCalls, "Tail calls of a function of itself made loops");

namespace hotpath {

namespace {
// On a marker whose body calls its wrapper: the wrapper's name.
constexpr const char *SelfCallsAttr = "hotpath-self-calls";

// Whether Call's value is what its function returns next: `ret` after it,
// or a branch to a block that returns a phi of it.
bool inTailPosition(CallInst &Call) {
  Instruction *Next = Call.getNextNonDebugInstruction();
  auto Returns = [&](ReturnInst *R, BasicBlock *From) {
    Value *V = R->getReturnValue();
    if (!V)
      return Call.getType()->isVoidTy();
    if (V == &Call)
      return true;
    auto *Phi = dyn_cast<PHINode>(V);
    return Phi && Phi->getParent() == R->getParent() &&
           Phi->getIncomingValueForBlock(From) == &Call;
  };
  if (auto *R = dyn_cast_or_null<ReturnInst>(Next))
    return Returns(R, Call.getParent());
  auto *Br = dyn_cast_or_null<BranchInst>(Next);
  if (!Br || Br->isConditional())
    return false;
  BasicBlock *To = Br->getSuccessor(0);
  auto *R = dyn_cast<ReturnInst>(To->getFirstNonPHIOrDbg());
  return R && Returns(R, Call.getParent());
}

// The hook call of that name in the hooked thunk, to copy.
CallInst *hookCall(Function &Thunk, StringRef Hook) {
  for (Instruction &I : instructions(Thunk))
    if (auto *C = dyn_cast<CallInst>(&I))
      if (Function *Callee = C->getCalledFunction();
          Callee && Callee->getName() == Hook)
        return C;
  return nullptr;
}
} // namespace

void tagSelfCalls(Function &Marker, const Function &Wrapper) {
  for (Instruction &I : instructions(Marker))
    if (auto *C = dyn_cast<CallBase>(&I);
        C && C->getCalledOperand() == &Wrapper) {
      Marker.addFnAttr(SelfCallsAttr, Wrapper.getName());
      return;
    }
}

PreservedAnalyses SelfTailCallsPass::run(Module &M,
                                         ModuleAnalysisManager &MAM) {
  SmallVector<Function *, 4> Markers;
  for (Function &F : M)
    if (F.hasFnAttribute(SelfCallsAttr))
      Markers.push_back(&F);
  if (Markers.empty())
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *Marker : Markers) {
    StringRef WrapperName =
        Marker->getFnAttribute(SelfCallsAttr).getValueAsString();
    Function *Wrapper = M.getFunction(WrapperName);
    // `f.hotpath.N` is hooked by `f.hotpath_hooked.N`.
    std::string Thunk = Marker->getName().str();
    size_t At = Thunk.rfind(".hotpath.");
    Function *Hooked =
        At == std::string::npos
            ? nullptr
            : M.getFunction(Thunk.replace(At, 9, ".hotpath_hooked."));
    CallInst *Enter = Hooked ? hookCall(*Hooked, "__hotpath_enter") : nullptr;
    CallInst *Exit = Hooked ? hookCall(*Hooked, "__hotpath_exit") : nullptr;
    Marker->removeFnAttr(SelfCallsAttr);
    if (!Wrapper || !Enter || !Exit || Marker->hasOptNone() ||
        Marker->getFunctionType() != Wrapper->getFunctionType())
      continue;
    bool Changed = false;
    for (Instruction &I : make_early_inc_range(instructions(*Marker))) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call || Call->getCalledOperand() != Wrapper ||
          Call->isMustTailCall() || !inTailPosition(*Call))
        continue;
      for (CallInst *Hook : {Enter, Exit}) {
        Instruction *Copy = Hook->clone();
        Copy->insertBefore(Call);
        Copy->setDebugLoc(Call->getDebugLoc());
      }
      Call->setCalledFunction(Marker);
      Call->setCallingConv(Marker->getCallingConv());
      Call->setTailCall();
      ++NumSelfTailCalls;
      Changed = true;
    }
    if (!Changed)
      continue;
    PreservedAnalyses PA = TailCallElimPass().run(*Marker, FAM);
    FAM.invalidate(*Marker, PA);
  }
  return PreservedAnalyses::none();
}

} // namespace hotpath
