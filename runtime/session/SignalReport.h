//===- SignalReport.h - Report of a program stopped by a signal -*- C++ -*-===//
//
// SIGINT and SIGTERM with the default disposition end the session (the
// report is written) before the process dies of them. SignalReport.cpp
// says how, and what is never touched.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SIGNALREPORT_H
#define HOTPATH_RUNTIME_SIGNALREPORT_H

namespace hotpath::rt {

/// Installs the handlers where the disposition is the default; once per
/// process (the first session begin), never under Valgrind.
void installSignalReport();

/// Stops the reporter thread and gives the signals their default
/// disposition back (where ours is still installed): main has left through
/// pthread_exit, and the process must end with the program's last thread.
void stopSignalReport();
/// Whether the reporter thread runs (one of the runtime's threads).
bool signalReportRunning();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SIGNALREPORT_H
