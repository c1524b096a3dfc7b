//===- Version.cpp - The project version ----------------------------------===//
#include "Version.h"

const char *hotpath::report::hotpathVersion() { return HOTPATH_VERSION_STRING; }
