// AddressSanitizer and ThreadSanitizer own malloc: hotpath detects them,
// turns tracking off with one warning, and still reports timing; the
// sanitizers see no error (their malloc serves everything, our weak
// interposers lose at static link time).
//
// RUN: rm -f %t*.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=address -O1 %S/Inputs/other.cpp -o %t.asan %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=address -O1 %S/Inputs/other.cpp -o %t.asan-static %rt_static
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=thread -O1 %S/Inputs/other.cpp -o %t.tsan %rt_shared
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -fsanitize=thread -O1 %S/Inputs/other.cpp -o %t.tsan-static %rt_static
// RUN: for b in asan asan-static; do env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b > %t.$b.out 2> %t.$b.err || exit 1; done
// RUN: for b in tsan tsan-static; do env TSAN_OPTIONS=halt_on_error=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.$b.json %t.$b > %t.$b.out 2> %t.$b.err || exit 1; done
// RUN: for b in asan asan-static; do FileCheck --check-prefix=ASAN %s < %t.$b.err || exit 1; done
// RUN: for b in tsan tsan-static; do FileCheck --check-prefix=TSAN %s < %t.$b.err || exit 1; done
// RUN: for b in asan asan-static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=0 "warning~AddressSanitizer owns malloc" timing:app::work=100 || exit 1; done
// RUN: for b in tsan tsan-static; do %python %S/Inputs/check_alloc.py %t.$b.json tracked=0 "warning~ThreadSanitizer owns malloc" timing:app::work=100 || exit 1; done
// ASAN: hotpath: allocation tracking is off: AddressSanitizer owns malloc
// ASAN-NOT: {{ERROR|WARNING}}
// TSAN: hotpath: allocation tracking is off: ThreadSanitizer owns malloc
// TSAN-NOT: {{ERROR|WARNING}}
