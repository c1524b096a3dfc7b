/* HOTPATH_CONFIG naming something that is not a regular file: one error
 * line naming the file and the problem, no crash, no LLVM stack dump, and
 * the compiler never blocks (a FIFO with no writer). Bounded in time and
 * memory so that the old behaviour fails fast.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d && mkfifo %t.d/fifo.toml
 * RUN: bash -c '%memlimit env HOTPATH_CONFIG=/dev/zero timeout 30 %clang -c %s -o %t.d/zero.o' > %t.d/zero.out 2>&1; test $? = 1
 * RUN: %FileCheck %s --check-prefix=ZERO < %t.d/zero.out
 * ZERO: error: /dev/zero: hotpath config is not a regular file (a character device)
 * ZERO-NOT: PLEASE
 * ZERO-NOT: Stack dump
 * RUN: not test -e %t.d/zero.o
 *
 * RUN: bash -c 'env HOTPATH_CONFIG=%t.d/fifo.toml timeout 30 %clang -c %s -o %t.d/fifo.o' > %t.d/fifo.out 2>&1; test $? = 1
 * RUN: %FileCheck %s --check-prefix=FIFO < %t.d/fifo.out
 * FIFO: error: {{.*}}fifo.toml: hotpath config is not a regular file (a FIFO)
 * FIFO-NOT: PLEASE
 *
 * RUN: head -c 1048577 /dev/zero | tr '\0' '#' > %t.d/big.toml
 * RUN: bash -c 'env HOTPATH_CONFIG=%t.d/big.toml timeout 30 %clang -c %s -o %t.d/big.o' > %t.d/big.out 2>&1; test $? = 1
 * RUN: %FileCheck %s --check-prefix=BIG < %t.d/big.out
 * BIG: error: {{.*}}big.toml: hotpath config is larger than 1 MiB (1048577 bytes)
 */
int f(int x) { return x; }
