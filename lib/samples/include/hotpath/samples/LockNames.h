//===- LockNames.h - Names for the report's locks ---------------*- C++ -*-===//
//
// After the run, from the locks section's objects and addresses: a lock in
// an object's data is named by its symbol (a global, a static member, a
// function's static), read with LLVM's symbolizer from the object's
// symbol table; any other lock (on the heap, on a stack) by where it was
// first taken: the expression the lock call names on its source line
// ("impl->mutex_", when the source is there), the function that made the
// call and its file:line.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_LOCKNAMES_H
#define HOTPATH_SAMPLES_LOCKNAMES_H

#include "hotpath/report/Locks.h"

namespace hotpath::samples {

/// Names every row that has no name yet.
/// Locks whose names would read the same (each first taken inside one
/// measured wrapper) get " #1", " #2", ... by address when NumberAlikes;
/// `hotpath diff`, which adds such locks up across runs, keeps them alike.
void nameLocks(report::LocksSection &S, bool NumberAlikes = true);

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_LOCKNAMES_H
