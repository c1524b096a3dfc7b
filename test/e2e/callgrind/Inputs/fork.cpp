// A parent and its forked child each run measured code; under Callgrind
// each writes its own report (HOTPATH_OUTPUT_PATH with %p).
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>
namespace demo {
__attribute__((noinline)) int leaf(int X) { int S = 0; for (int I = 0; I < X; ++I) S += I * X; return S; }
__attribute__((noinline)) int work(int N) { int S = 0; for (int I = 0; I < N; ++I) S += leaf(I); return S; }
}
int main() {
  int S = demo::work(10);
  pid_t P = fork();
  if (P == 0) { S += demo::work(20); std::printf("child %d\n", S); return 0; }
  waitpid(P, nullptr, 0);
  std::printf("parent %d\n", S + demo::work(5));
}
