//===- FastPathCopy.cpp - The fast path's own copy of a body called once --===//
#include "FastPathCopy.h"
#include "Compat.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

#define DEBUG_TYPE "hotpath"

using namespace llvm;

STATISTIC(NumFastCopies, "Bodies called once given a copy for the fast path");
STATISTIC(NumTwins, "Wrappers twinned for a caller's copied body");
STATISTIC(NumFoldedCopies, "Fast-path copies not inlined, folded back");

namespace hotpath {

namespace {
// The marker a copy belongs to. A string attribute, which code generation
// ignores: it survives every pass that keeps the function.
constexpr const char *CopyOfAttr = "hotpath-fast-copy-of";
// On a wrapper whose fast path calls a copy: the copy's name.
constexpr const char *HasCopyAttr = "hotpath-fast-copy";
} // namespace

namespace {
bool inlinableLocal(const Function &F) {
  return F.hasLocalLinkage() && !F.hasFnAttribute(Attribute::NoInline) &&
         !F.hasFnAttribute(Attribute::OptimizeNone);
}

CallBase *directCall(const Use &U, const Function &F) {
  auto *Call = dyn_cast<CallBase>(U.getUser());
  return Call && Call->getCalledOperand() == &F ? Call : nullptr;
}

// The marker a copy or twin stands for, by name.
StringRef copyOf(const Function &F) {
  return F.getFnAttribute(CopyOfAttr).getValueAsString();
}
} // namespace

namespace {
// Whether one statement of inline assembly defines a symbol: a directive
// that names one, or a label that is neither numeric (`1:`, local to each
// use) nor made unique per use (`%=`, `${:uid}`).
bool statementDefinesSymbol(StringRef S) {
  S = S.trim();
  for (StringRef D : {".globl", ".global", ".weak", ".set", ".equ", ".symver",
                      ".type", ".comm", ".lcomm", ".size"})
    if (S.substr(0, D.size()) == D &&
        (S.size() == D.size() || isSpace(S[D.size()])))
      return true;
  size_t Colon = S.find(':');
  if (Colon == StringRef::npos || Colon == 0)
    return false;
  StringRef Label = S.take_front(Colon);
  if (Label.contains("%=") || Label.contains("${:uid}"))
    return false;
  if (all_of(Label, isDigit))
    return false;
  return all_of(Label, [](char C) {
    return isAlnum(C) || C == '_' || C == '.' || C == '$';
  });
}

} // namespace

// Whether F's body may not exist twice in one object: its inline assembly
// defines a symbol or a named label, which a copy would define again (the
// object would not assemble).
bool definesAsmSymbols(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const auto *IA = dyn_cast<InlineAsm>(Call->getCalledOperand())) {
          SmallVector<StringRef, 8> Lines;
          StringRef(IA->getAsmString()).split(Lines, '\n');
          for (StringRef Line : Lines) {
            SmallVector<StringRef, 4> Statements;
            Line.split(Statements, ';');
            if (any_of(Statements, statementDefinesSymbol))
              return true;
          }
        }
  return false;
}

bool isCalledOnceLocally(const Function &F) {
  return inlinableLocal(F) && F.hasOneUse() && directCall(*F.use_begin(), F) &&
         !definesAsmSymbols(F);
}

CallBase *callDoubledByCopy(const Function &F) {
  if (!compat::WrappersAreCopyable || !inlinableLocal(F) || !F.hasNUses(2) ||
      definesAsmSymbols(F))
    return nullptr;
  CallBase *A = directCall(*F.use_begin(), F);
  CallBase *B = directCall(*std::next(F.use_begin()), F);
  if (!A || !B)
    return nullptr;
  for (auto [InMarker, InCopy] : {std::pair{A, B}, std::pair{B, A}}) {
    const Function &Copy = *InCopy->getFunction();
    if (Copy.hasFnAttribute(CopyOfAttr) &&
        copyOf(Copy) == InMarker->getFunction()->getName())
      return InMarker;
  }
  return nullptr;
}

namespace {
// A clone of `Of`, placed after it and named after `Marker` with `Tag`
// for its ".hotpath" (`f.hotpath_fast.N`), standing for `Of`. In the same
// module the clone gets a debug-info subprogram of its own, with the same
// name: inlined, it reads as the function it copies.
Function *cloneAfter(Function &Of, const Function &Marker, StringRef Tag) {
  ValueToValueMapTy VMap;
  Function *Clone = CloneFunction(&Of, VMap);
  Clone->removeFromParent();
  Of.getParent()->getFunctionList().insertAfter(Of.getIterator(), Clone);
  StringRef Name = Marker.getName();
  size_t At = Name.rfind(".hotpath.");
  Clone->setName(Name.substr(0, At) + Tag +
                 Name.substr(At + sizeof(".hotpath") - 1));
  Clone->setLinkage(GlobalValue::InternalLinkage);
  Clone->addFnAttr(CopyOfAttr, Of.getName());
  Clone->removeFnAttr(HasCopyAttr);
  return Clone;
}
} // namespace

Function *makeFastPathCopy(Function &Wrapper, Function &Marker) {
  Function *Copy = cloneAfter(Marker, Marker, ".hotpath_fast");
  Wrapper.addFnAttr(HasCopyAttr, Copy->getName());
  ++NumFastCopies;
  return Copy;
}

void twinWrappersCalledFrom(Function &Marker) {
  Module &M = *Marker.getParent();
  SmallVector<CallBase *, 4> Doubled;
  for (BasicBlock &BB : Marker)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *W = Call->getCalledFunction())
          if (W->hasFnAttribute(HasCopyAttr) && callDoubledByCopy(*W) == Call)
            Doubled.push_back(Call);
  for (CallBase *Call : Doubled) {
    Function &W = *Call->getCalledFunction();
    Function *Copy =
        M.getFunction(W.getFnAttribute(HasCopyAttr).getValueAsString());
    Function *WMarker = Copy ? M.getFunction(copyOf(*Copy)) : nullptr;
    if (WMarker)
      Call->setCalledFunction(makeWrapperTwin(W, *Copy, *WMarker));
  }
}

Function *makeWrapperTwin(Function &F, Function &Copy, Function &Marker) {
  Function *Twin = cloneAfter(F, Marker, ".hotpath_twin");
  for (BasicBlock &BB : *Twin)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Call->getCalledOperand() == &Copy)
          Call->setCalledFunction(&Marker);
  ++NumTwins;
  return Twin;
}

PreservedAnalyses FoldFastPathCopiesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  // Nothing to do in a module the pass copied nothing in (most of them):
  // one look at each function's attributes.
  SmallVector<Function *, 8> Copies, Wrappers;
  for (Function &F : M) {
    if (F.hasFnAttribute(HasCopyAttr))
      Wrappers.push_back(&F);
    if (F.hasFnAttribute(CopyOfAttr))
      Copies.push_back(&F);
  }
  if (Copies.empty() && Wrappers.empty())
    return PreservedAnalyses::all();
  for (Function *W : Wrappers)
    W->removeFnAttr(HasCopyAttr);
  for (Function *Copy : Copies) {
    Function *Marker = M.getFunction(copyOf(*Copy));
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
