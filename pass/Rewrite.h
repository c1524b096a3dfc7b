//===- Rewrite.h - Wrapping a function between the hooks --------*- C++ -*-===//
//
// A selected function `f` keeps its symbol and becomes
//
//   f(args) {
//     if (<fast path: this thread armed, call counted inline>)  // x86-64
//       return f.hotpath.<N>(args);          // may be inlined here (a copy
//                                            // of its own when f is static
//                                            // and called once)
//     __hotpath_enter(&desc);                // on x86-64 in a thunk of its
//     r = f.hotpath.<N>(args);               // own, f.hotpath_hooked.<N>;
//     __hotpath_exit(&desc);                 // this call never inlined
//     return r;
//   }
//
// with the original body in the marker `f.hotpath.<N>`. Functions
// that cannot be split that way (varargs, musttail, returns_twice, ...) get
// the hooks in place instead. docs/rewrite.md has the details.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_REWRITE_H
#define HOTPATH_PASS_REWRITE_H

#include "Descriptors.h"
#include "MeasuringLocations.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"

#include <cstdint>
#include <string>

namespace hotpath {

/// Why `F` must be instrumented in place; "" when it can be wrapped.
std::string inPlaceReason(const llvm::Function &F);

/// Moves the body of `F` to `<name>.hotpath.<Hash>` and makes `F` call it
/// between the hooks, after the inline fast path when `FastPath`
/// (WrapperFastPath.h), which makes the call the current one when
/// `SetsCurrent` (SelfContained.h), in the executable's form when
/// `LocalGate` (localGateTarget), counting in `OwnCountdown` when not null
/// (createOwnCountdown). Returns the marker. What the pass adds
/// is at `Locs`' measuring locations, the call of the body at `F`'s scope
/// line.
llvm::Function *wrapFunction(llvm::Function &F, uint64_t Hash,
                             llvm::Constant *Desc, const Hooks &H,
                             bool FastPath, bool SetsCurrent, bool LocalGate,
                             llvm::GlobalVariable *OwnCountdown,
                             MeasuringLocations &Locs);

/// Enter hook at the entry, exit hook on every path that leaves `F`.
void instrumentInPlace(llvm::Function &F, llvm::Constant *Desc, const Hooks &H,
                       MeasuringLocations &Locs);

/// `main = true`: __hotpath_main_begin first, __hotpath_main_end before
/// every return (after the exit hook when main itself is measured).
void instrumentMain(llvm::Function &Main, const Hooks &H,
                    MeasuringLocations &Locs);

/// Drops the attributes that let the optimizer delete or merge calls
/// (memory effects, willreturn, speculatable) from the instrumented
/// functions and from every call of them in the module.
void dropPurity(llvm::Module &M, llvm::ArrayRef<llvm::Function *> Fns);

} // namespace hotpath

#endif // HOTPATH_PASS_REWRITE_H
