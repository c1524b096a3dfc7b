#pragma once
namespace demo::util {
int square(int X);
}
