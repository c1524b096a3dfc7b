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
// When the caller's body was copied in turn (a chain: `a` calls `b` once,
// each static), `b` has two calls, one in `a`'s marker and one in `a`'s
// copy. The copy's call keeps `b`'s wrapper; the marker's calls a twin of
// it, `@b.hotpath_twin.N` (the same gate, then the marker): each has one
// caller, and `b` is inlined into `a` on the fast path as in the plain
// build.
//
// A copy or twin the inliner did not take (-O0, a caller it declined) is
// folded back into what it copies at the end of the pipeline
// (FoldFastPathCopiesPass): the program never carries the body three times.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_FASTPATHCOPY_H
#define HOTPATH_PASS_FASTPATHCOPY_H

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"

namespace hotpath {

/// Whether `F`'s body may exist only once in an object: its inline assembly
/// defines a symbol or a named label (`.globl x` / `x:`), which a second
/// copy would define again. Such a body gets no copy, and its marker is
/// never inlined (into the fast path while kept for the hooked thunk).
bool definesAsmSymbols(const llvm::Function &F);

/// Whether the inliner would take `F`'s one call as the last call of a
/// local function: internal, inlinable, its only use a direct call, and a
/// body that may exist twice (definesAsmSymbols).
bool isCalledOnceLocally(const llvm::Function &F);

/// Where `F`'s one call was doubled by a copy of its caller's body: of its
/// two calls, the one in the marker whose copy holds the other; else null.
llvm::CallBase *callDoubledByCopy(const llvm::Function &F);

/// A copy of `Marker`'s body for `Wrapper`'s fast path to call, tagged
/// with the marker's name (and the wrapper with the copy's), placed after
/// the marker.
llvm::Function *makeFastPathCopy(llvm::Function &Wrapper,
                                 llvm::Function &Marker);

/// Once `Marker`'s body has been copied: each call in it of a wrapper
/// that has a copy of its own, and so now two callers, goes to a twin.
void twinWrappersCalledFrom(llvm::Function &Marker);

/// A twin of the finished wrapper `F` whose fast path calls `Marker`
/// instead of `Copy`, tagged with `F`'s name, placed after it.
llvm::Function *makeWrapperTwin(llvm::Function &F, llvm::Function &Copy,
                                llvm::Function &Marker);

/// Replaces every call of a copy (or twin) still there by a call of what
/// it copies, and deletes it.
struct FoldFastPathCopiesPass : llvm::PassInfoMixin<FoldFastPathCopiesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // At -O0 above all, where nothing inlines the copies.
  static bool isRequired() { return true; }
};

} // namespace hotpath

#endif // HOTPATH_PASS_FASTPATHCOPY_H
