//===- LockBypass.h - Lock calls straight to glibc when untracked -*- C++ -*-=//
//
// With lock tracking off for the process (HOTPATH_LOCKS=0, or under
// Valgrind), the interposers would still sit between every lock call and
// glibc: a load, a branch and a call, 1.1 ns a lock/unlock pair. Instead,
// the GOT slots through which the loaded objects call the interposed
// functions (their R_X86_64_JUMP_SLOT relocations, bound or still lazy)
// are pointed at glibc's functions, the ones the interposers call on to,
// so that a lock call costs what it does without hotpath. Only slots that
// still hold what the loader put there are touched: the interposer (not a
// sanitizer's interceptor, found first, nor a program's own hook written
// into its GOT), or the slot's lazy PLT stub. A slot in a page that is not
// writable (-z relro -z now) is made writable for the store and given its
// protection back as it was (a page the program made writable stays so).
// Objects loaded later (dlopen) and the calls a program linked with the static
// runtime makes itself (no slot: the interposer is in the program) still pass
// through the interposers.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_LOCKS_LOCKBYPASS_H
#define HOTPATH_RUNTIME_LOCKS_LOCKBYPASS_H

#include <cstddef>

namespace hotpath::rt {

/// Points the loaded objects' lock calls at glibc, once per process (the
/// first session that does not track locks); returns how many GOT slots
/// it changed.
size_t bypassLockInterposers();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_LOCKS_LOCKBYPASS_H
