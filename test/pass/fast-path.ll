; REQUIRES: llvm-19
; The wrapper's fast path (pass/WrapperFastPath.cpp) on x86-64 Linux ELF: one
; callbr gate that makes the function the thread's current one and returns
; the caller's (unless it is self-contained); its fast block calls the
; marker, which the inliner may take, then restores the caller's current
; function (in a cleanup too when the body may unwind); its hooked block tail-calls a thunk with the
; enter/marker/exit sequence (a plain call when an argument lives in the
; caller's frame), the marker call `noinline`; records carry
; HOTPATH_FN_FAST_PATH (16). The gate, the restore, the hooks and the
; marker's pin touch only the runtime's memory.
; No gate for in-place functions (varargs), main, nor other targets.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -mtriple=aarch64-linux-gnu -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOGATE --implicit-check-not=callbr --implicit-check-not=hotpath.fast --implicit-check-not=hotpath_hooked
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -mtriple=x86_64-apple-macosx -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOGATE --implicit-check-not=callbr --implicit-check-not=hotpath.fast --implicit-check-not=hotpath_hooked
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -mtriple=x86_64-linux-gnux32 -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NOGATE --implicit-check-not=callbr --implicit-check-not=hotpath.fast --implicit-check-not=hotpath_hooked

target triple = "x86_64-pc-linux-gnu"

%struct.Big = type { [8 x i64] }

declare void @may_throw()

; Flags: 16 for wrappers with the gate, 2 (in place) for sum, 0 for main
; (4 only with main = true: main.ll).
; CHECK: @__hotpath_desc.[[A:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[B:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[S:[0-9]+]] = internal global {{.*}} { i32 5, i32 2, i64
; CHECK: @__hotpath_desc.[[T:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[L:[0-9]+]] = internal global {{.*}} { i32 5, i32 16, i64
; CHECK: @__hotpath_desc.[[M:[0-9]+]] = internal global {{.*}} { i32 5, i32 0, i64

; Other targets: no gate anywhere (implicit-check-not), no flag 16.
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 2, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; NOGATE-LABEL: define i32 @_Z3addii(i32 %a, i32 %b)
; NOGATE-NEXT:  entry:
; NOGATE-NEXT:    call void @__hotpath_enter(
; NOGATE-LABEL: define void @_Z5throwv()
; NOGATE-NEXT:  entry:
; NOGATE-NEXT:    call void @__hotpath_enter(
; NOGATE-NEXT:    invoke void @_Z5throwv.hotpath.

; The gate reads desc.runtime_id (field 7) as its memory operand.
; CHECK-LABEL: define i32 @_Z3addii(i32 %a, i32 %b) #0 {
; CHECK-NEXT:  entry:
; It calls nothing: self-contained (fast-path-self-contained.ll), it
; cannot allocate, and its gate leaves the current function as it is.
; CHECK-NEXT:    callbr void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax\0A\09movl %fs:(%rax), %ecx\0A\09movq __hotpath_epoch@GOTPCREL(%rip), %rdx\0A\09cmpl (%rdx), %ecx\0A\09jne ${1:l}\0A\09movl $0, %ecx\0A\09movq %fs:16(%rax), %rdx\0A\09decq 2097152(%rdx,%rcx,8)\0A\09jle ${1:l}", "*m,!i,~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({ i32, i32, i64, ptr, ptr, ptr, i32, i32 }, ptr @__hotpath_desc.[[A]], i32 0, i32 7)) #[[GATE:[0-9]+]]
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    %[[F:[0-9]+]] = call i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b)
; CHECK-NEXT:    ret i32 %[[F]]
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    %[[H:[0-9]+]] = tail call i32 @_Z3addii.hotpath_hooked.[[A]](i32 %a, i32 %b)
; CHECK-NEXT:    ret i32 %[[H]]
; CHECK-NEXT:  }
; The marker: the function's own attributes, nothing that stops inlining.
; CHECK:       define internal i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b) #0 {
; CHECK-NEXT:    call void asm sideeffect "", ""() #[[PIN:[0-9]+]]
; (the restore and the pin: the same attributes, nounwind, runtime memory)
; CHECK-NEXT:    %s = add i32 %a, %b
; The thunk: never inlined, and its call of the marker never inlined either.
; CHECK:       define internal i32 @_Z3addii.hotpath_hooked.[[A]](i32 %a, i32 %b) #[[THUNK:[0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[A]])
; CHECK-NEXT:    %[[R:[0-9]+]] = notail call i32 @_Z3addii.hotpath.[[A]](i32 %a, i32 %b) #[[NOINLINE:[0-9]+]]
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[A]])
; CHECK-NEXT:    ret i32 %[[R]]
; CHECK-NEXT:  }
define i32 @_Z3addii(i32 %a, i32 %b) nounwind {
  %s = add i32 %a, %b
  ret i32 %s
}

; byval memory is in the wrapper's caller's argument area: no `tail`.
; CHECK-LABEL: define void @_Z4take3Big(ptr byval(%struct.Big) align 8 %b)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm sideeffect {{.*}}@__hotpath_desc.[[B]], i32 0, i32 7))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    {{^}}  call void @_Z4take3Big.hotpath.[[B]](ptr byval(%struct.Big) align 8 %b)
; CHECK-NEXT:    ret void
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    {{^}}  call void @_Z4take3Big.hotpath_hooked.[[B]](ptr byval(%struct.Big) align 8 %b)
; CHECK:       define internal void @_Z4take3Big.hotpath_hooked.[[B]](ptr byval(%struct.Big) align 8 %b)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[B]])
; CHECK-NEXT:    notail call void @_Z4take3Big.hotpath.[[B]](ptr byval(%struct.Big) align 8 %b)
define void @_Z4take3Big(ptr byval(%struct.Big) align 8 %b) nounwind {
  ret void
}

