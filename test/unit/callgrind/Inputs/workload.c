// A small deterministic workload for the Callgrind reader's tests: plain
// calls, recursion (Callgrind's 'N names), a second thread, a function
// called from two places. No hotpath instrumentation: only the format.
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) int leaf(int X) {
  int S = 0;
  for (int I = 0; I < X; ++I)
    S += I * X;
  return S;
}
__attribute__((noinline)) int fib(int N) {
  return N < 2 ? N : fib(N - 1) + fib(N - 2);
}
__attribute__((noinline)) int twice(int X) { return leaf(X) + leaf(X + 1); }
static void *worker(void *Arg __attribute__((unused))) {
  return (void *)(long)(twice(40) + fib(8));
}

int main(void) {
  pthread_t T;
  pthread_create(&T, 0, worker, 0);
  int S = 0;
  for (int I = 0; I < 10; ++I)
    S += twice(I) + leaf(3);
  S += fib(12);
  void *R;
  pthread_join(T, &R);
  printf("%d\n", S + (int)(long)R);
  return 0;
}
