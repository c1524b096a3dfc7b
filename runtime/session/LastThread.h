//===- LastThread.h - Whether the program's last thread is gone -*- C++ -*-===//
#ifndef HOTPATH_RUNTIME_SESSION_LASTTHREAD_H
#define HOTPATH_RUNTIME_SESSION_LASTTHREAD_H

namespace hotpath::rt {

/// Whether only the runtime's threads are left (RuntimeThreads of them
/// running): the main thread is a zombie (it ended with the raw exit
/// system call, which runs no thread destructor) and every other task is
/// one of ours. From /proc/self/stat, the main thread's: its state (field
/// 3), the number of tasks (field 20, which counts the zombie) and its
/// exit code (field 52, as waitpid reports it), into ExitCode.
bool onlyRuntimeThreadsLeft(long RuntimeThreads, int &ExitCode);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_LASTTHREAD_H
