//===- LockBypass.h - Lock calls straight to glibc when untracked -*- C++ -*-=//
//
// With lock tracking off for the process (HOTPATH_LOCKS=0, or under
// Valgrind), the interposers would still sit between every lock call and
// glibc: a load, a branch and a call, 1.1 ns a lock/unlock pair. Instead,
// the GOT slots through which the loaded objects call the interposed
// functions (their R_X86_64_JUMP_SLOT relocations, bound or still lazy)
// are pointed at glibc's functions, the ones the interposers call on to,
// so that a lock call costs what it does without hotpath. Only slots whose
// symbol the loader resolves to this runtime's interposer are touched (a
// sanitizer's interceptor, found first, is left in place); a slot in the
// read-only part of the GOT (-z relro -z now) is made writable for the
// store and read-only again. Objects loaded later (dlopen) and the calls
// a program linked with the static runtime makes itself (no slot: the
// interposer is in the program) still pass through the interposers.
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
