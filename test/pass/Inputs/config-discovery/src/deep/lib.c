int disc_a(int x) { return x + 1; }
int near_a(int x) { return x + 2; }
int other(int x) { return x + 3; }
