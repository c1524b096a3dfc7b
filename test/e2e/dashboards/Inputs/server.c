/* A server's request loop, for hotpath serve's tests: handle_request
 * parses a generated request and renders an answer, about 2000 times a
 * second, for argv[1] milliseconds or, with --stdin as argv[2], until its
 * standard input closes if that comes first; then prints how many it handled (the exact calls the metrics
 * must show). Nothing in it mentions hotpath: server.toml selects the
 * functions. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long Checksum;

unsigned parse_request(const char *Line) {
  unsigned H = 2166136261u;
  for (const char *P = Line; *P; ++P)
    H = (H ^ (unsigned char)*P) * 16777619u;
  return H;
}

void render_response(unsigned Key, char *Out, size_t N) {
  snprintf(Out, N, "HTTP/1.1 200 OK\r\nETag: %08x\r\n\r\n", Key);
}

void handle_request(unsigned long I) {
  char Line[64], Answer[128];
  snprintf(Line, sizeof Line, "GET /item/%lu HTTP/1.1", I);
  render_response(parse_request(Line), Answer, sizeof Answer);
  Checksum += (unsigned char)Answer[strlen(Answer) - 5];
}

static double nowMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

int main(int Argc, char **Argv) {
  double Ms = Argc > 1 ? atof(Argv[1]) : 1000;
  double End = nowMs() + Ms;
  unsigned long Handled = 0;
  struct timespec Pause = {0, 500000};
  int UntilEof = Argc > 2 && strcmp(Argv[2], "--stdin") == 0;
  struct pollfd In = {0, POLLIN, 0};
  while (nowMs() < End && !(UntilEof && poll(&In, 1, 0) != 0)) {
    handle_request(Handled++);
    nanosleep(&Pause, NULL);
  }
  printf("handled %lu requests (checksum %lu)\n", Handled, Checksum);
  return 0;
}
