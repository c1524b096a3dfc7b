# The hotpath package: hotpath_instrument() for this build (examples/),
# a hotpath-config.cmake in the build tree (find_package against a build
# without installing) and install() rules with a relocatable config for the
# install tree. docs/cmake.md is the user's side of this file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The `hotpath` tool's target: the plugin owns the name `hotpath`.
set(HOTPATH_TOOL_TARGET "")
foreach(_t hotpath_tool hotpath-tool hotpath_cli)
  if(TARGET ${_t})
    set(HOTPATH_TOOL_TARGET ${_t})
    break()
  endif()
endforeach()

# In this build the package's names point at the real targets.
add_library(hotpath::plugin ALIAS hotpath)
add_library(hotpath::rt ALIAS hotpath_rt)
add_library(hotpath::rt_static ALIAS hotpath_rt_static)
if(HOTPATH_TOOL_TARGET)
  add_executable(hotpath::hotpath ALIAS ${HOTPATH_TOOL_TARGET})
endif()

# Where the plugin lands (OBJECT_DEPENDS needs a plain path, not $<...>).
get_target_property(_hp_dir hotpath LIBRARY_OUTPUT_DIRECTORY)
if(NOT _hp_dir)
  get_target_property(_hp_dir hotpath BINARY_DIR)
endif()
get_target_property(_hp_name hotpath OUTPUT_NAME)
if(NOT _hp_name)
  set(_hp_name hotpath)
endif()
set(HOTPATH_PLUGIN_FILE
  "${_hp_dir}/${CMAKE_SHARED_MODULE_PREFIX}${_hp_name}${CMAKE_SHARED_MODULE_SUFFIX}")
set_property(GLOBAL PROPERTY HOTPATH_PLUGIN_FILE "${HOTPATH_PLUGIN_FILE}")
set_property(GLOBAL PROPERTY HOTPATH_PLUGIN_TARGET hotpath)
set_property(GLOBAL PROPERTY HOTPATH_LLVM_MAJOR "${HOTPATH_LLVM_MAJOR}")
include(HotpathInstrument)

# A sanitized runtime (HOTPATH_SANITIZE) needs the sanitizers' own runtime
# in every program that links it: the package says so to its users.
set(HOTPATH_CONFIG_LINK_OPTIONS "${HOTPATH_SANITIZE_FLAGS}")

set(_hp_version_file ${PROJECT_BINARY_DIR}/hotpath-config-version.cmake)
write_basic_package_version_file(${_hp_version_file}
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)

# Build tree: absolute paths into this build and the source tree.
set(HOTPATH_CONFIG_KIND build)
set(HOTPATH_CONFIG_PREFIX "")
set(HOTPATH_CONFIG_PLUGIN "${HOTPATH_PLUGIN_FILE}")
set(HOTPATH_CONFIG_RT_SHARED "$<TARGET_FILE:hotpath_rt>")
set(HOTPATH_CONFIG_RT_STATIC "$<TARGET_FILE:hotpath_rt_static>")
set(HOTPATH_CONFIG_TOOL "")
if(HOTPATH_TOOL_TARGET)
  set(HOTPATH_CONFIG_TOOL "$<TARGET_FILE:${HOTPATH_TOOL_TARGET}>")
endif()
set(HOTPATH_CONFIG_INCLUDE "${PROJECT_SOURCE_DIR}/include")
set(HOTPATH_CONFIG_INSTRUMENT "${PROJECT_SOURCE_DIR}/cmake/HotpathInstrument.cmake")
configure_file(${CMAKE_CURRENT_LIST_DIR}/hotpath-config.cmake.in
  ${PROJECT_BINARY_DIR}/CMakeFiles/hotpath-config.build.in @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/hotpath-config.cmake
  INPUT ${PROJECT_BINARY_DIR}/CMakeFiles/hotpath-config.build.in)

# Install tree: every path relative to the config file's own location, so
# the installed tree can be moved.
set(HOTPATH_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/hotpath
  CACHE STRING "Where hotpath-config.cmake is installed (relative to the prefix)")
file(RELATIVE_PATH _hp_up /prefix/${HOTPATH_INSTALL_CMAKEDIR} /prefix)
set(HOTPATH_CONFIG_KIND install)
set(HOTPATH_CONFIG_PREFIX
  "get_filename_component(_hotpath_prefix \"\${CMAKE_CURRENT_LIST_DIR}/${_hp_up}\" ABSOLUTE)")
set(_hp_lib "\${_hotpath_prefix}/${CMAKE_INSTALL_LIBDIR}")
set(HOTPATH_CONFIG_PLUGIN "${_hp_lib}/${CMAKE_SHARED_MODULE_PREFIX}${_hp_name}${CMAKE_SHARED_MODULE_SUFFIX}")
set(HOTPATH_CONFIG_RT_SHARED "${_hp_lib}/$<TARGET_FILE_NAME:hotpath_rt>")
set(HOTPATH_CONFIG_RT_STATIC "${_hp_lib}/$<TARGET_FILE_NAME:hotpath_rt_static>")
set(HOTPATH_CONFIG_TOOL "")
if(HOTPATH_TOOL_TARGET)
  set(HOTPATH_CONFIG_TOOL "\${_hotpath_prefix}/${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:${HOTPATH_TOOL_TARGET}>")
endif()
set(HOTPATH_CONFIG_INCLUDE "\${_hotpath_prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
set(HOTPATH_CONFIG_INSTRUMENT "\${CMAKE_CURRENT_LIST_DIR}/HotpathInstrument.cmake")
configure_file(${CMAKE_CURRENT_LIST_DIR}/hotpath-config.cmake.in
  ${PROJECT_BINARY_DIR}/CMakeFiles/hotpath-config.install.in @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/CMakeFiles/install/hotpath-config.cmake
  INPUT ${PROJECT_BINARY_DIR}/CMakeFiles/hotpath-config.install.in)

install(TARGETS hotpath LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS hotpath_rt hotpath_rt_static
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The tool's own CMakeLists.txt installs it to bin/ (HOTPATH_CONFIG_TOOL).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/hotpath
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES
  ${PROJECT_BINARY_DIR}/CMakeFiles/install/hotpath-config.cmake
  ${_hp_version_file}
  ${CMAKE_CURRENT_LIST_DIR}/HotpathInstrument.cmake
  DESTINATION ${HOTPATH_INSTALL_CMAKEDIR})
