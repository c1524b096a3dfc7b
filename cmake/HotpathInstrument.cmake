# hotpath_instrument(<target> [CONFIG <file>] [STATIC])
#
# Compiles <target> with the hotpath pass plugin and links the hotpath
# runtime. Shared by the build tree (examples/) and by the package config
# that find_package(hotpath CONFIG) loads, so both behave the same way.
# docs/cmake.md explains every step; in short:
#
#   - adds -fpass-plugin=<libhotpath.so> to the target's C and C++ compiles;
#   - adds -fdebug-default-version=4, and -gline-tables-only when the build
#     type's flags ask for no debug info (file/line of functions for the
#     report and `files` globs, DWARF 4 for Valgrind 3.19) without ever
#     lowering the debug level the user chose;
#   - CONFIG <file>: the compiles see HOTPATH_CONFIG=<file>, set by a
#     compiler launcher (`cmake -E env`), since CMake cannot set an
#     environment variable per compile otherwise. Without CONFIG the plugin
#     finds hotpath.toml by searching upward from each source's directory;
#   - makes the target's hotpath.toml (and the plugin itself) a dependency
#     of each of its objects, through the compiler's depfile, so that
#     editing the file rebuilds exactly the objects it selects from;
#   - links hotpath::rt (shared, the default: one runtime per process even
#     with measured code in shared libraries) or hotpath::rt_static (STATIC);
#   - stops configure with a clear message when the target's compiler cannot
#     load the plugin (not clang, or a clang of another LLVM major version).
#
# The including code provides the targets hotpath::plugin, hotpath::rt and
# hotpath::rt_static, and these global properties:
#   HOTPATH_PLUGIN_FILE     absolute path of libhotpath.so
#   HOTPATH_PLUGIN_TARGET   build-tree target that produces it ("" if imported)
#   HOTPATH_LLVM_MAJOR      the LLVM major version the plugin was built for
include_guard(GLOBAL)

# The functions below run under the policies in force where they are
# defined, not the caller's: a project that says cmake_minimum_required(
# VERSION 3.1) would otherwise give them CMake 3.1's (no IN_LIST, quoted
# if() arguments dereferenced). PUSH/POP keeps the caller's own.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.31)

# Languages of <target>'s sources that the plugin applies to (C, CXX).
function(_hotpath_target_languages target out)
  get_target_property(_srcs ${target} SOURCES)
  set(_langs)
  if(_srcs)
    foreach(_src IN LISTS _srcs)
      if(_src MATCHES "^\\$<")
        continue()
      endif()
      get_source_file_property(_lang "${_src}" LANGUAGE)
      if(NOT _lang)
        get_filename_component(_ext "${_src}" LAST_EXT)
        string(SUBSTRING "${_ext}" 1 -1 _ext)
        foreach(_l C CXX)
          if(_ext IN_LIST CMAKE_${_l}_SOURCE_FILE_EXTENSIONS)
            set(_lang ${_l})
          endif()
        endforeach()
      endif()
      if(_lang MATCHES "^(C|CXX)$")
        list(APPEND _langs ${_lang})
      endif()
    endforeach()
  endif()
  if(NOT _langs)
    # No recognisable source yet (sources added later): check every enabled
    # language the plugin could see.
    get_property(_enabled GLOBAL PROPERTY ENABLED_LANGUAGES)
    foreach(_l C CXX)
      if(_l IN_LIST _enabled)
        list(APPEND _langs ${_l})
      endif()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES _langs)
  set(${out} ${_langs} PARENT_SCOPE)
endfunction()

# Stops configure unless the <lang> compiler can load the plugin.
function(_hotpath_check_compiler target lang plugin llvm_major)
  set(_cc "${CMAKE_${lang}_COMPILER}")
  set(_id "${CMAKE_${lang}_COMPILER_ID}")
  set(_ver "${CMAKE_${lang}_COMPILER_VERSION}")
  set(_hint "Configure with -DCMAKE_C_COMPILER=clang-${llvm_major} -DCMAKE_CXX_COMPILER=clang++-${llvm_major}, or use a hotpath built for your clang (-DHOTPATH_LLVM_VERSION=<major>).")
  if(NOT _id STREQUAL "Clang")
    message(FATAL_ERROR
      "hotpath_instrument(${target}): the ${lang} compiler is ${_id} ${_ver} "
      "(${_cc}). The hotpath plugin is an LLVM ${llvm_major} pass plugin and "
      "loads only into clang ${llvm_major}. ${_hint}")
  endif()
  string(REGEX MATCH "^[0-9]+" _major "${_ver}")
  if(NOT _major STREQUAL llvm_major)
    message(FATAL_ERROR
      "hotpath_instrument(${target}): the ${lang} compiler is clang ${_ver} "
      "(${_cc}), but the hotpath plugin was built for LLVM ${llvm_major}: "
      "clang ${_major} cannot load it. ${_hint}")
  endif()
  # An installed plugin can be tried for real, once per compiler and plugin.
  if(NOT EXISTS "${plugin}")
    return()
  endif()
  string(MD5 _key "${_cc};${plugin}")
  if(DEFINED HOTPATH_PLUGIN_LOADS_${_key})
    return()
  endif()
  set(_dir "${CMAKE_BINARY_DIR}${CMAKE_FILES_DIRECTORY}/hotpath")
  file(WRITE "${_dir}/probe.c" "int hotpath_probe(void) { return 0; }\n")
  # An empty selection of its own: the user's hotpath.toml is not on trial.
  file(WRITE "${_dir}/probe.toml" "[functions]\n")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env "HOTPATH_CONFIG=${_dir}/probe.toml"
            "${_cc}" -fpass-plugin=${plugin} -x c -c "${_dir}/probe.c"
            -o "${_dir}/probe.o"
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR
      "hotpath_instrument(${target}): ${_cc} cannot load the hotpath plugin "
      "${plugin}:\n${_out}\nThe compiler is the right clang, so the plugin "
      "file itself is at fault (damaged, or built against another build of "
      "LLVM ${llvm_major}): rebuild or reinstall hotpath for this clang.")
  endif()
  set(HOTPATH_PLUGIN_LOADS_${_key} TRUE CACHE INTERNAL "")
