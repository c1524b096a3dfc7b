// jemalloc linked before the runtime owns malloc: hotpath detects it,
// turns tracking off with one warning, and still reports timing; jemalloc
// keeps serving the program. Linked after the runtime, jemalloc is
// shadowed by hotpath's interposer (which forwards to glibc): hotpath says
// so and how to fix it, and tracking is off too. Needs libjemalloc-dev
// (scripts/setup.sh installs it).
//
// Sanitizer build: jemalloc and ASan cannot both own malloc.
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %S/Inputs/other.cpp -o %t.first -Wl,--no-as-needed -ljemalloc %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.first.json %t.first > %t.first.out 2> %t.first.err
// RUN: FileCheck --check-prefix=OUT-FIRST %s < %t.first.out
// RUN: FileCheck --check-prefix=ERR-FIRST %s < %t.first.err
// RUN: %python %S/Inputs/check_alloc.py %t.first.json tracked=0 "warning~malloc is defined by" "warning~libjemalloc" timing:app::work=100
// OUT-FIRST: malloc from {{.*}}libjemalloc.so
// ERR-FIRST: hotpath: allocation tracking is off: malloc is defined by {{.*}}libjemalloc.so
// ERR-FIRST-NOT: hotpath:
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %S/Inputs/other.cpp -o %t.after %rt_shared -Wl,--no-as-needed -ljemalloc
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.after.json %t.after 2> %t.after.err
// RUN: FileCheck --check-prefix=ERR-AFTER %s < %t.after.err
// RUN: %python %S/Inputs/check_alloc.py %t.after.json tracked=0 "warning~is shadowed by hotpath" timing:app::work=100
// ERR-AFTER: hotpath: allocation tracking is off: malloc of {{.*}}libjemalloc.so{{.*}} is shadowed by hotpath's (forwarding to glibc); link it before -lhotpath_rt
