# Finds LLVM, the matching clang and the libraries; stops configure with a
# message that says what is missing and how to get it.
set(_hp_apt "apt-get install clang-${HOTPATH_LLVM_VERSION} llvm-${HOTPATH_LLVM_VERSION}-dev llvm-${HOTPATH_LLVM_VERSION}-tools")

find_package(LLVM CONFIG
  HINTS /usr/lib/llvm-${HOTPATH_LLVM_VERSION}/lib/cmake/llvm NO_DEFAULT_PATH)
if(NOT LLVM_FOUND)
  message(FATAL_ERROR
    "hotpath: LLVM ${HOTPATH_LLVM_VERSION} not found (no LLVMConfig.cmake). "
    "Install it with: ${_hp_apt}  or point LLVM_DIR at its lib/cmake/llvm.")
endif()
string(REGEX MATCH "^[0-9]+" HOTPATH_LLVM_MAJOR "${LLVM_PACKAGE_VERSION}")
if(NOT HOTPATH_LLVM_MAJOR STREQUAL HOTPATH_LLVM_VERSION)
  message(FATAL_ERROR
    "hotpath: found LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_DIR}, "
    "but HOTPATH_LLVM_VERSION is ${HOTPATH_LLVM_VERSION}.")
endif()
message(STATUS "hotpath: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")

# The plugin is loaded into clang: both compilers must be that clang.
foreach(_lang C CXX)
  if(NOT CMAKE_${_lang}_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR
      "hotpath: the ${_lang} compiler is ${CMAKE_${_lang}_COMPILER_ID} "
      "${CMAKE_${_lang}_COMPILER_VERSION} (${CMAKE_${_lang}_COMPILER}); "
      "the plugin for LLVM ${HOTPATH_LLVM_MAJOR} loads only into clang "
      "${HOTPATH_LLVM_MAJOR}. Configure with "
      "-DCMAKE_C_COMPILER=clang-${HOTPATH_LLVM_MAJOR} "
      "-DCMAKE_CXX_COMPILER=clang++-${HOTPATH_LLVM_MAJOR}")
  endif()
  string(REGEX MATCH "^[0-9]+" _major "${CMAKE_${_lang}_COMPILER_VERSION}")
  if(NOT _major STREQUAL HOTPATH_LLVM_MAJOR)
    message(FATAL_ERROR
      "hotpath: the ${_lang} compiler is clang ${CMAKE_${_lang}_COMPILER_VERSION} "
      "but the plugin is built for LLVM ${HOTPATH_LLVM_MAJOR}: clang ${_major} "
      "cannot load it. Configure with "
      "-DCMAKE_C_COMPILER=clang-${HOTPATH_LLVM_MAJOR} "
      "-DCMAKE_CXX_COMPILER=clang++-${HOTPATH_LLVM_MAJOR}")
  endif()
endforeach()

set(HOTPATH_LLVM_BINDIR ${LLVM_TOOLS_BINARY_DIR})
foreach(_tool FileCheck opt not count)
  if(NOT EXISTS ${HOTPATH_LLVM_BINDIR}/${_tool} AND HOTPATH_BUILD_TESTS)
    message(FATAL_ERROR "hotpath: ${_tool} is missing from ${HOTPATH_LLVM_BINDIR}. Install it with: ${_hp_apt}")
  endif()
endforeach()
find_file(HOTPATH_LIT lit.py
  HINTS ${LLVM_TOOLS_BINARY_DIR}/../build/utils/lit
        /usr/lib/llvm-${HOTPATH_LLVM_MAJOR}/build/utils/lit NO_DEFAULT_PATH)
if(HOTPATH_BUILD_TESTS AND NOT HOTPATH_LIT)
  message(FATAL_ERROR "hotpath: lit is missing. Install it with: ${_hp_apt}")
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)

find_package(tomlplusplus CONFIG QUIET)
if(NOT tomlplusplus_FOUND)
  message(FATAL_ERROR "hotpath: toml++ not found. Install it with: apt-get install libtomlplusplus-dev")
endif()

if(NOT HOTPATH_PLUGIN_ONLY)
  find_package(nlohmann_json 3 CONFIG QUIET)
  if(NOT nlohmann_json_FOUND)
    message(FATAL_ERROR "hotpath: nlohmann/json not found. Install it with: apt-get install nlohmann-json3-dev")
  endif()
  find_package(CLI11 CONFIG QUIET)
  if(NOT CLI11_FOUND)
    message(FATAL_ERROR "hotpath: CLI11 not found. Install it with: apt-get install libcli11-dev")
  endif()
  find_package(Protobuf QUIET)
  if(NOT Protobuf_FOUND OR NOT Protobuf_PROTOC_EXECUTABLE)
    message(FATAL_ERROR "hotpath: protobuf not found. Install it with: apt-get install libprotobuf-dev protobuf-compiler")
  endif()
  find_package(ZLIB QUIET)
  if(NOT ZLIB_FOUND)
    message(FATAL_ERROR "hotpath: zlib not found. Install it with: apt-get install zlib1g-dev")
  endif()
  # cpp-httplib (hotpath serve): Debian builds it as a shared library, with
  # the macros its header must be read with in its pkg-config file.
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(HTTPLIB QUIET IMPORTED_TARGET cpp-httplib)
  endif()
  if(NOT HTTPLIB_FOUND)
    message(FATAL_ERROR "hotpath: cpp-httplib not found. Install it with: apt-get install libcpp-httplib-dev pkg-config")
  endif()
  # The history's stores (hotpath history): an SQLite file, a PostgreSQL
  # server (libpq).
  if(PkgConfig_FOUND)
    pkg_check_modules(SQLITE3 QUIET IMPORTED_TARGET sqlite3)
    pkg_check_modules(LIBPQ QUIET IMPORTED_TARGET libpq)
  endif()
  if(NOT SQLITE3_FOUND)
    message(FATAL_ERROR "hotpath: SQLite not found. Install it with: apt-get install libsqlite3-dev")
  endif()
  if(NOT LIBPQ_FOUND)
    message(FATAL_ERROR "hotpath: libpq not found. Install it with: apt-get install libpq-dev")
  endif()
  find_path(HOTPATH_VALGRIND_INCLUDE valgrind/callgrind.h)
  if(NOT HOTPATH_VALGRIND_INCLUDE)
    message(FATAL_ERROR "hotpath: valgrind/callgrind.h not found. Install it with: apt-get install valgrind")
  endif()
  find_program(HOTPATH_VALGRIND valgrind)
  if(HOTPATH_BUILD_TESTS)
    find_package(GTest QUIET)
    if(NOT GTest_FOUND)
      message(FATAL_ERROR "hotpath: GoogleTest not found. Install it with: apt-get install libgtest-dev")
    endif()
  endif()
endif()
