/* wrapper-names.test: three heap mutexes, each first taken inside one
 * measured wrapper, app_lock, as a broad build measures a code base's own
 * Mutex::Lock: 10, 20 and 30 acquisitions. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void app_lock(pthread_mutex_t *M) {
  pthread_mutex_lock(M);
}

__attribute__((noinline)) void app_unlock(pthread_mutex_t *M) {
  pthread_mutex_unlock(M);
}

int main(void) {
  pthread_mutex_t *M[3];
  for (int I = 0; I < 3; ++I) {
    M[I] = malloc(sizeof *M[I]);
    pthread_mutex_init(M[I], NULL);
  }
  for (int I = 0; I < 3; ++I)
    for (int K = 0; K < 10 * (I + 1); ++K) {
      app_lock(M[I]);
      app_unlock(M[I]);
    }
  for (int I = 0; I < 3; ++I) {
    pthread_mutex_destroy(M[I]);
    free(M[I]);
  }
  printf("done\n");
  return 0;
}
