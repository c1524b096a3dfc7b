/* An LD_PRELOAD shim for fd-table-growth.c: appends to the file
 * FD_TABLE_ORDER names, in the order they happen, "high" for each
 * fcntl(F_DUPFD or F_DUPFD_CLOEXEC) asking for a number of 64 or more (what
 * grows the descriptor table) and "thread" for each pthread_create. Raw
 * open and write: no allocation inside the runtime's calls.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void note(const char *What) {
  const char *Path = getenv("FD_TABLE_ORDER");
  if (!Path)
    return;
  int Fd = open(Path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (Fd < 0)
    return;
  (void)!write(Fd, What, strlen(What));
  close(Fd);
}

int fcntl(int Fd, int Cmd, ...) {
  static int (*Real)(int, int, ...);
  if (!Real)
    Real = (int (*)(int, int, ...))dlsym(RTLD_NEXT, "fcntl");
  va_list Ap;
  va_start(Ap, Cmd);
  void *Arg = va_arg(Ap, void *); // an int or a pointer: one register
  va_end(Ap);
  if ((Cmd == F_DUPFD || Cmd == F_DUPFD_CLOEXEC) && (long)Arg >= 64)
    note("high\n");
  return Real(Fd, Cmd, Arg);
}

int pthread_create(pthread_t *T, const pthread_attr_t *A, void *(*Fn)(void *),
                   void *Arg) {
  static int (*Real)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                     void *);
  if (!Real)
    Real = (int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                    void *))dlsym(RTLD_NEXT, "pthread_create");
  note("thread\n");
  return Real(T, A, Fn, Arg);
}
