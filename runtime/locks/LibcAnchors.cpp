//===- LibcAnchors.cpp - libc.a's lock objects, pulled into static links --===//
//
// libc.a links a lock's object only when something names one of its
// symbols, and the interposers' own definitions of the public names keep
// the program from naming it: a fully static program would link no
// pthread_mutex_lock at all. Each anchor names another symbol of such an
// object as an undefined reference that no instruction uses: a static link
// pulls the object in, and the interposers' weak references to its
// internal names (LockHooks.cpp) bind.
//
// Compiled into the static runtime with HOTPATH_RT_STATIC. The shared
// runtime gets the same file without anchors: a shared library's undefined
// symbols fail the links of the programs that use it, and a program that
// loads a shared runtime links libc.so, whose symbols bind when it loads.
//
//===----------------------------------------------------------------------===//

// What LockHooks.o names, so that an archive link extracts this object.
extern "C" __attribute__((visibility("hidden")))
const char hotpath_rt_libc_anchors = 1;

#if HOTPATH_RT_STATIC
#define HP_ANCHOR(Sym) __asm__(".globl " #Sym)
HP_ANCHOR(___pthread_mutex_lock);        // pthread_mutex_lock.o
HP_ANCHOR(___pthread_mutex_trylock);     // pthread_mutex_trylock.o
HP_ANCHOR(___pthread_mutex_unlock);      // pthread_mutex_unlock.o
HP_ANCHOR(___pthread_mutex_timedlock64); // and clocklock
HP_ANCHOR(___pthread_rwlock_rdlock);
HP_ANCHOR(___pthread_rwlock_wrlock);
HP_ANCHOR(___pthread_rwlock_unlock);
HP_ANCHOR(___pthread_rwlock_timedrdlock64);
HP_ANCHOR(___pthread_rwlock_timedwrlock64);
HP_ANCHOR(___pthread_rwlock_clockrdlock64);
HP_ANCHOR(___pthread_rwlock_clockwrlock64);
HP_ANCHOR(___pthread_cond_wait); // and timedwait, clockwait
HP_ANCHOR(___sem_timedwait64);
HP_ANCHOR(___sem_clockwait64);
HP_ANCHOR(pthread_spin_init); // beside pthread_spin_unlock
#endif
