#!/usr/bin/env bash
# Lua 5.4 (Debian's source package, fetched with `apt-get source`, never
# committed here) built with the plugin and include = [".*"]: a C code base
# that recovers from errors with setjmp/longjmp (luaD_throw). The Lua
# scripts in lua/ raise and catch errors deep in recursion and inside
# coroutines; the instrumented Lua must print the same and exit the same
# as a plain one, and its report must agree with a trace of every hook:
# each function's calls equal its entries (frames skipped by longjmp are
# closed exactly once), no duration is negative or longer than the run.
#
#   lua.sh <hotpath build dir> <work dir> <clang>
set -euo pipefail
OBJ=$1 WORK=$2 CC=$3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
cd "$WORK"

# The source: a copy cached in the work dir, else `apt-get source` (needs
# the deb-src entry that scripts/setup.sh adds).
SRC=$(ls -d "$WORK"/lua5.4-*/src 2>/dev/null | head -1 || true)
if [ -z "$SRC" ]; then
  apt-get source -q lua5.4 >source.log 2>&1 ||
    { cat source.log; echo "lua.sh: apt-get source lua5.4 failed (deb-src missing? run scripts/setup.sh)"; exit 1; }
  SRC=$(ls -d "$WORK"/lua5.4-*/src | head -1)
fi
echo "source: $SRC"
FILES=$(ls "$SRC"/*.c | grep -v '/luac\.c$')

cat >hotpath.toml <<TOML
[functions]
include = [".*"]
main = true
TOML
# Debian's patched luaconf.h includes a header that its build generates.
echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' >lua5.4-deb-multiarch.h
# A fixed string-hash seed (Lua mixes time and addresses into it): table
# layouts, and so the counts of its hash-table functions, are then the same
# from run to run.
DEFS="-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I$WORK -w -Dluai_makeseed(L)=0x5eed"

t0=$SECONDS
"$CC" -O2 $DEFS $FILES -lm -ldl -o lua.plain >build.log 2>&1 || { cat build.log; exit 1; }
# One set of instrumented objects per level, one binary linked to the
# shared runtime, run once with the runtime and once with the trace hooks
# (test/support/trace_hooks.c) in its place: the very same binary, without
# address randomisation (setarch -R), since Lua hashes some registry keys
# by address and a different layout changes its hash-table functions' counts.
mkdir -p trace
"$CC" -shared -o trace/libhotpath_rt.so -Wl,-soname,libhotpath_rt.so \
  -Wl,--whole-archive "$OBJ/test/support/libhotpath_trace_hooks.a" \
  -Wl,--no-whole-archive -lpthread
for opt in O0 O2; do
  mkdir -p obj.$opt
  (cd obj.$opt && HOTPATH_CONFIG=$WORK/hotpath.toml "$CC" -$opt -gdwarf-4 $DEFS \
    -fpass-plugin="$OBJ/pass/libhotpath.so" -c $FILES) >build.log 2>&1 ||
    { head -50 build.log; exit 1; }
  "$CC" obj.$opt/*.o -L"$OBJ/runtime" -lhotpath_rt -lm -ldl -o lua.$opt
done
echo "built in $((SECONDS - t0)) s"

for script in "$HERE"/lua/*.lua; do
  name=$(basename "$script" .lua)
  for arg in "" uncaught; do
    tag=$name${arg:+-$arg}
    set +e
    ./lua.plain "$script" $arg >$tag.expected 2>&1
    rc=$?
    set -e
    for opt in O0 O2; do
      set +e
      env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=$WORK/$tag.$opt.json \
        LD_LIBRARY_PATH=$OBJ/runtime setarch "$(uname -m)" -R \
        ./lua.$opt "$script" $arg >$tag.$opt.out 2>&1
      orc=$?
      env HOTPATH_TRACE_FILE=$WORK/$tag.$opt.trace LD_LIBRARY_PATH=$WORK/trace \
        setarch "$(uname -m)" -R ./lua.$opt "$script" $arg >/dev/null 2>&1
      trc=$?
      set -e
      [ $orc = $rc ] && [ $trc = $rc ] ||
        { echo "FAIL $tag ($opt): exit $orc (trace build $trc), plain $rc"; exit 1; }
      # lua.c names itself (argv[0]) in uncaught errors.
      diff -u <(sed 's|^\./lua\.plain:|lua:|' $tag.expected) \
        <(sed "s|^\./lua\.$opt:|lua:|" $tag.$opt.out) ||
        { echo "FAIL $tag ($opt): output differs from the plain build"; exit 1; }
      python3 "$HERE/lua_check.py" $tag.$opt.json $tag.$opt.trace
    done
    # The same counts at -O0 and -O2.
    python3 "$HERE/lua_check.py" --same $tag.O0.json $tag.O2.json
  done
done
echo "1 passed, 0 failed"
