// A long-running program for the live view: it handles a request every
// 2 ms (measured work that allocates) until it has handled N of them, or,
// given a stop file, until that file exists.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <vector>

namespace srv {

volatile unsigned long Sink;

__attribute__((noinline)) unsigned long checksum(const std::vector<int> &V) {
  unsigned long S = 0;
  for (int X : V)
    S = S * 31 + unsigned(X);
  return S;
}

__attribute__((noinline)) void handle(int I) {
  std::vector<int> *Body = new std::vector<int>(256, I);
  Sink = checksum(*Body);
  delete Body;
}

} // namespace srv

int main(int argc, char **argv) {
  int N = argc > 1 ? std::atoi(argv[1]) : 100;
  const char *Stop = argc > 2 ? argv[2] : nullptr;
  int I = 0;
  for (; Stop ? access(Stop, F_OK) != 0 : I < N; ++I) {
    srv::handle(I);
    usleep(2000);
  }
  std::printf("handled %d\n", I);
  return 0;
}
