/* Linking an instrumented program without the runtime: the first error
 * says what to do (the link-check symbol, abi.h), before the hooks' own
 * undefined references; docs/troubleshooting.md has that text and the
 * loader's error for -L without an rpath, so that a search finds them.
 *
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: printf '[functions]\ninclude = ["^app_"]\nmain = true\n' > %t/hotpath.toml
 * RUN: env HOTPATH_CONFIG=%t/hotpath.toml %clang -O2 -c %s -o %t/prog.o
 * RUN: not %clang %t/prog.o -o %t/prog 2> %t/err
 * RUN: grep -m1 'undefined reference' %t/err | %FileCheck %s --check-prefix=FIRST
 * FIRST: undefined reference to `hotpath runtime not linked: add -lhotpath_rt to the link (with -L<dir> -Wl,-rpath,<dir>), see hotpath's docs/troubleshooting.md'
 * RUN: grep -c 'hotpath runtime not linked' %t/err | grep -x 1
 * lld names it too.
 * RUN: not %clang -fuse-ld=lld %t/prog.o -o %t/prog 2>&1 | grep -q 'undefined symbol: hotpath runtime not linked: add -lhotpath_rt'
 *
 * -L without an rpath links, and the loader says it cannot find the runtime.
 * UNSUPPORTED: sanitizer
 * RUN: %clang %t/prog.o -o %t/norpath -L%obj/runtime -lhotpath_rt
 * (LLVM's `not` takes status 127 for "could not run": test it by hand.)
 * RUN: %t/norpath > %t/loader 2>&1; test $? = 127
 * RUN: %FileCheck %s --check-prefix=LOADER < %t/loader
 * LOADER: error while loading shared libraries: libhotpath_rt.so: cannot open shared object file
 * RUN: grep -qF "undefined reference to \`hotpath runtime not linked" %src/docs/troubleshooting.md
 * RUN: grep -qF "error while loading shared libraries: libhotpath_rt.so: cannot open shared object file" %src/docs/troubleshooting.md
 */
#include <stdio.h>

int app_work(int X) { return X * 2; }

int main(int argc, char **argv) {
  (void)argv;
  printf("%d\n", app_work(argc));
  return 0;
}
