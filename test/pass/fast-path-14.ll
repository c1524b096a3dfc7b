; REQUIRES: llvm-14
; LLVM 14 (typed pointers) version of fast-path.ll: the gate's label is also
; a blockaddress operand ("i" constraint instead of "!i"), the descriptor
; is bitcast to i8* for the hooks; same blocks, thunks and flags.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -mtriple=aarch64-linux-gnu -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOGATE --implicit-check-not=callbr --implicit-check-not=hotpath.fast --implicit-check-not=hotpath_hooked
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -mtriple=x86_64-apple-macosx -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOGATE --implicit-check-not=callbr --implicit-check-not=hotpath.fast --implicit-check-not=hotpath_hooked

target triple = "x86_64-pc-linux-gnu"

%struct.Big = type { [8 x i64] }

declare void @may_throw()

; CHECK: @__hotpath_desc.[[A:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[B:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[S:[0-9]+]] = internal global {{.*}} { i32 5, i32 2, i64
; CHECK: @__hotpath_desc.[[T:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[M:[0-9]+]] = internal global {{.*}} { i32 5, i32 0, i64

; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 2, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE-LABEL: define i32 @_Z3addii(i32 %a, i32 %b)
; NOGATE-NEXT:  entry:
; NOGATE-NEXT:    call void @__hotpath_enter(

; CHECK-LABEL: define i32 @_Z3addii(i32 %a, i32 %b) #0 {
; CHECK-NEXT:  entry:
; Self-contained (fast-path-self-contained.ll): no current function.
; CHECK-NEXT:    callbr void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax\0A\09movl %fs:(%rax), %ecx\0A\09movq __hotpath_epoch@GOTPCREL(%rip), %rdx\0A\09cmpl (%rdx), %ecx\0A\09jne ${1:l}\0A\09movl $0, %ecx\0A\09movq %fs:16(%rax), %rdx\0A\09decq 2097152(%rdx,%rcx,8)\0A\09jle ${1:l}", "*m,i,~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}"(i32* elementtype(i32) getelementptr inbounds ({ i32, i32, i64, i8*, i8*, i8*, i32, i32 }, { i32, i32, i64, i8*, i8*, i8*, i32, i32 }* @__hotpath_desc.[[A]], i32 0, i32 7), i8* blockaddress(@_Z3addii, %hotpath.hooked))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    %[[F:[0-9]+]] = call i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b)
; CHECK-NEXT:    ret i32 %[[F]]
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    %[[H:[0-9]+]] = tail call i32 @_Z3addii.hotpath_hooked.[[A]](i32 %a, i32 %b)
; CHECK-NEXT:    ret i32 %[[H]]
; CHECK-NEXT:  }
; CHECK:       define internal i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b) #0 {
; CHECK:       define internal i32 @_Z3addii.hotpath_hooked.[[A]](i32 %a, i32 %b) #[[THUNK:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(i8* bitcast ({{.*}}* @__hotpath_desc.[[A]] to i8*))
; CHECK-NEXT:    %[[R:[0-9]+]] = notail call i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b) #[[NOINLINE:[0-9]+]]
; CHECK-NEXT:    call void @__hotpath_exit(i8* bitcast ({{.*}}* @__hotpath_desc.[[A]] to i8*))
; CHECK-NEXT:    ret i32 %[[R]]
; CHECK-NEXT:  }
define i32 @_Z3addii(i32 %a, i32 %b) nounwind {
  %s = add i32 %a, %b
  ret i32 %s
}

; CHECK-LABEL: define void @_Z4take3Big(%struct.Big* byval(%struct.Big) align 8 %b)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm sideeffect {{.*}}@__hotpath_desc.[[B]], i32 0, i32 7), i8* blockaddress(@_Z4take3Big, %hotpath.hooked))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    {{^}}  call void @_Z4take3Big.hotpath.[[B]](%struct.Big* byval(%struct.Big) align 8 %b)
; CHECK-NEXT:    ret void
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    {{^}}  call void @_Z4take3Big.hotpath_hooked.[[B]](%struct.Big* byval(%struct.Big) align 8 %b)
; CHECK:       define internal void @_Z4take3Big.hotpath_hooked.[[B]](
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    notail call void @_Z4take3Big.hotpath.[[B]](%struct.Big* byval(%struct.Big) align 8 %b)
define void @_Z4take3Big(%struct.Big* byval(%struct.Big) align 8 %b) nounwind {
  ret void
}

; CHECK-LABEL: define i32 @_Z3sumiz(i32 %n, ...)
; CHECK-NEXT:    call void @__hotpath_enter(i8* bitcast ({{.*}}* @__hotpath_desc.[[S]] to i8*))
; CHECK-NOT:     callbr
; CHECK:         ret i32 %n
define i32 @_Z3sumiz(i32 %n, ...) nounwind {
  ret i32 %n
}

; CHECK-LABEL: define void @_Z5throwv() personality i32 (...)* @__gxx_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm sideeffect "{{.*}}jle ${2:l}\0A\09movl %fs:4(%rax), ${0:k}\0A\09movl %ecx, %fs:4(%rax)", "=&r,*m,i,{{.*}}@__hotpath_desc.[[T]], i32 0, i32 7), i8* blockaddress(@_Z5throwv, %hotpath.hooked))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    invoke void @_Z5throwv.hotpath.[[T]]()
; CHECK-NEXT:            to label %hotpath.fast.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    tail call void @_Z5throwv.hotpath_hooked.[[T]]()
; CHECK-NEXT:    ret void
; CHECK:       hotpath.fast.ret:
; CHECK-NEXT:    call void asm sideeffect {{.*}}(i64 %hotpath.saved)
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    landingpad { i8*, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void asm sideeffect {{.*}}(i64 %hotpath.saved)
; CHECK-NEXT:    resume
; CHECK:       define internal void @_Z5throwv.hotpath_hooked.[[T]]() #{{[0-9]+}} personality i32 (...)* @__gxx_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    invoke void @_Z5throwv.hotpath.[[T]]() #[[NOINLINE]]
; CHECK-NEXT:            to label %hotpath.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.ret:
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[0-9]+]] = landingpad { i8*, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    resume { i8*, i32 } %[[LP]]
; CHECK-NEXT:  }
define void @_Z5throwv() {
  call void @may_throw()
  ret void
}

; CHECK-LABEL: define i32 @main()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(i8* bitcast ({{.*}}* @__hotpath_desc.[[M]] to i8*))
; CHECK-NEXT:    notail call i32 @main.hotpath.[[M]]()
; CHECK-NOT:     callbr
; CHECK:       define internal i32 @main.hotpath.[[M]]()
; CHECK-NOT:   @main.hotpath_hooked
; CHECK:       declare void @__hotpath_enter(i8*) #[[HOOK:[0-9]+]]
; CHECK-DAG:   attributes #[[THUNK]] = { noinline nounwind }
; CHECK-DAG:   attributes #[[NOINLINE]] = { noinline }
; CHECK-DAG:   attributes #[[HOOK]] = { inaccessiblemem_or_argmemonly nounwind nonlazybind }
; CHECK-DAG:   = { inaccessiblemem_or_argmemonly }
; CHECK-DAG:   = { inaccessiblememonly nounwind }
define i32 @main() nounwind {
  %r = call i32 @_Z3addii(i32 1, i32 2)
  ret i32 %r
}

; Code for a shared library: the gate reaches the runtime state through the GOT
; (fast-path-local.ll has the form of code for an executable).
!llvm.module.flags = !{!900}
!900 = !{i32 7, !"PIC Level", i32 2}
