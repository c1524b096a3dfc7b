# lit configuration for every hotpath test suite (pass IR tests, clang-driven
# end-to-end tests). Paths come from lit.site.cfg.py, written by CMake.
import os
import shutil

import lit.formats
import lit.util

config.name = "hotpath"
config.test_format = lit.formats.ShTest(not lit.util.which("bash") is None)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.join(config.hotpath_src_root, "test")
config.test_exec_root = os.path.join(config.hotpath_obj_root, "test")

# lit passes only a few variables through, so HOTPATH_* settings of the
# developer's shell never reach a test.
config.environment["HOME"] = os.environ.get("HOME", "/tmp")
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.join(config.hotpath_obj_root, "tools"),
     os.environ.get("PATH", "")])
if os.environ.get("CI"):
    config.environment["CI"] = os.environ["CI"]
# Most tests check the figures of a mode that times every call: they run in
# it unless they set HOTPATH_TIME_SAMPLING_RATE themselves (`env` overrides
# this), and the tests of the default mode unset it (`env -u
# HOTPATH_TIME_SAMPLING_RATE`, test/e2e/default-mode/).
config.environment["HOTPATH_TIME_SAMPLING_RATE"] = "1"

# The sanitizer build (HOTPATH_SANITIZE): the runtime and tool carry ASan
# and UBSan, so every program a test builds with the plugin is compiled and
# linked with the same flags (%clang, %clangxx; %plainclang stays plain: its
# programs are references that never see hotpath). Valgrind is absent: it
# cannot run ASan programs.
san = ""
config.hotpath_san_flags = ""
if config.sanitize:
    config.available_features.add("sanitizer")
    san = " " + config.sanitize_flags
    config.hotpath_san_flags = san
    # Leak checks on: what the runtime allocates it frees or keeps
    # reachable, and a leak fails the test like any other finding. The first
    # finding ends the program with status 1, which fails its RUN line
    # (abort_on_error stays off: no core dumps). UBSan prints no stack
    # unless asked, and the build already makes its findings fatal.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

v = config.llvm_version_major
config.available_features.add("llvm-" + v)
# LLVM built with assertions (-debug-only works) and with statistics
# (-stats: assertions, or LLVM_FORCE_ENABLE_STATS): release builds such as
# Debian's have neither.
import re
import subprocess
try:
    _cfg = os.path.join(config.llvm_tools_dir, "llvm-config")
    _asserts = subprocess.run([_cfg, "--assertion-mode"], capture_output=True, text=True,
                              timeout=60).stdout.strip() == "ON"
    _inc = subprocess.run([_cfg, "--includedir"], capture_output=True, text=True, timeout=60).stdout.strip()
    _hdr = open(os.path.join(_inc, "llvm", "Config", "llvm-config.h")).read()
    if _asserts:
        config.available_features.add("llvm-asserts")
    if _asserts or re.search(r"#define LLVM_FORCE_ENABLE_STATS 1", _hdr):
        config.available_features.add("llvm-stats")
except (OSError, subprocess.SubprocessError):
    pass

obj = config.hotpath_obj_root
plugin = os.path.join(obj, "pass", "libhotpath.so")
bindir = config.llvm_tools_dir

subs = [
    ("%plugin", plugin),
    ("%opt", os.path.join(bindir, "opt") + " -load-pass-plugin=" + plugin),
    ("%clangxx", os.path.join(bindir, "clang++") + " -fpass-plugin=" + plugin + san),
    ("%clang", os.path.join(bindir, "clang") + " -fpass-plugin=" + plugin + san),
    ("%plainclangxx", os.path.join(bindir, "clang++")),
    ("%plainclang", os.path.join(bindir, "clang")),
    ("%FileCheck", os.path.join(bindir, "FileCheck")),
    ("%llvm-objdump", os.path.join(bindir, "llvm-objdump")),
    ("%src", config.hotpath_src_root),
    ("%include", os.path.join(config.hotpath_src_root, "include")),
    ("%python", config.python),
    ("%obj", obj),
]
if not config.plugin_only:
    config.available_features.add("runtime")
    rtdir = os.path.join(obj, "runtime")
    subs += [
        # Link flags for the shared and the static runtime.
        ("%rt_shared", "-L%s -Wl,-rpath,%s -lhotpath_rt" % (rtdir, rtdir)),
        ("%rt_static", os.path.join(rtdir, "libhotpath_rt.a") + " -lstdc++ -lpthread -ldl -lm"),
        ("%hotpath", os.path.join(obj, "tools", "hotpath")),
        ("%trace_hooks", os.path.join(obj, "test", "support", "libhotpath_trace_hooks.a")),
    ]
    if config.valgrind and os.path.exists(config.valgrind) and not config.sanitize:
        config.available_features.add("valgrind")
        subs.append(("%valgrind", config.valgrind))
    # `postgresql`: a server the tests can start (Debian's postgresql, run
    # as its postgres user: it refuses root).
    import glob
    import pwd
    try:
        if glob.glob("/usr/lib/postgresql/*/bin/initdb") and \
                (os.getuid() != 0 or pwd.getpwnam("postgres")):
            config.available_features.add("postgresql")
    except KeyError:
        pass
    if os.path.exists("/usr/bin/prometheus-pushgateway"):
        config.available_features.add("pushgateway")
# Longer names first so that %clangxx is not read as %clang + "xx".
subs.sort(key=lambda s: -len(s[0]))
config.substitutions.extend(subs)
