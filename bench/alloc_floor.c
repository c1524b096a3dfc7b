/* The peer of bench/alloc.cpp: the least a malloc interposer can do —
 * forward to glibc and bump one initial-exec thread-local counter per
 * call. hotpath's added cost is judged against this floor. */
#include <stddef.h>

void *__libc_malloc(size_t);
void __libc_free(void *);

static __thread unsigned long Count __attribute__((tls_model("initial-exec")));

void *malloc(size_t N) {
  void *P = __libc_malloc(N);
  if (P)
    ++Count;
  return P;
}

void free(void *P) {
  if (P)
    ++Count;
  __libc_free(P);
}
