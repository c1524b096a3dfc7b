//===- MutexGuard.h - Hold a pthread mutex for a scope ----------*- C++ -*-===//
//
// The runtime locks plain pthread mutexes (std::mutex would bring in
// nothing more, and PTHREAD_MUTEX_INITIALIZER needs no constructor that
// could run after a hook): this guard unlocks on every way out of the
// scope, so an early return cannot leave a lock held.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SUPPORT_MUTEXGUARD_H
#define HOTPATH_SUPPORT_MUTEXGUARD_H

#include <pthread.h>

namespace hotpath::support {

class MutexGuard {
public:
  explicit MutexGuard(pthread_mutex_t &M) : M(M) { pthread_mutex_lock(&M); }
  ~MutexGuard() { pthread_mutex_unlock(&M); }
  MutexGuard(const MutexGuard &) = delete;
  MutexGuard &operator=(const MutexGuard &) = delete;

private:
  pthread_mutex_t &M;
};

} // namespace hotpath::support

#endif // HOTPATH_SUPPORT_MUTEXGUARD_H