; Hooks in place: no wrapper, no gate.
; CHECK-LABEL: define i32 @_Z3sumiz(i32 %n, ...)
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[S]])
; CHECK-NOT:     callbr
; CHECK:         ret i32 %n
define i32 @_Z3sumiz(i32 %n, ...) nounwind {
  ret i32 %n
}

; A body that calls outside the module: its gate makes it the current
; function and returns the caller's, which the fast block restores; as the
; body may unwind, in a cleanup too. The thunk keeps invoke + cleanup.
; CHECK-LABEL: define void @_Z5throwv() personality ptr @__gxx_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax\0A\09movl %fs:(%rax), %ecx\0A\09movq __hotpath_epoch@GOTPCREL(%rip), %rdx\0A\09cmpl (%rdx), %ecx\0A\09jne ${2:l}\0A\09movl $1, %ecx\0A\09movq %fs:16(%rax), %rdx\0A\09decq 2097152(%rdx,%rcx,8)\0A\09jle ${2:l}\0A\09movl %fs:4(%rax), ${0:k}\0A\09movl %ecx, %fs:4(%rax)", "=&r,*m,!i,~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({ i32, i32, i64, ptr, ptr, ptr, i32, i32 }, ptr @__hotpath_desc.[[T]], i32 0, i32 7)) #[[GATE]]
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    invoke void @_Z5throwv.hotpath.[[T]]()
; CHECK-NEXT:            to label %hotpath.fast.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.hooked:
; CHECK-NEXT:    tail call void @_Z5throwv.hotpath_hooked.[[T]]()
; CHECK-NEXT:    ret void
; CHECK:       hotpath.fast.ret:
; CHECK-NEXT:    call void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %r11\0A\09movl ${0:k}, %fs:4(%r11)", "r,~{r11},~{memory},~{dirflag},~{fpsr}"(i64 %hotpath.saved) #[[RESTORE:[0-9]+]]
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[FLP:[0-9]+]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void asm sideeffect {{.*}}(i64 %hotpath.saved) #[[RESTORE]]
; CHECK-NEXT:    resume { ptr, i32 } %[[FLP]]
; CHECK:       define internal void @_Z5throwv.hotpath_hooked.[[T]]() #{{[0-9]+}} personality ptr @__gxx_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[T]])
; CHECK-NEXT:    invoke void @_Z5throwv.hotpath.[[T]]() #[[NOINLINE]]
; CHECK-NEXT:            to label %hotpath.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.ret:
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[T]])
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[0-9]+]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[T]])
; CHECK-NEXT:    resume { ptr, i32 } %[[LP]]
; CHECK-NEXT:  }
define void @_Z5throwv() {
  call void @may_throw()
  ret void
}

; An inline function: marker and thunk fold across translation units
; (linkonce_odr, hidden, a comdat of their own each).
; CHECK-LABEL: define linkonce_odr i32 @_Z4linki(i32 %x) #0 comdat {
; CHECK:       define linkonce_odr hidden i32 @_Z4linki.hotpath.[[L]](i32 %x) #0 comdat {
; CHECK:       define linkonce_odr hidden i32 @_Z4linki.hotpath_hooked.[[L]](i32 %x) #[[THUNK]] comdat {
$_Z4linki = comdat any
define linkonce_odr i32 @_Z4linki(i32 %x) nounwind comdat {
  ret i32 %x
}

; main runs once: the plain hook sequence.
; CHECK-LABEL: define i32 @main()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[M]])
; CHECK-NEXT:    notail call i32 @main.hotpath.[[M]]()
; CHECK-NOT:     callbr
; CHECK:       define internal i32 @main.hotpath.[[M]]()
; CHECK-NOT:   @main.hotpath_hooked

; The hooks read their record and write the runtime's memory, as do the
; gate and the marker's pin: the program's loads and stores optimise across.
; CHECK:       declare void @__hotpath_enter(ptr) #[[HOOK:[0-9]+]]
; CHECK:       declare void @__hotpath_exit(ptr) #[[HOOK]]
; CHECK-DAG:   attributes #[[THUNK]] = { noinline nounwind }
; CHECK-DAG:   attributes #[[NOINLINE]] = { noinline }
; CHECK-DAG:   attributes #[[HOOK]] = { nounwind nonlazybind memory(argmem: read, inaccessiblemem: readwrite) }
; CHECK-DAG:   attributes #[[GATE]] = { memory(argmem: read, inaccessiblemem: readwrite) }
; CHECK-DAG:   attributes #[[PIN]] = { nounwind memory(inaccessiblemem: readwrite) }
define i32 @main() nounwind {
  %r = call i32 @_Z3addii(i32 1, i32 2)
  ret i32 %r
}

; Code for a shared library: the gate reaches the runtime state through the GOT
; (fast-path-local.ll has the form of code for an executable).
!llvm.module.flags = !{!900}
!900 = !{i32 8, !"PIC Level", i32 2}
