//===- Valgrind.h - Are we running under Valgrind? --------------*- C++ -*-===//
//
// RUNNING_ON_VALGRIND is a client request: checked once, cached. Under
// Valgrind nothing is timed (durations are meaningless there) and there is
// no periodic drain thread (it would make instruction counts vary).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_VALGRIND_H
#define HOTPATH_RUNTIME_VALGRIND_H

namespace hotpath::rt {
bool underValgrind();
} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_VALGRIND_H
