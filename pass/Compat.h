//===- Compat.h - The LLVM 14 / LLVM 19 differences -------------*- C++ -*-===//
//
// The plugin builds against LLVM 19 (opaque pointers) and LLVM 14 (typed
// pointers, older attribute and list APIs). Every difference the pass sees
// lives here so that the rest of the code is written once.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_COMPAT_H
#define HOTPATH_PASS_COMPAT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsWebAssembly.h"
#include "llvm/Passes/PassBuilder.h"
#if LLVM_VERSION_MAJOR >= 17
#include "llvm/TargetParser/Triple.h"
#else
#include "llvm/ADT/Triple.h"
#endif

namespace hotpath {
namespace compat {

/// Whether the verifier accepts an `invoke` of this intrinsic call (the
/// list in its check "Cannot invoke an intrinsic other than ..."); LLVM 19
/// replaced llvm.experimental.patchpoint.i64 by a generic patchpoint.
inline bool isInvokableIntrinsic(const llvm::CallBase &CB) {
  const llvm::Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return true;
  switch (Callee->getIntrinsicID()) {
  case llvm::Intrinsic::donothing:
  case llvm::Intrinsic::experimental_patchpoint_void:
#if LLVM_VERSION_MAJOR >= 19
  case llvm::Intrinsic::experimental_patchpoint:
#else
  case llvm::Intrinsic::experimental_patchpoint_i64:
#endif
  case llvm::Intrinsic::experimental_gc_statepoint:
  case llvm::Intrinsic::coro_resume:
  case llvm::Intrinsic::coro_destroy:
  case llvm::Intrinsic::wasm_rethrow:
  case llvm::Intrinsic::wasm_throw:
  case llvm::Intrinsic::objc_autoreleaseReturnValue:
  case llvm::Intrinsic::objc_retainAutoreleasedReturnValue:
  case llvm::Intrinsic::objc_unsafeClaimAutoreleasedReturnValue:
    return true;
  default:
    return false;
  }
}

/// The generic data pointer: `ptr` (LLVM >= 15), `i8*` (LLVM 14).
inline llvm::PointerType *ptrTy(llvm::LLVMContext &Ctx) {
#if LLVM_VERSION_MAJOR >= 15
  return llvm::PointerType::get(Ctx, 0);
#else
  return llvm::Type::getInt8PtrTy(Ctx);
#endif
}

/// `C` as a generic pointer constant (a bitcast with typed pointers).
inline llvm::Constant *asPtr(llvm::Constant *C) {
#if LLVM_VERSION_MAJOR >= 15
  return C;
#else
  return llvm::ConstantExpr::getPointerBitCastOrAddrSpaceCast(
      C, ptrTy(C->getContext()));
#endif
}

inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.starts_with(Prefix);
#else
  return S.startswith(Prefix);
#endif
}

/// Moves every basic block of `From` to the end of `To`.
inline void moveBody(llvm::Function &From, llvm::Function &To) {
#if LLVM_VERSION_MAJOR >= 16
  To.splice(To.end(), &From);
#else
  To.getBasicBlockList().splice(To.end(), From.getBasicBlockList());
#endif
}

/// C++20 coroutine before CoroSplit.
inline bool isPresplitCoroutine(const llvm::Function &F) {
#if LLVM_VERSION_MAJOR >= 15
  return F.isPresplitCoroutine();
#else
  return F.hasFnAttribute("coroutine.presplit");
#endif
}

inline void removePresplitCoroutine(llvm::Function &F) {
#if LLVM_VERSION_MAJOR >= 15
  F.setSplittedCoroutine();
#else
  F.removeFnAttr("coroutine.presplit");
#endif
}

/// Function attributes that state the function has no side effects (or
/// only limited ones); a wrapper that calls the hooks must not carry them,
/// nor may call sites of it, or the optimizer drops or merges measured
/// calls.
template <typename T> void removeMemoryAttrs(T &FnOrCall) {
#if LLVM_VERSION_MAJOR >= 16
  FnOrCall.removeFnAttr(llvm::Attribute::Memory);
#else
  for (auto K : {llvm::Attribute::ReadNone, llvm::Attribute::ReadOnly,
                 llvm::Attribute::WriteOnly, llvm::Attribute::ArgMemOnly,
                 llvm::Attribute::InaccessibleMemOnly,
                 llvm::Attribute::InaccessibleMemOrArgMemOnly})
    FnOrCall.removeFnAttr(K);
#endif
  FnOrCall.removeFnAttr(llvm::Attribute::WillReturn);
  FnOrCall.removeFnAttr(llvm::Attribute::Speculatable);
}

/// Marks a call or declaration as touching only memory no IR in the
/// module can name (the runtime's thread state, counts and queues), and
/// reading what its pointer arguments point to when `ReadsArgs`. It keeps
/// every side effect (nothing is deleted, merged or hoisted) while the
/// program's own loads and stores optimise across it as across malloc.
template <typename T> void setRuntimeMemoryOnly(T &FnOrCall, bool ReadsArgs) {
#if LLVM_VERSION_MAJOR >= 16
  llvm::MemoryEffects ME = llvm::MemoryEffects::inaccessibleMemOnly();
  if (ReadsArgs)
    ME |= llvm::MemoryEffects::argMemOnly(llvm::ModRefInfo::Ref);
  FnOrCall.setMemoryEffects(ME);
#else
  FnOrCall.addFnAttr(ReadsArgs ? llvm::Attribute::InaccessibleMemOrArgMemOnly
                               : llvm::Attribute::InaccessibleMemOnly);
#endif
}

/// A distinct copy of `SP` without its retained nodes (local variables
/// belong to the original).
inline llvm::DISubprogram *cloneSubprogram(const llvm::DISubprogram &SP) {
  llvm::TempDISubprogram T = SP.clone();
#if LLVM_VERSION_MAJOR >= 15
  T->replaceRetainedNodes(llvm::DINodeArray());
#else
  T->replaceOperandWith(7, nullptr); // retainedNodes
#endif
  return llvm::MDNode::replaceWithDistinct(std::move(T));
}

/// An asm goto: `callbr` of `Asm` with at most one output (constraint
/// `Out`, e.g. "=&r", of type `OutTy`: the call's value, valid in `Next`
/// only; $0 in the string), memory operands (`Mems`, of types `MemTys`;
/// numbered after the output) and one label (the operand after them)
/// jumping to `Label`; falls through to `Next`. LLVM 16 names labels with
/// `!i` constraints, LLVM 14 passes them as blockaddress operands.
inline llvm::CallBrInst *
createAsmGoto(llvm::IRBuilder<> &B, llvm::StringRef Asm, llvm::StringRef Out,
              llvm::Type *OutTy, llvm::ArrayRef<llvm::Value *> Mems,
              llvm::ArrayRef<llvm::Type *> MemTys, llvm::StringRef Clobbers,
              llvm::BasicBlock *Next, llvm::BasicBlock *Label) {
  llvm::Function *F = B.GetInsertBlock()->getParent();
  llvm::SmallVector<llvm::Value *, 3> Args(Mems.begin(), Mems.end());
  llvm::SmallVector<llvm::Type *, 3> Tys;
  std::string Constraints = Out.empty() ? "" : (Out + ",").str();
  for (llvm::Value *M : Mems) {
    Tys.push_back(M->getType());
    Constraints += "*m,";
  }
#if LLVM_VERSION_MAJOR >= 16
  Constraints += ("!i," + Clobbers).str();
#else
  Constraints += ("i," + Clobbers).str();
  llvm::Constant *Addr = llvm::BlockAddress::get(F, Label);
  Args.push_back(Addr);
  Tys.push_back(Addr->getType());
#endif
  (void)F;
  auto *FTy =
      llvm::FunctionType::get(Out.empty() ? B.getVoidTy() : OutTy, Tys, false);
  auto *IA = llvm::InlineAsm::get(FTy, Asm, Constraints,
                                  /*hasSideEffects=*/true);
  llvm::CallBrInst *CB = B.CreateCallBr(FTy, IA, Next, {Label}, Args);
  for (size_t I = 0; I < MemTys.size(); ++I)
    CB->addParamAttr(I, llvm::Attribute::get(B.getContext(),
                                             llvm::Attribute::ElementType,
                                             MemTys[I]));
  return CB;
}

/// This thread's address of the thread-local `GV` (LLVM 16 made it an
/// intrinsic; before, the global itself was that address).
inline llvm::Value *threadLocalAddress(llvm::IRBuilder<> &B,
                                       llvm::GlobalVariable *GV) {
#if LLVM_VERSION_MAJOR >= 16
  return B.CreateThreadLocalAddress(GV);
#else
  (void)B;
  return GV;
#endif
}

/// Whether a wrapper can be copied whole: before LLVM 16 its gate's label
/// is a blockaddress of the wrapper itself, which a copy would keep
/// pointing at the original.
constexpr bool WrappersAreCopyable = LLVM_VERSION_MAJOR >= 16;

/// Passes for the end of the optimizing pipeline (every -O level); LLVM
/// 20 adds the LTO phase to the callback.
template <typename AddPasses>
void registerOptimizerLastEPCallback(llvm::PassBuilder &PB, AddPasses Add) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [Add](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
            llvm::ThinOrFullLTOPhase) { Add(MPM); });
#else
  PB.registerOptimizerLastEPCallback(
      [Add](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        Add(MPM);
      });
#endif
}

} // namespace compat
} // namespace hotpath

#endif // HOTPATH_PASS_COMPAT_H
