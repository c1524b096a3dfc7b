// free(NULL) frees nothing and is not counted; realloc(p, 0) frees p (glibc)
// and returns NULL: one free, no allocation; realloc(NULL, 0) and
// malloc(0) are allocations of 0 bytes (a unique pointer, usable size 24).
//
// Sanitizer build: ASan owns malloc, so tracking is off (sanitizers.cpp checks that).
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.static %rt_static
// RUN: for b in O0 O2 static; do env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b || exit 1; done
// RUN: for b in O0 O2 static; do %python %S/../runtime/Inputs/check_counts.py --section functions_alloc --only --no-warnings %t.$b.json \
// RUN:   app_free_null=3 app_free_null#total=0 app_free_null#allocs=0 app_free_null#frees=0 app_free_null#freed=0 \
// RUN:   app_realloc_zero=3 app_realloc_zero#total=300 app_realloc_zero#allocs=3 app_realloc_zero#frees=3 app_realloc_zero#freed=312 \
// RUN:   app_realloc_null_zero=3 app_realloc_null_zero#total=0 app_realloc_null_zero#allocs=3 app_realloc_null_zero#frees=3 app_realloc_null_zero#freed=72 \
// RUN:   app_malloc_zero=3 app_malloc_zero#total=0 app_malloc_zero#allocs=3 app_malloc_zero#frees=3 app_malloc_zero#freed=72 || exit 1; done
#include <stdlib.h>

void *volatile Sink;
void *volatile Null;

void app_free_null(void) { free(Null); }
void app_realloc_zero(void) {
  void *P = malloc(100);
  Sink = P;
  if (realloc(P, 0) != NULL)
    abort();
}
void app_realloc_null_zero(void) {
  void *P = realloc(Null, 0);
  Sink = P;
  free(P);
}
void app_malloc_zero(void) {
  void *P = malloc(0);
  Sink = P;
  free(P);
}

int main(void) {
  for (int I = 0; I < 3; ++I) {
    app_free_null();
    app_realloc_zero();
    app_realloc_null_zero();
    app_malloc_zero();
  }
  return 0;
}
