//===- CallgrindNames.h - Recognise hotpath markers in Callgrind names ----===//
//
// The pass moves each measured body into `<symbol>.hotpath.<N>`.
// Callgrind shows it demangled (`ns::f(int) [clone .hotpath.N]`) or raw (C:
// `f.hotpath.N`), and later tools add suffixes: `.llvm.<n>` (ThinLTO
// promotion, also as `[clone .llvm.<n>]`), `'2` (Callgrind's recursion
// levels), `.resume`/`.destroy`/`.cleanup` (coroutine splitting). Those are
// folded: a marker is identified by N alone. Anything else after N (e.g.
// `.cold`, a hot/cold split part that the marker itself jumps to) is not
// the marker.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_CALLGRIND_NAMES_H
#define HOTPATH_CALLGRIND_NAMES_H

#include <cstdint>
#include <string_view>

namespace hotpath::callgrind {

/// True when `Name` is a marker; sets N.
bool markerHash(std::string_view Name, uint64_t &N);

/// True when `Name` is the hooked thunk `<symbol>.hotpath_hooked.<N>` of
/// a wrapper with the fast path (the enter/marker/exit sequence as a
/// function of its own); sets N, its marker's. Same suffixes as markers.
bool thunkHash(std::string_view Name, uint64_t &N);

/// True for the enter/exit hooks and their implementations, whose cost is
/// hotpath's own per measured call (session begin/end are not per call).
bool isHookFunction(std::string_view Name);

} // namespace hotpath::callgrind

#endif // HOTPATH_CALLGRIND_NAMES_H
