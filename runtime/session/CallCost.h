//===- CallCost.h - What measuring one call costs, measured -----*- C++ -*-===//
//
// A measured call costs time that the program would not spend: the
// wrapper, the hooks, the clock reads, the queue. A caller's measured time
// includes that cost once per measured call below it, and a call's own
// time includes the part of its own hooks between its two clock reads. In
// a program of many small calls the sum distorts the proportions (a parent
// of a thousand tiny calls looks slower than the system call beside it).
// As Score-P and TAU do, the runtime measures the cost at session start on
// the running machine, on a thread of its own, through the very hooks the
// session selected, and the report takes it out of the times
// (output/CallTreeReport.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSION_CALLCOST_H
#define HOTPATH_RUNTIME_SESSION_CALLCOST_H

#include <cstdint>

namespace hotpath::rt {

/// Clock ticks (the hooks' unit) per call, the lower quartiles of several
/// batches.
struct CallCost {
  bool Measured = false;
  double Timed = 0;   // a timed call, as its caller's time sees it
  double Inner = 0;   // of it, inside the call's own time
  double Untimed = 0; // a call counted, not timed (sampling; 0 otherwise)
};

/// Measures the cost for the session being begun: after the hook
/// implementations are selected and CurrentConfig is set, while no
/// session's epoch is published (GlobalEpoch is 0), under the session lock.
/// Runs for about a millisecond on a runtime thread; its calls reach no
/// report. Not measured (Measured false) when the thread cannot be made.
CallCost measureCallCost();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_CALLCOST_H
