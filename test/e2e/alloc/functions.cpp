// Every interposed allocation function, each called from its own measured
// function: exact bytes (the requested size) and counts per row. Frees are
// counted with the block's usable size, which the program reads with
// malloc_usable_size (which keeps working) before freeing and writes into
// a spec file for check_counts.py; the requested sizes are literal here.
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -std=c++17 -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -std=c++17 -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -std=c++17 -O2 %s -o %t.static %rt_static
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b %t.$b.spec || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.json \
// RUN:   app::use_malloc#total=100 app::use_malloc#allocs=1 \
// RUN:   app::use_calloc#total=100 app::use_calloc#allocs=1 \
// RUN:   app::use_realloc_grow#total=550 app::use_realloc_grow#allocs=2 app::use_realloc_grow#frees=1 \
// RUN:   app::use_realloc_shrink#total=20 app::use_realloc_shrink#allocs=1 app::use_realloc_shrink#frees=1 \
// RUN:   app::use_realloc_null#total=30 app::use_realloc_null#allocs=1 app::use_realloc_null#frees=0 \
// RUN:   app::use_reallocarray#total=100 app::use_reallocarray#allocs=1 \
// RUN:   app::use_posix_memalign#total=100 app::use_posix_memalign#allocs=1 \
// RUN:   app::use_aligned_alloc#total=128 app::use_aligned_alloc#allocs=1 \
// RUN:   app::use_memalign#total=100 app::use_memalign#allocs=1 \
// RUN:   app::use_valloc#total=100 app::use_valloc#allocs=1 \
// RUN:   app::use_pvalloc#total=100 app::use_pvalloc#allocs=1 \
// RUN:   app::new_plain#total=40 app::new_plain#allocs=1 \
// RUN:   app::new_array#total=40 app::new_array#allocs=1 \
// RUN:   app::new_nothrow#total=40 app::new_nothrow#allocs=1 \
// RUN:   app::new_array_nothrow#total=40 app::new_array_nothrow#allocs=1 \
// RUN:   app::new_aligned#total=64 app::new_aligned#allocs=1 \
// RUN:   app::new_aligned_array#total=128 app::new_aligned_array#allocs=1 \
// RUN:   app::new_aligned_nothrow#total=64 app::new_aligned_nothrow#allocs=1 \
// RUN:   app::new_aligned_array_nothrow#total=128 app::new_aligned_array_nothrow#allocs=1 \
// RUN:   app::release_c#total=1 app::release_c#allocs=1 app::release_c#frees=11 \
// RUN:   app::release_cxx#total=0 app::release_cxx#frees=12 \
// RUN:   @%t.$b.spec || exit 1; done
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <new>

struct Obj {
  long V[5]; // 40 bytes
};
struct alignas(64) Aligned {
  char C[64];
};

