// Used by jemalloc.cpp and sanitizers.cpp: measured code that allocates
// with malloc and new; prints which object serves malloc.
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

namespace app {
void *volatile Sink;
void work(int I) {
  Sink = malloc(I + 1);
  free(Sink);
  Sink = new int[I + 1];
  delete[] static_cast<int *>(Sink);
}
} // namespace app

int main() {
  for (int I = 0; I < 100; ++I)
    app::work(I);
  Dl_info D;
  void *M = dlsym(RTLD_DEFAULT, "malloc");
  printf("malloc from %s\n",
         M && dladdr(M, &D) && D.dli_fname ? D.dli_fname : "?");
  return 0;
}
