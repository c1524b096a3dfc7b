#include <stdio.h>

int c_twice(int X) { return 2 * X; }

int main(void) {
  int S = 0;
  for (int I = 0; I < 7; ++I)
    S += c_twice(I);
  printf("sum %d\n", S);
  return 0;
}
