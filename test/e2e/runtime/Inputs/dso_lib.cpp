// Measured code in a shared library the program links against.
namespace app {
int lib_square(int X) { return X * X; }
int lib_sum_squares(int N) {
  int S = 0;
  for (int I = 1; I <= N; ++I)
    S += lib_square(I);
  return S;
}
} // namespace app
