//===- SelfContained.cpp - Functions whose calls stay in the module -------===//
#include "SelfContained.h"
#include "Compat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace hotpath {

namespace {
/// Whether a call to `Callee` may leave the module: an intrinsic never
/// does, but those that call a target of their own (statepoints,
/// patchpoints) are taken as calls out.
bool intrinsicStaysInside(const Function &Callee) {
  return !compat::startsWith(Callee.getName(), "llvm.experimental.");
}

/// C library functions that neither allocate, free, lock nor call back,
/// and the C++ ABI's guard of a local static's initialisation (a futex, no
/// lock the runtime sees; the initialiser is the caller's own code).
bool leafLibraryFunction(StringRef Name) {
  static constexpr StringLiteral Names[] = {"memcmp",
                                            "bcmp",
                                            "memchr",
                                            "memrchr",
                                            "strlen",
                                            "strnlen",
                                            "strcmp",
                                            "strncmp",
                                            "strchr",
                                            "strrchr",
                                            "__cxa_guard_acquire",
                                            "__cxa_guard_release",
                                            "__cxa_guard_abort"};
  return is_contained(Names, Name);
}
} // namespace

SelfContained::SelfContained(const Module &M,
                             const DenseSet<const Function *> &Measured) {
  // The largest closed set: every definition the linker keeps as it is,
  // less each that calls outside the set, and then its callers, and
  // theirs (a worklist over the call edges: linear in the module's size).
  // Recursive functions stay in. A measured function is a boundary: what
  // it and its callees allocate is its own, however it gets there.
  for (const Function &F : M)
    if (!F.isDeclaration() && !F.isInterposable())
      Fns.insert(&F);
  DenseMap<const Function *, SmallVector<const Function *, 4>> Callers;
  SmallVector<const Function *, 64> Out;
  for (const Function *F : Fns) {
    bool Leaves = false;
    for (const Instruction &I : instructions(*F)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      // The marker's pin and other empty asm run nothing; any other asm
      // might call anything.
      if (const auto *IA = dyn_cast<InlineAsm>(Call->getCalledOperand())) {
        Leaves |= !IA->getAsmString().empty();
        continue;
      }
      // A call that neither returns nor throws ends the program (abort,
      // a failed assert, std::terminate): what it allocates on the way
      // out is charged to the current call, the nearest caller that is
      // not self-contained. A throwing one (std::__throw_length_error)
      // allocates the exception, which belongs to this function.
      if (Call->doesNotReturn() && Call->doesNotThrow())
        continue;
      const Function *Callee = Call->getCalledFunction(); // null: indirect
      if (Callee && Measured.count(Callee))
        continue;
      if (Callee && Callee->isIntrinsic())
        Leaves |= !intrinsicStaysInside(*Callee);
      else if (Callee && Fns.count(Callee))
        Callers[Callee].push_back(F);
      else if (!Callee || !Callee->isDeclaration() ||
               !leafLibraryFunction(Callee->getName()))
        Leaves = true;
    }
    if (Leaves)
      Out.push_back(F);
  }
  while (!Out.empty()) {
    const Function *F = Out.pop_back_val();
    if (!Fns.erase(F))
      continue;
    auto It = Callers.find(F);
    if (It != Callers.end())
      Out.append(It->second.begin(), It->second.end());
  }
}

} // namespace hotpath
