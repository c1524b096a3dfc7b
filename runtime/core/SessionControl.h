//===- SessionControl.h - How the hot path starts a lazy session ----------===//
//
// The first measured call of a program that never begins a session starts
// one (session/Session.h says when that is allowed). The hooks' slow path
// is the only caller. The session layer registers what to call at load
// (session/SessionApi.cpp), so that core/ depends on nothing above it, at
// compile time or at link time; until then no lazy session starts.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H
#define HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H

namespace hotpath::rt {

struct LazySessionControl {
  /// Cheap check for the slow path: may a lazy session start now?
  bool (*Allowed)() = nullptr;
  /// Starts the lazy session (a no-op when another began meanwhile).
  void (*Begin)() = nullptr;
};

/// Registers the session layer's calls (once, from a constructor).
void setLazySessionControl(LazySessionControl C);

/// For the slow path: whether a lazy session may start (false before the
/// session layer registered), and starting it.
bool lazySessionAllowed();
void beginLazySession();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H
