// AddressSanitizer owns malloc: hotpath detects it, turns tracking off with
// one warning, and still reports timing; ASan sees no error (its malloc
// serves everything, our weak interposers lose at static link time). This
// test also runs in the sanitizer build (HOTPATH_SANITIZE), where it is the
// allocation test that still means something. ThreadSanitizer:
// sanitizers-tsan.cpp.
//
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=address -O1 %S/Inputs/other.cpp -o %t.asan %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=address -O1 %S/Inputs/other.cpp -o %t.asan-static %rt_static
// RUN: for b in asan asan-static; do env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b > %t.$b.out 2> %t.$b.err || exit 1; done
// RUN: for b in asan asan-static; do FileCheck --check-prefix=ASAN %s < %t.$b.err || exit 1; done
// RUN: for b in asan asan-static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=0 "warning~AddressSanitizer owns malloc" timing:app::work=100 || exit 1; done
// ASAN: hotpath: allocation tracking is off: AddressSanitizer owns malloc
// ASAN-NOT: {{ERROR|WARNING}}
