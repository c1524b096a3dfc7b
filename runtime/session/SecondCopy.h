//===- SecondCopy.h - Two runtimes in one process ---------------*- C++ -*-===//
//
// A program can end up with two copies of the runtime (a static one in
// the executable, the shared one through a library): each measures only
// the code bound to it. The runtime exports __hotpath_runtime_instance and
// compares what the global scope finds for it, and for __hotpath_enter,
// with its own (docs/runtime.md, "Second copy").
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSION_SECONDCOPY_H
#define HOTPATH_RUNTIME_SESSION_SECONDCOPY_H

#include <string>

namespace hotpath::rt {

/// The warning when another copy of the runtime is loaded, else "".
std::string secondCopyWarning();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_SECONDCOPY_H
