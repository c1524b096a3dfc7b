//===- FastPathCopy.cpp - The fast path's own copy of a body called once --===//
#include "FastPathCopy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "hotpath"

using namespace llvm;

STATISTIC(NumFastCopies, "Bodies called once given a copy for the fast path");
STATISTIC(NumFoldedCopies, "Fast-path copies not inlined, folded back");

namespace hotpath {

namespace {
// The marker a copy belongs to. A string attribute, which code generation
// ignores: it survives every pass that keeps the function.
constexpr const char *CopyOfAttr = "hotpath-fast-copy-of";
} // namespace

bool isCalledOnceLocally(const Function &F) {
  if (!F.hasLocalLinkage() || F.hasFnAttribute(Attribute::NoInline) ||
      F.hasFnAttribute(Attribute::OptimizeNone) || !F.hasOneUse())
    return false;
  const auto *Call = dyn_cast<CallBase>(F.user_back());
  return Call && Call->getCalledOperand() == &F;
}

Function *makeFastPathCopy(Function &Marker) {
  ValueToValueMapTy VMap;
  // Same module: the copy gets a debug-info subprogram of its own, with
  // the same name, so an inlined copy reads as the function it is.
  Function *Copy = CloneFunction(&Marker, VMap);
  Copy->removeFromParent();
  Marker.getParent()->getFunctionList().insertAfter(Marker.getIterator(), Copy);
  std::string Name = Marker.getName().str();
  size_t At = Name.rfind(".hotpath.");
  Copy->setName(Name.substr(0, At) + ".hotpath_fast." +
                Name.substr(At + sizeof(".hotpath.") - 1));
  Copy->addFnAttr(CopyOfAttr, Marker.getName());
  ++NumFastCopies;
  return Copy;
}

PreservedAnalyses FoldFastPathCopiesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Copies;
  for (Function &F : M)
    if (F.hasFnAttribute(CopyOfAttr))
      Copies.push_back(&F);
  if (Copies.empty())
    return PreservedAnalyses::all();
  for (Function *Copy : Copies) {
    Function *Marker =
        M.getFunction(Copy->getFnAttribute(CopyOfAttr).getValueAsString());
    // No marker: nothing hooked calls the body any more, and the copy is
    // the one left. It stays, untagged.
    if (!Marker || Marker->getFunctionType() != Copy->getFunctionType()) {
      Copy->removeFnAttr(CopyOfAttr);
      continue;
    }
    if (!Copy->use_empty()) {
      ++NumFoldedCopies;
      Copy->replaceAllUsesWith(Marker);
    }
    Copy->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace hotpath
