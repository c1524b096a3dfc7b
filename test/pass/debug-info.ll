; REQUIRES: llvm-19
; With debug info: the marker keeps the original DISubprogram (the body's
; locations and variables refer to it); the wrapper gets a distinct copy
; without the variables; the call of the body is at the scope line of the
; function it is in, and what hotpath adds (the hooks' calls) is there too,
; inside an inlined call of the artificial `__hotpath_gate`, so that CPU
; samples there are told apart as the cost of measuring; the descriptor
; takes file and line from the DISubprogram. The verifier checks the result (the `verify` pass).
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

; CHECK: @__hotpath_str{{.*}} = private unnamed_addr constant [13 x i8] c"/src/a/dbg.c\00"
; CHECK: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} ptr @__hotpath_str{{.*}}, i32 7, i32 0 }

; CHECK:       define dso_local i32 @square(i32 noundef %0) #0 !dbg ![[WSP:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter({{.*}}) #{{[0-9]+}}, !dbg ![[GLOC:[0-9]+]]
; CHECK-NEXT:    %[[R:[0-9]+]] = notail call i32 @square.hotpath.{{[0-9]+}}(i32 noundef %0) #{{[0-9]+}}, !dbg ![[WLOC:[0-9]+]]
; CHECK-NEXT:    call void @__hotpath_exit({{.*}}) #{{[0-9]+}}, !dbg ![[GLOC]]
; CHECK-NEXT:    ret i32 %[[R]], !dbg ![[WLOC]]
; CHECK:       define internal i32 @square.hotpath.{{[0-9]+}}(i32 noundef %0) #{{[0-9]+}} !dbg ![[SP:[0-9]+]] {
; CHECK-NEXT:    %2 = alloca i32
; CHECK-NEXT:    call void asm sideeffect "", ""() #{{[0-9]+}}, !dbg ![[MLOC:[0-9]+]]
; CHECK-NEXT:    store i32 %0, ptr %2
; CHECK-NEXT:      #dbg_declare(ptr %2, ![[VAR:[0-9]+]], !DIExpression(), ![[VLOC:[0-9]+]])
; CHECK:       ![[WSP]] = distinct !DISubprogram(name: "square", scope: !{{[0-9]+}}, file: !{{[0-9]+}}, line: 7, type: !{{[0-9]+}}, scopeLine: 8, {{.*}}unit: !0){{$}}
; CHECK:       ![[GLOC]] = !DILocation(line: 8, scope: ![[GSP:[0-9]+]], inlinedAt: ![[WLOC]])
; CHECK:       ![[GSP]] = distinct !DISubprogram(name: "__hotpath_gate", linkageName: "__hotpath_gate", scope: !1, file: !1, line: 8, {{.*}}flags: DIFlagArtificial, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0)
; CHECK:       ![[WLOC]] = !DILocation(line: 8, scope: ![[WSP]])
; CHECK:       ![[SP]] = distinct !DISubprogram(name: "square", scope: !{{[0-9]+}}, file: !{{[0-9]+}}, line: 7, type: !{{[0-9]+}}, scopeLine: 8, {{.*}}unit: !0, retainedNodes: ![[NODES:[0-9]+]])
; CHECK:       ![[NODES]] = !{![[VAR]]}
; CHECK:       ![[VAR]] = !DILocalVariable(name: "x", arg: 1, scope: ![[SP]]
; CHECK:       ![[MLOC]] = !DILocation(line: 8, scope: ![[SP]])
; CHECK:       ![[VLOC]] = !DILocation(line: 7, column: 16, scope: ![[SP]])
source_filename = "dbg.c"

define dso_local i32 @square(i32 noundef %0) #0 !dbg !9 {
  %2 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !14, !DIExpression(), !20)
  %3 = mul nsw i32 %0, %0, !dbg !25
  ret i32 %3, !dbg !28
}

attributes #0 = { nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "dbg.c", directory: "/src/a")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!9 = distinct !DISubprogram(name: "square", scope: !1, file: !1, line: 7, type: !10, scopeLine: 8, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !13)
!10 = !DISubroutineType(types: !11)
!11 = !{!12, !12}
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{!14}
!14 = !DILocalVariable(name: "x", arg: 1, scope: !9, file: !1, line: 7, type: !12)
!20 = !DILocation(line: 7, column: 16, scope: !9)
!25 = !DILocation(line: 8, column: 13, scope: !9)
!28 = !DILocation(line: 8, column: 3, scope: !9)
