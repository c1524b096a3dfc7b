// A mutex on the heap, locked by a measured function: named by the
// expression on the line that locks it.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct Box {
  pthread_mutex_t M;
  long N;
};

long app_lockit(struct Box *B, int Times) {
  for (int I = 0; I < Times; ++I) {
    pthread_mutex_lock(&B->M);
    B->N += I;
    pthread_mutex_unlock(&B->M);
  }
  return B->N;
}

int main(void) {
  struct Box *B = malloc(sizeof *B);
  pthread_mutex_init(&B->M, NULL);
  B->N = 0;
  printf("%ld\n", app_lockit(B, 100));
  free(B);
  return 0;
}
