// Shared by two-tu.cpp and Inputs/two-tu-b.cpp.
template <typename T> T scaled(T x) { return x * 3; }
inline int bump(int x) { return x + 1; }
int from_b(int x);
