//===- CallgrindHooks.h - Hooks for Callgrind runs --------------*- C++ -*-===//
//
// Under Valgrind the session installs these hook implementations behind
// the x86-64 trampolines (HpEnterTarget/HpExitTarget, Hooks.cpp). They
// count calls as the count-only hooks do, with two additions:
//  - the hook bodies run with Callgrind's collection off
//    (CALLGRIND_TOGGLE_COLLECT around them), so that what a measured call
//    costs hotpath is the same small number of instructions every time
//    (no first-call slow paths, no state-dependent branches);
//  - per pair (f, g), the number of calls of g nested in calls of f (any
//    depth, summed over f's invocations like the inclusive counts), so
//    that the report can take the hooks of measured callees out of their
//    callers' counts: Ir(f) = marker inclusive Ir - sum over g of
//    nested(f, g) x cost of one measured call of g.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CALLGRINDHOOKS_H
#define HOTPATH_RUNTIME_CALLGRINDHOOKS_H

#include <cstdint>
#include <vector>

namespace hotpath::rt {

/// Installs the hooks and clears the nested counts (session begin, under
/// Valgrind, after selectHookImplementations). False where the hooks are
/// not trampolines (not x86-64): nothing is subtracted there.
bool installCallgrindHooks();
struct NestedCalls {
  uint32_t Outer, Inner;
  uint64_t Count;
};
/// Every (f, g, nested calls) of this session. False when the counts are
/// unknown (hooks not installed, or the table overflowed).
bool nestedMeasuredCalls(std::vector<NestedCalls> &Out);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CALLGRINDHOOKS_H
