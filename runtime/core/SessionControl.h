//===- SessionControl.h - The hot path's calls up into the session -*- C++
//-*-===//
//
// The first measured call of a program that never begins a session starts
// one (Session.h says when that is allowed). The hooks' slow path is the
// only caller. Declared here and defined in session/Session.cpp, so that
// the hot path includes nothing above core/.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H
#define HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H

namespace hotpath::rt {

/// Cheap check for the slow path: may a lazy session start now?
bool lazySessionAllowed();
/// Starts the lazy session (a no-op when another began meanwhile).
void beginLazySession();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CORE_SESSIONCONTROL_H
