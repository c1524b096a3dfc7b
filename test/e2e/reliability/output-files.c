/* Where and how the report file is written:
 *  - HOTPATH_OUTPUT_PATH=/dev/stdout with stdout redirected to a file: the
 *    report comes after everything the program printed (its buffered
 *    output is flushed first), and the program's output is unchanged;
 *  - replacing an existing report keeps its mode and owner;
 *  - a relative path is relative to the working directory at session
 *    begin, even when the program changes directory later;
 *  - a bad HOTPATH_CLOCK warns and uses the default.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d/elsewhere
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 *
 * RUN: %t.plain > %t.d/plain.out
 * RUN: env HOTPATH_OUTPUT_PATH=/dev/stdout %t > %t.d/stdout.out
 * RUN: %FileCheck %s --check-prefix=ORDER < %t.d/stdout.out
 * ORDER: line 1 of 3
 * ORDER-NEXT: line 2 of 3
 * ORDER-NEXT: line 3 of 3
 * ORDER-NEXT: chdir: 0
 * ORDER-NEXT: [hotpath]
 * ORDER: app_work
 * RUN: head -n 4 %t.d/stdout.out | cmp - %t.d/plain.out
 * The default (the table on stderr) with both streams in one file: the same.
 * RUN: %t > %t.d/both.out 2>&1
 * RUN: %FileCheck %s --check-prefix=ORDER < %t.d/both.out
 * JSON too, and /dev/fd/1.
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=/dev/fd/1 %t > %t.d/fd1.out
 * RUN: head -n 4 %t.d/fd1.out | cmp - %t.d/plain.out
 * RUN: tail -n +5 %t.d/fd1.out > %t.d/fd1.json
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/fd1.json app_work=3
 *
 * REQUIRES: root
 * RUN: echo old > %t.d/kept.json && chmod 600 %t.d/kept.json && chown nobody:nogroup %t.d/kept.json
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/kept.json %t > /dev/null
 * RUN: stat -c '%%a %%U %%G' %t.d/kept.json | %FileCheck %s --check-prefix=KEPT
 * KEPT: 600 nobody nogroup
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/kept.json app_work=3
 *
 * RUN: cd %t.d && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=rel.%%p.json %t elsewhere > /dev/null
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only '%t.d/rel.*.json' app_work=3
 * RUN: %python %S/../runtime/Inputs/check_counts.py --none '%t.d/elsewhere/rel.*.json'
 *
 * RUN: env HOTPATH_CLOCK=sundial HOTPATH_OUTPUT_FORMAT=none %t > /dev/null 2> %t.d/clock.err
 * RUN: %FileCheck %s --check-prefix=CLOCK < %t.d/clock.err
 * CLOCK: hotpath: HOTPATH_CLOCK="sundial" is invalid (accepted: auto, monotonic); using auto
 */
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }

int main(int argc, char **argv) {
  for (int I = 1; I <= 3; ++I) {
    app_work(I);
    printf("line %d of 3\n", I);
  }
  printf("chdir: %d\n", argc > 1 ? chdir(argv[1]) : 0);
  return 0;
}
