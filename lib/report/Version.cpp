//===- Version.cpp - The project version ----------------------------------===//
#include "hotpath/report/Version.h"

const char *hotpath::report::hotpathVersion() { return HOTPATH_VERSION_STRING; }
