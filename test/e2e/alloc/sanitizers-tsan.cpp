// ThreadSanitizer owns malloc: hotpath detects it, turns tracking off with
// one warning, and still reports timing; TSan sees no error (its malloc
// serves everything, our weak interposers lose at static link time).
//
// Sanitizer build: the runtime is built with ASan, which TSan excludes.
// UNSUPPORTED: sanitizer
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=thread -O1 %S/Inputs/other.cpp -o %t.tsan %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=thread -O1 %S/Inputs/other.cpp -o %t.tsan-static %rt_static
// RUN: for b in tsan tsan-static; do env TSAN_OPTIONS=halt_on_error=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b > %t.$b.out 2> %t.$b.err || exit 1; done
// RUN: for b in tsan tsan-static; do FileCheck --check-prefix=TSAN %s < %t.$b.err || exit 1; done
// RUN: for b in tsan tsan-static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=0 "warning~ThreadSanitizer owns malloc" timing:app::work=100 || exit 1; done
// TSAN: hotpath: allocation tracking is off: ThreadSanitizer owns malloc
// TSAN-NOT: {{ERROR|WARNING}}
