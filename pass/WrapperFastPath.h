//===- WrapperFastPath.h - The wrapper's inline fast path -------*- C++ -*-===//
//
// On x86-64 ELF a wrapper first runs one asm block (abi.h): when the
// runtime armed this thread, it counts the call in the thread's table (or,
// in an executable, in the function's own thread-local countdown),
// makes the function the thread's current one (allocations are charged to
// it; not for a self-contained function, which cannot allocate:
// SelfContained.h) and the wrapper calls the marker; otherwise it jumps to
// the hooks.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_FASTPATH_H
#define HOTPATH_PASS_FASTPATH_H

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace hotpath {

/// Whether wrappers in `M` get the fast path: x86-64 (not x32) ELF.
bool fastPathTarget(const llvm::Module &M);

/// Whether `M` names the runtime's fast-path state (`__hotpath_fast`,
/// `__hotpath_epoch`: a module that includes hotpath/abi.h and reads
/// them). Only when it does not is that state "inaccessible memory" to the
/// optimizer, so that the gate and the hooks may say they touch nothing
/// else (compat::setRuntimeMemoryOnly).
bool namesRuntimeState(const llvm::Module &M);

/// Whether wrappers in `M` get the gate in its executable's form
/// (HOTPATH_FN_LOCAL_GATE, abi.h): a fast-path target compiled for an
/// executable (not -fPIC, or -fPIE) that does not name the runtime's state.
bool localGateTarget(const llvm::Module &M);

/// Whether `F`'s definition here is the only one in the program, the one
/// every call reaches: local, or external and bound in this object
/// (dso_local, or any external definition in code for an executable,
/// which nothing can interpose). Not an inline function's or a template's
/// copy, of which the linker may keep another unit's.
bool definedOnceInProgram(const llvm::Function &F);

/// Defines the runtime's fast-path state in `M`, weak, as abi.h says, for
/// the local gates (once per module, after its wrappers).
void defineRuntimeState(llvm::Module &M);

/// The thread-local countdown of `F`'s own that its gate decrements in
/// the executable's form (OwnForm in WrapperFastPath.cpp; null unless
/// definedOnceInProgram: copies in other units count in the table).
/// Precondition: localGateTarget.
llvm::GlobalVariable *createOwnCountdown(llvm::Function &F, uint64_t Hash);

/// Ends the builder's block with the gate: a `callbr` to `Fast` when the
/// call was counted inline, to `Hooked` otherwise. `Desc` is the record.
/// With `SetsCurrent`, in `Fast` the thread's current measured function
/// (abi.h) is this one and the result is the caller's, which
/// emitCurrentRestore puts back; without, the result is null. `Local`:
/// the executable's form (localGateTarget); `OwnCountdown`: the
/// function's own countdown (createOwnCountdown), or null.
llvm::Value *emitFastPathGate(llvm::IRBuilder<> &B, llvm::Constant *Desc,
                              llvm::BasicBlock *Fast, llvm::BasicBlock *Hooked,
                              bool SetsCurrent, bool Local,
                              llvm::GlobalVariable *OwnCountdown);

/// Makes `Saved` (emitFastPathGate's result) the thread's current measured
/// function again: after the body returns, and where it unwinds.
void emitCurrentRestore(llvm::IRBuilder<> &B, llvm::Value *Saved, bool Local);

} // namespace hotpath

#endif // HOTPATH_PASS_FASTPATH_H
