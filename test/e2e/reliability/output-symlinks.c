/* A symlink at the report path is followed by the kernel, never by hand
 * (docs/environment.md, HOTPATH_OUTPUT_PATH):
 *  - a link another user planted in a sticky world-writable directory,
 *    pointing at a file the writer may not open, leaves that file alone
 *    even where the writer may rename over it (its directory is writable);
 *  - under fs.protected_symlinks, a link the kernel refuses to follow is
 *    refused for the report too: the outcome is the shell's own `>>`;
 *  - the writer's own link is kept, and the file it points to written.
 *
 * REQUIRES: root
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t.d && mkdir -p %t.d/sticky %t.d/nobodys && chmod 755 %t.d && chmod 1777 %t.d/sticky
 * RUN: chown nobody:nogroup %t.d/nobodys
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.d/prog %rt_shared
 *
 * A root-owned file in a directory nobody may write; the link is daemon's.
 * RUN: printf 'precious\n' > %t.d/nobodys/victim && chmod 644 %t.d/nobodys/victim
 * RUN: setpriv --reuid=daemon --regid=daemon --clear-groups ln -s %t.d/nobodys/victim %t.d/sticky/report.json
 * RUN: cd %t.d && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/sticky/report.json \
 * RUN:   setpriv --reuid=nobody --regid=nogroup --clear-groups %t.d/prog 2> %t.d/err
 * RUN: printf 'precious\n' | cmp - %t.d/nobodys/victim
 * RUN: test -L %t.d/sticky/report.json
 * RUN: %FileCheck %s --check-prefix=REFUSED < %t.d/err
 * REFUSED: hotpath: cannot write the report to {{.*}}sticky/report.json: Permission denied
 *
 * A file nobody may write, behind daemon's link: what the kernel decides.
 * RUN: printf 'precious\n' > %t.d/open-a && printf 'precious\n' > %t.d/open-b && chmod 666 %t.d/open-a %t.d/open-b
 * RUN: setpriv --reuid=daemon --regid=daemon --clear-groups ln -s %t.d/open-a %t.d/sticky/a
 * RUN: setpriv --reuid=daemon --regid=daemon --clear-groups ln -s %t.d/open-b %t.d/sticky/b
 * RUN: setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c 'printf x >> %t.d/sticky/a' 2>/dev/null && echo followed > %t.d/kernel || echo refused > %t.d/kernel
 * RUN: cd %t.d && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/sticky/b \
 * RUN:   setpriv --reuid=nobody --regid=nogroup --clear-groups %t.d/prog 2> /dev/null
 * RUN: (grep -q hotpath_report %t.d/open-b && echo followed || echo refused) | cmp - %t.d/kernel
 * RUN: test -L %t.d/sticky/b
 *
 * The writer's own link: kept, and the file it points to holds the report.
 * RUN: ln -s %t.d/mine.json %t.d/link.json
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/link.json %t.d/prog
 * RUN: test -L %t.d/link.json
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/mine.json app_work=10
 */
#include <stdio.h>

static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }

int main(void) {
  for (int I = 0; I < 10; ++I)
    app_work(I);
  return 0;
}
