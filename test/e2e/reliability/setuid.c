/* A setuid-root program run by another user must not let HOTPATH_* choose
 * files to write or read with root's rights: HOTPATH_OUTPUT_PATH naming a
 * root-only file leaves it untouched (the report goes to stderr instead,
 * with a warning), and HOTPATH_SOURCE_ROOT pointing into a root-only
 * checkout reads nothing (no git_commit in the report). The same binary
 * without the setuid bit, run by root, honours both.
 *
 * REQUIRES: root
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t.d && mkdir -p %t.d/secret/repo/.git && chmod 755 %t.d
 * RUN: printf 'precious\n' > %t.d/secret/report.json && chmod 600 %t.d/secret/report.json
 * RUN: echo 0123456789abcdef0123456789abcdef01234567 > %t.d/secret/repo/.git/HEAD
 * RUN: chmod 700 %t.d/secret
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.d/prog %rt_shared
 * RUN: chown root:root %t.d/prog && chmod 4755 %t.d/prog
 *
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/secret/report.json HOTPATH_SOURCE_ROOT=%t.d/secret/repo \
 * RUN:   setpriv --reuid=nobody --regid=nogroup --clear-groups %t.d/prog > %t.d/out 2> %t.d/err
 * RUN: %FileCheck %s --check-prefix=OUT < %t.d/out
 * OUT: euid 0
 * RUN: printf 'precious\n' | cmp - %t.d/secret/report.json
 * RUN: stat -c '%%a %%U' %t.d/secret/report.json | %FileCheck %s --check-prefix=MODE
 * MODE: 600 root
 * RUN: %FileCheck %s --check-prefix=ERR < %t.d/err
 * ERR: hotpath: HOTPATH_OUTPUT_PATH is ignored: the process runs with elevated privileges (setuid, setgid or capabilities), so the environment may not choose files; the report goes to standard error
 * ERR: hotpath: HOTPATH_SOURCE_ROOT is ignored
 * ERR-NOT: 0123456789abcdef
 * ERR: "hotpath_report"
 * ERR-NOT: 0123456789abcdef
 * RUN: grep -v '^hotpath:' %t.d/err > %t.d/report.json
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.d/report.json app_work=10
 *
 * No trace and no snapshot either: not even at the default path, in the
 * root-owned working directory.
 * RUN: cd %t.d && env HOTPATH_TRACE=%t.d/secret/trace.json HOTPATH_SNAPSHOT_INTERVAL=10 \
 * RUN:   setpriv --reuid=nobody --regid=nogroup --clear-groups %t.d/prog > /dev/null 2> %t.d/err2
 * RUN: test ! -e %t.d/secret/trace.json
 * RUN: ls %t.d | %FileCheck %s --check-prefix=NOSNAP
 * NOSNAP-NOT: hotpath-snapshot
 * RUN: %FileCheck %s --check-prefix=ERR2 < %t.d/err2
 * ERR2-DAG: hotpath: HOTPATH_TRACE is ignored
 * ERR2-DAG: hotpath: HOTPATH_SNAPSHOT_INTERVAL and HOTPATH_SNAPSHOT_SIGNAL are ignored
 *
 * Without the setuid bit, root's own run honours both variables.
 * RUN: chmod 755 %t.d/prog
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/secret/report.json HOTPATH_SOURCE_ROOT=%t.d/secret/repo %t.d/prog
 * RUN: grep -c 0123456789abcdef0123456789abcdef01234567 %t.d/secret/report.json
 */
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

void app_work(int X) { Sink = Sink + X; }

int main(void) {
  for (int I = 0; I < 10; ++I)
    app_work(I);
  printf("euid %d\n", (int)geteuid());
  return 0;
}