endfunction()

# The debug-level flags of the current build type(s), to decide whether
# -gline-tables-only is needed.
function(_hotpath_has_debug_flag lang config out)
  string(TOUPPER "${config}" _cfg)
  set(_flags " ${CMAKE_${lang}_FLAGS} ")
  if(_cfg)
    string(APPEND _flags "${CMAKE_${lang}_FLAGS_${_cfg}} ")
  endif()
  # The last level flag wins in clang; -g0 means "none".
  string(REGEX MATCHALL " -g(|[0-3]|gdb[0-3]?|line-tables-only|line-directives-only)( |$)" _levels "${_flags}")
  set(_has FALSE)
  foreach(_l IN LISTS _levels)
    if(_l MATCHES "-g0")
      set(_has FALSE)
    else()
      set(_has TRUE)
    endif()
  endforeach()
  set(${out} ${_has} PARENT_SCOPE)
endfunction()

# The hotpath.toml that the plugin finds for a source in <dir>: the same
# upward search as the plugin's.
function(_hotpath_discover dir out)
  set(_d "${dir}")
  while(TRUE)
    if(EXISTS "${_d}/hotpath.toml")
      set(${out} "${_d}/hotpath.toml" PARENT_SCOPE)
      return()
    endif()
    get_filename_component(_up "${_d}" DIRECTORY)
    if(_up STREQUAL _d OR _up STREQUAL "")
      break()
    endif()
    set(_d "${_up}")
  endwhile()
  set(${out} "" PARENT_SCOPE)
endfunction()

