//===- Version.h - The project version --------------------------*- C++ -*-===//
#ifndef HOTPATH_REPORT_VERSION_H
#define HOTPATH_REPORT_VERSION_H

namespace hotpath::report {
/// PROJECT_VERSION of the build, e.g. "0.1.0".
const char *hotpathVersion();
} // namespace hotpath::report

#endif // HOTPATH_REPORT_VERSION_H
