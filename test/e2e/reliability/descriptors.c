/* The runtime never closes or writes a descriptor of the program's. A
 * daemon-like program closes descriptors 3-63 after the session began and
 * opens its own files, which get the low numbers back:
 *   fork:  a child writes to the program's descriptor 3 (the runtime's
 *          after-fork handler must not have closed it) and the parent to 4;
 *   term:  SIGTERM with the runtime's report handler installed must not
 *          write into the program's file, and the report is written;
 *   closeall: the program closes every descriptor up to 1024, the
 *          runtime's too: no report on SIGTERM, and the program's file is
 *          still untouched.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d/plain %t.d/inst
 * RUN: %plainclang -O2 %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.d/fork.json --cwd %t.d %t.plain %t fork
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/fork.json app_write=1
 *
 * RUN: cd %t.d/plain && %t.plain term; test $? = 143
 * RUN: cd %t.d/inst && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/term.json %t term; test $? = 143
 * RUN: cmp %t.d/plain/file3 %t.d/inst/file3
 * RUN: %python %S/../runtime/Inputs/check_counts.py %t.d/term.json app_write=1
 *
 * RUN: cd %t.d/plain && %t.plain closeall; test $? = 143
 * RUN: cd %t.d/inst && env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/closeall.json %t closeall; test $? = 143
 * RUN: cmp %t.d/plain/file3 %t.d/inst/file3
 * RUN: %python %S/../runtime/Inputs/check_counts.py --none '%t.d/closeall.json*'
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int app_write(int Fd, const char *Text) {
  return write(Fd, Text, strlen(Text)) == (ssize_t)strlen(Text);
}

static void closeFrom(int Lo, int Hi) {
  for (int Fd = Lo; Fd <= Hi; ++Fd)
    close(Fd);
}

static void show(const char *Path) {
  char Buf[256] = {0};
  int Fd = open(Path, O_RDONLY);
  ssize_t N = Fd >= 0 ? read(Fd, Buf, sizeof Buf - 1) : -1;
  printf("%s: %zd bytes: %s\n", Path, N, N > 0 ? Buf : "");
  if (Fd >= 0)
    close(Fd);
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "fork";
  closeFrom(3, strcmp(Mode, "closeall") == 0 ? 1023 : 63);
  int A = open("file3", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (strcmp(Mode, "fork") != 0) {
    app_write(A, "hello\n");
    raise(SIGTERM);
    return 1; /* not reached */
  }
  int B = open("file4", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  printf("descriptors %d %d\n", A, B);
  fflush(stdout);
  pid_t P = fork();
  if (P == 0)
    _exit(app_write(A, "from the child\n") ? 0 : 1);
  int Status = 0;
  waitpid(P, &Status, 0);
  printf("child wrote: %s\n", WIFEXITED(Status) && WEXITSTATUS(Status) == 0
                                  ? "yes"
                                  : "no");
  printf("parent wrote: %s\n", app_write(B, "from the parent\n") ? "yes" : "no");
  close(A);
  close(B);
  show("file3");
  show("file4");
  return 0;
}
