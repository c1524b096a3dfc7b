// The second translation unit of two-tu.cpp.
#include "two-tu.h"

static int helper(int x) { return x - 2; }

int from_b(int x) { return helper(scaled(x)) + bump(x); }
