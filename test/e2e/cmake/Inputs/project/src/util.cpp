#include "util.h"
namespace demo::util {
int square(int X) { return X * X; }
} // namespace demo::util