function(hotpath_instrument target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "STATIC" "CONFIG" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "hotpath_instrument(${target}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}. "
      "Usage: hotpath_instrument(<target> [CONFIG <hotpath.toml>] [STATIC])")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "hotpath_instrument: ${target} is not a target")
  endif()
  get_target_property(_type ${target} TYPE)
  get_target_property(_imported ${target} IMPORTED)
  if(_imported OR NOT _type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY|STATIC_LIBRARY|OBJECT_LIBRARY)$")
    message(FATAL_ERROR
      "hotpath_instrument(${target}): needs a target that compiles sources "
      "(an executable or a library), not a ${_type}")
  endif()

  get_target_property(_done ${target} HOTPATH_INSTRUMENTED)
  if(_done)
    message(FATAL_ERROR "hotpath_instrument(${target}): called twice for this target")
  endif()

  get_property(_plugin GLOBAL PROPERTY HOTPATH_PLUGIN_FILE)
  get_property(_plugin_target GLOBAL PROPERTY HOTPATH_PLUGIN_TARGET)
  get_property(_llvm_major GLOBAL PROPERTY HOTPATH_LLVM_MAJOR)
  if(NOT _plugin OR NOT TARGET hotpath::rt)
    message(FATAL_ERROR
      "hotpath_instrument(${target}): hotpath is not loaded; call "
      "find_package(hotpath CONFIG REQUIRED) first")
  endif()

  _hotpath_target_languages(${target} _langs)
  foreach(_lang IN LISTS _langs)
    _hotpath_check_compiler(${target} ${_lang} "${_plugin}" "${_llvm_major}")
  endforeach()

  # The plugin flag goes to C and C++ compiles only (not assembler).
  set(_cl "$<COMPILE_LANGUAGE:C,CXX>")
  # Frame pointers, leaf functions' too: CPU samples (HOTPATH_CPU_SAMPLING)
  # get their call chains from them, as perf does; they cost about 1%.
  target_compile_options(${target} PRIVATE
    "$<${_cl}:-fpass-plugin=${_plugin}>"
    "$<${_cl}:-fdebug-default-version=4>"
    "$<${_cl}:-fno-omit-frame-pointer>"
    "$<${_cl}:-mno-omit-leaf-frame-pointer>")
  # Line tables, unless the build type already asks for debug info (adding
  # -gline-tables-only after -g would lower it: the last level wins).
  foreach(_lang IN LISTS _langs)
    if(CMAKE_CONFIGURATION_TYPES)
      foreach(_cfg IN LISTS CMAKE_CONFIGURATION_TYPES)
        _hotpath_has_debug_flag(${_lang} "${_cfg}" _has)
        if(NOT _has)
          target_compile_options(${target} PRIVATE
            "$<$<AND:$<COMPILE_LANGUAGE:${_lang}>,$<CONFIG:${_cfg}>>:-gline-tables-only>")
        endif()
      endforeach()
    else()
      _hotpath_has_debug_flag(${_lang} "${CMAKE_BUILD_TYPE}" _has)
      if(NOT _has)
        target_compile_options(${target} PRIVATE
          "$<$<COMPILE_LANGUAGE:${_lang}>:-gline-tables-only>")
      endif()
    endif()
  endforeach()

  # The config file: explicit (through the environment of each compile) or
  # discovered per source directory like the plugin does.
  set(_config "")
  if(ARG_CONFIG)
    get_filename_component(_config "${ARG_CONFIG}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${_config}")
      message(FATAL_ERROR "hotpath_instrument(${target}): CONFIG file ${_config} does not exist")
    endif()
    foreach(_lang IN LISTS _langs)
      get_target_property(_launcher ${target} ${_lang}_COMPILER_LAUNCHER)
      if(NOT _launcher)
        set(_launcher "${CMAKE_${_lang}_COMPILER_LAUNCHER}")
      endif()
      set(_env "HOTPATH_CONFIG=${_config}")
      if(_launcher MATCHES "ccache")
        # ccache hashes the command line, not files the plugin reads.
        list(APPEND _env "CCACHE_EXTRAFILES=${_config}:${_plugin}")
      endif()
      set(_cmd "${CMAKE_COMMAND}" -E env ${_env} ${_launcher})
      set_target_properties(${target} PROPERTIES ${_lang}_COMPILER_LAUNCHER "${_cmd}")
    endforeach()
  endif()

  # Dependencies: the config (named, or the files discovery finds for the
  # target's sources) and the plugin. They go into each object's depfile
  # through clang's -fdepfile-entry, a compile option of this target only:
  # OBJECT_DEPENDS is a property of the source file, shared by every target
  # in the directory that compiles it, whatever config each one uses.
  set(_deps "${_plugin}")
  if(_config)
    list(APPEND _deps "${_config}")
  else()
    get_target_property(_srcs ${target} SOURCES)
    get_target_property(_srcdir ${target} SOURCE_DIR)
    foreach(_src IN LISTS _srcs)
      if(_src MATCHES "^\\$<")
        continue()
      endif()
      get_filename_component(_abs "${_src}" ABSOLUTE BASE_DIR "${_srcdir}")
      get_filename_component(_dir "${_abs}" DIRECTORY)
      _hotpath_discover("${_dir}" _found)
      if(_found)
        list(APPEND _deps "${_found}")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES _deps)
  endif()
  foreach(_dep IN LISTS _deps)
    target_compile_options(${target} PRIVATE
      "$<${_cl}:SHELL:-Xclang -fdepfile-entry=${_dep}>")
  endforeach()
  if(_plugin_target)
    add_dependencies(${target} ${_plugin_target})
  endif()

  set(_rt hotpath::rt)
  if(ARG_STATIC)
    if(_type MATCHES "^(SHARED|MODULE)_LIBRARY$")
      message(WARNING
        "hotpath_instrument(${target}): STATIC puts a copy of the runtime in a "
        "shared object; a process must have one runtime. Use the shared "
        "runtime when measured code lives in shared libraries.")
    endif()
    set(_rt hotpath::rt_static)
  endif()
  # Like target_link_libraries(PRIVATE), but without forcing the keyword
  # signature on the caller's own target_link_libraries() calls.
  set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES ${_rt})
  if(_type MATCHES "^(STATIC|OBJECT)_LIBRARY$")
    set_property(TARGET ${target} APPEND PROPERTY
      INTERFACE_LINK_LIBRARIES "$<LINK_ONLY:${_rt}>")
    # The runtime's link options (the sanitizers' runtimes, when hotpath was
    # built with them) reach the final link through LINK_ONLY only under
    # policy CMP0099, which a target of an older project does not have.
    get_target_property(_rt_link_options ${_rt} INTERFACE_LINK_OPTIONS)
    if(_rt_link_options)
      set_property(TARGET ${target} APPEND PROPERTY
        INTERFACE_LINK_OPTIONS ${_rt_link_options})
    endif()
  endif()
  set_property(TARGET ${target} PROPERTY HOTPATH_INSTRUMENTED TRUE)
  if(_config)
    set_property(TARGET ${target} PROPERTY HOTPATH_CONFIG "${_config}")
  endif()
endfunction()

cmake_policy(POP)