namespace app {
void *volatile Sink;
void *P[32];

void use_malloc() { P[0] = malloc(100); }
void use_calloc() { P[1] = calloc(10, 10); }
// A free of the 50-byte block (its usable size) and an allocation of 500.
void use_realloc_grow() {
  void *Q = malloc(50);
  Sink = Q;
  P[2] = realloc(Q, 500);
}
void use_realloc_shrink() { P[2] = realloc(P[2], 20); }
void use_realloc_null() { P[3] = realloc(nullptr, 30); }
void use_reallocarray() {
  P[4] = reallocarray(nullptr, 4, 25);
  // Overflow: fails, nothing counted.
  if (reallocarray(nullptr, ~size_t(0) / 2, 4) || errno != ENOMEM)
    abort();
}
void use_posix_memalign() {
  if (posix_memalign(&P[5], 64, 100) != 0)
    abort();
  void *Bad;
  // An invalid alignment fails: nothing counted.
  if (posix_memalign(&Bad, 3, 100) != EINVAL)
    abort();
}
void use_aligned_alloc() { P[6] = aligned_alloc(64, 128); }
void use_memalign() { P[7] = memalign(32, 100); }
void use_valloc() { P[8] = valloc(100); }
void use_pvalloc() { P[9] = pvalloc(100); }

void new_plain() { P[10] = new Obj; }
void new_array() { P[11] = new int[10]; }
void new_nothrow() { P[12] = new (std::nothrow) Obj; }
void new_array_nothrow() { P[13] = new (std::nothrow) int[10]; }
void new_aligned() { P[14] = new Aligned; }
void new_aligned_array() { P[15] = new Aligned[2]; }
void new_aligned_nothrow() { P[16] = new (std::nothrow) Aligned; }
void new_aligned_array_nothrow() { P[17] = new (std::nothrow) Aligned[2]; }

void release_c() {
  for (int I = 0; I < 10; ++I)
    free(P[I]);
  free(nullptr); // not counted: nothing is freed
  // realloc(p, 0) frees p: one more free (and the malloc(1) is counted).
  if (realloc(Sink = malloc(1), 0) != nullptr)
    abort();
}
// Every operator delete form.
void release_cxx() {
  ::operator delete(P[10]);
  ::operator delete[](P[11]);
  ::operator delete(P[12], std::nothrow);
  ::operator delete[](P[13], std::nothrow);
  ::operator delete(P[14], std::align_val_t(64));
  ::operator delete[](P[15], std::align_val_t(64));
  ::operator delete(P[16], sizeof(Aligned), std::align_val_t(64));
  ::operator delete[](P[17], 2 * sizeof(Aligned), std::align_val_t(64));
  ::operator delete(P[18], sizeof(Obj));
  ::operator delete[](P[19], 40);
  ::operator delete(P[20], std::align_val_t(64), std::nothrow);
  ::operator delete[](P[21], std::align_val_t(64), std::nothrow);
}
} // namespace app

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return 2;
  using namespace app;
  use_malloc();
  use_calloc();
  size_t Before = 0;
  {
    // What use_realloc_grow frees: a 50-byte block's usable size.
    void *Probe = malloc(50);
    Before = malloc_usable_size(Probe);
    free(Probe);
  }
  use_realloc_grow();
  size_t Grown = malloc_usable_size(P[2]);
  use_realloc_shrink();
  use_realloc_null();
  use_reallocarray();
  use_posix_memalign();
  use_aligned_alloc();
  use_memalign();
  use_valloc();
  use_pvalloc();
  new_plain();
  new_array();
  new_nothrow();
  new_array_nothrow();
  new_aligned();
  new_aligned_array();
  new_aligned_nothrow();
  new_aligned_array_nothrow();
  // Blocks for the delete forms not covered above (made outside any
  // measured function: not in any row).
  P[18] = ::operator new(sizeof(Obj));
  P[19] = ::operator new[](40);
  P[20] = ::operator new(64, std::align_val_t(64));
  P[21] = ::operator new[](64, std::align_val_t(64));

  size_t FreedC = 0, FreedCxx = 0;
  for (int I = 0; I < 10; ++I) {
    if (malloc_usable_size(P[I]) < 20)
      return 3; // malloc_usable_size must keep working
    FreedC += malloc_usable_size(P[I]);
  }
  for (int I = 10; I < 22; ++I)
    FreedCxx += malloc_usable_size(P[I]);
  // release_c's realloc(malloc(1), 0) frees a 1-byte block.
  void *One = malloc(1);
  FreedC += malloc_usable_size(One);
  free(One);
  release_c();
  release_cxx();

  FILE *F = fopen(Argv[1], "w");
  fprintf(F, "app::use_realloc_grow#freed=%zu\n", Before);
  fprintf(F, "app::use_realloc_shrink#freed=%zu\n", Grown);
  fprintf(F, "app::release_c#freed=%zu\n", FreedC);
  fprintf(F, "app::release_cxx#freed=%zu\n", FreedCxx);
  fclose(F);
  return 0;
}
