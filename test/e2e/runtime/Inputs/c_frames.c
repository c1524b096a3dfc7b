/* A measured C function that calls back into C++. Compiled as C, it is
 * nounwind: its wrapper has no cleanup, so an exception that the callback
 * throws leaves it without running its exit hook. */
void app_c_call(void (*fn)(int), int n) {
  fn(n);
  fn(n + 1); /* not a tail call */
}
