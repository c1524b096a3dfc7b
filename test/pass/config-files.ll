; `files` globs select every function defined in matching files: the file
; comes from debug info (joined with its directory, normalised), else it is
; the translation unit's own path. Relative globs are relative to the
; directory of hotpath.toml. @INPUTS@ becomes this test's Inputs directory.
;
; RUN: sed 's|@INPUTS@|%S/Inputs|g' %s > %t.in.ll
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-files.toml HOTPATH_VERBOSE=2 \
; RUN:   %opt -passes=hotpath,verify -S %t.in.ll -o %t.ll 2> %t.err
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=WHY < %t.err
; RUN: grep -c '^define internal .*\.hotpath\.[0-9]*(' %t.ll \
; RUN:   | FileCheck %s --check-prefix=COUNT

; COUNT: 4

source_filename = "src/engine/main.cpp"

define i32 @engine_run(i32 %x) !dbg !10 {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@engine_run.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented engine_run (defined in {{.*}}Inputs/config-files/src/engine/run.cpp, which matches files glob 'config-files/src/engine/*.cpp' in config-files.toml:3)

; `*` does not cross a directory.
define i32 @engine_deep(i32 %x) !dbg !11 {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped engine_deep: no rule selects it

; "../lib/a/b/util.h" from the build directory: normalised before matching.
define i32 @header_fn(i32 %x) !dbg !12 {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@header_fn.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented header_fn (defined in {{.*}}Inputs/config-files/lib/a/b/util.h, which matches files glob 'config-files/lib/**/*.h' in config-files.toml:4)

; `**/` also matches no directory at all.
define i32 @header_top(i32 %x) !dbg !13 {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@header_top.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented header_top (defined in {{.*}}Inputs/config-files/lib/util.h, which matches files glob 'config-files/lib/**/*.h' in config-files.toml:4)

; No debug info: the translation unit's path (source_filename, made
; absolute against the compile directory).
define i32 @no_debug(i32 %x) {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@no_debug.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented no_debug (defined in {{.*}}Inputs/config-files/src/engine/main.cpp, which matches files glob 'config-files/src/engine/*.cpp' in config-files.toml:3)

; exclude wins over files.
define i32 @engine_excluded(i32 %x) !dbg !14 {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped engine_excluded: excluded by '^engine_excluded$' (config-files.toml:6)

define i32 @other(i32 %x) !dbg !15 {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped other: no rule selects it

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "src/engine/main.cpp", directory: "@INPUTS@/config-files")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIFile(filename: "src/engine/run.cpp", directory: "@INPUTS@/config-files")
!5 = !DIFile(filename: "src/engine/deep/x.cpp", directory: "@INPUTS@/config-files")
!6 = !DIFile(filename: "../lib/a/b/util.h", directory: "@INPUTS@/config-files/build")
!7 = !DIFile(filename: "lib/util.h", directory: "@INPUTS@/config-files")
!8 = !DIFile(filename: "src/other.cpp", directory: "@INPUTS@/config-files")
!10 = distinct !DISubprogram(name: "engine_run", scope: !4, file: !4, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!11 = distinct !DISubprogram(name: "engine_deep", scope: !5, file: !5, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!12 = distinct !DISubprogram(name: "header_fn", scope: !6, file: !6, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!13 = distinct !DISubprogram(name: "header_top", scope: !7, file: !7, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!14 = distinct !DISubprogram(name: "engine_excluded", scope: !4, file: !4, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!15 = distinct !DISubprogram(name: "other", scope: !8, file: !8, line: 1, type: !2, spFlags: DISPFlagDefinition, unit: !0)
