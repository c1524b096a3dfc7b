//===- FastPathCopy.h - The fast path's copy of a body ------*- C++ -*-===//
//
// A static function called from one place is one the plain build inlines
// whatever its size: the inliner takes a large bonus for the last call of
// a local function, since the body then exists once. Wrapped, the body
// (the marker) has two callers, the wrapper's fast path and the hooked
// thunk, and loses that bonus: `partition` stays a call in Lua's `auxsort`.
// So the fast path of such a function calls a copy of the body of its own,
// whose one caller is the wrapper, and the wrapper's one caller is the
// original call site: both are inlined as the plain build's body was.
//
//   define internal @f(args) {             ; one call site in the module
//     <gate> -> %hotpath.fast, %hotpath.hooked
//   hotpath.fast:
//     %t = call @f.hotpath_fast.N(args)    ; the copy, inlined here
//     ...
//   hotpath.hooked:
//     %h = tail call @f.hotpath_hooked.N(args)   ; calls @f.hotpath.N
//   }
//   define internal @f.hotpath_fast.N(args) #0   ; the marker's body, again
//   attributes #0 = { "hotpath-fast-copy-of"="f.hotpath.N" ... }
//
// A copy the inliner did not take (-O0, a caller it declined) is folded
// back into the marker at the end of the pipeline (FoldFastPathCopiesPass):
// the program never carries the body three times.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_FASTPATHCOPY_H
#define HOTPATH_PASS_FASTPATHCOPY_H

#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace hotpath {

/// Whether the inliner would take `F`'s one call as the last call of a
/// local function: internal, inlinable, its only use a direct call.
bool isCalledOnceLocally(const llvm::Function &F);

/// A copy of `Marker`'s body for the fast path to call, tagged with the
/// marker's name, placed after it.
llvm::Function *makeFastPathCopy(llvm::Function &Marker);

/// Replaces every call of a copy still there by a call of its marker and
/// deletes the copy.
struct FoldFastPathCopiesPass : llvm::PassInfoMixin<FoldFastPathCopiesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // At -O0 above all, where nothing inlines the copies.
  static bool isRequired() { return true; }
};

} // namespace hotpath

#endif // HOTPATH_PASS_FASTPATHCOPY_H
