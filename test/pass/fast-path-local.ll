; REQUIRES: llvm-19
; Code for an executable (no "PIC Level" here, as with -fno-pic; -fPIE
; too: fast-path-forms.c) gets the gate in the executable's form (abi.h,
; HOTPATH_FN_LOCAL_GATE, 32): the runtime's state at link-time addresses,
; `%fs:__hotpath_fast@tpoff` and `__hotpath_epoch(%rip)`, which the module
; defines itself, weak and initially off (epoch ~0), kept by
; llvm.compiler.used (the gates name them only in their text) and marked
; as the pass's own. The restore writes %fs:__hotpath_fast@tpoff+4 with no
; scratch register. A module without wrappers defines nothing.
; A function defined once in the program (external or internal linkage)
; counts in a thread-local countdown of its own, decremented in place
; (`decq` of a memory operand, which codegen makes
; %fs:__hotpath_countdown.<N>@tpoff: fast-path-forms.c), and the id is
; read only for the current call; the constructor hands the runtime each
; countdown's address (__hotpath_register_countdowns). An inline function
; (linkonce_odr, a copy in every unit that uses it) keeps the table.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/empty.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s --check-prefix=NONE

target triple = "x86_64-pc-linux-gnu"

declare void @may_throw()

; CHECK: @__hotpath_countdown.[[A:[0-9]+]] = internal thread_local(localexec) global i64 0, align 8
; CHECK: @__hotpath_desc.[[A]] = internal global {{.*}} { i32 5, i32 48, i64
; CHECK: @__hotpath_countdown.[[T:[0-9]+]] = internal thread_local(localexec) global i64 0, align 8
; CHECK: @__hotpath_desc.[[T]] = internal global {{.*}} { i32 5, i32 48, i64
; CHECK-NOT: @__hotpath_countdown.
; CHECK: @__hotpath_desc.[[I:[0-9]+]] = internal global {{.*}} { i32 5, i32 48, i64
; CHECK: @__hotpath_fast = weak thread_local(localexec) global { i32, i32, i64, ptr } { i32 -1, i32 0, i64 0, ptr null }, align 8, !hotpath.runtime_state
; CHECK: @__hotpath_epoch = weak global i32 0, align 4, !hotpath.runtime_state
; CHECK: @llvm.compiler.used = appending global {{.*}}@__hotpath_fast{{.*}}@__hotpath_epoch
; CHECK: @__hotpath_countdowns = internal global [3 x i64] zeroinitializer

; CHECK-LABEL: define internal void @hotpath.module_ctor()
; CHECK:         [[CA:%[0-9]+]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr align 8 @__hotpath_countdown.[[A]])
; CHECK-NEXT:    [[IA:%[0-9]+]] = ptrtoint ptr [[CA]] to i64
; CHECK-NEXT:    store i64 [[IA]], ptr @__hotpath_countdowns, align 8
; CHECK-NEXT:    [[CT:%[0-9]+]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr align 8 @__hotpath_countdown.[[T]])
; CHECK-NEXT:    [[IT:%[0-9]+]] = ptrtoint ptr [[CT]] to i64
; CHECK-NEXT:    store i64 [[IT]], ptr getelementptr inbounds ([3 x i64], ptr @__hotpath_countdowns, i64 0, i64 1), align 8
; CHECK-NEXT:    call void @__hotpath_register_countdowns(ptr @__hotpath_descs, i64 3, i32 5, ptr @__hotpath_countdowns)

; CHECK-LABEL: define i32 @add(i32 %a, i32 %b)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[OA:%[0-9]+]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr align 8 @__hotpath_countdown.[[A]])
; CHECK-NEXT:    callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx\0A\09cmpl __hotpath_epoch(%rip), %ecx\0A\09jne ${2:l}\0A\09decq $1\0A\09jle ${2:l}", "*m,*m,!i,~{rcx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({ i32, i32, i64, ptr, ptr, ptr, i32, i32 }, ptr @__hotpath_desc.[[A]], i32 0, i32 7), ptr elementtype(i64) [[OA]])
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
define i32 @add(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}

; CHECK-LABEL: define void @calls_out()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[OT:%[0-9]+]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr align 8 @__hotpath_countdown.[[T]])
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx\0A\09cmpl __hotpath_epoch(%rip), %ecx\0A\09jne ${3:l}\0A\09decq $2\0A\09jle ${3:l}\0A\09movl $1, %ecx\0A\09movl %fs:__hotpath_fast@tpoff+4, ${0:k}\0A\09movl %ecx, %fs:__hotpath_fast@tpoff+4", "=&r,*m,*m,!i,~{rcx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({ i32, i32, i64, ptr, ptr, ptr, i32, i32 }, ptr @__hotpath_desc.[[T]], i32 0, i32 7), ptr elementtype(i64) [[OT]])
; CHECK:       hotpath.fast.ret:
; CHECK-NEXT:    call void asm sideeffect "movl ${0:k}, %fs:__hotpath_fast@tpoff+4", "r,~{memory},~{dirflag},~{fpsr}"(i64 %hotpath.saved)
define void @calls_out() {
  call void @may_throw()
  ret void
}

; CHECK-LABEL: define linkonce_odr i32 @inl(i32 %a) comdat
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx\0A\09cmpl __hotpath_epoch(%rip), %ecx\0A\09jne ${1:l}\0A\09movl $0, %ecx\0A\09movq %fs:__hotpath_fast@tpoff+16, %rdx\0A\09decq 2097152(%rdx,%rcx,8)\0A\09jle ${1:l}", "*m,!i,~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({ i32, i32, i64, ptr, ptr, ptr, i32, i32 }, ptr @__hotpath_desc.[[I]], i32 0, i32 7))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
$inl = comdat any
define linkonce_odr i32 @inl(i32 %a) comdat {
  %s = mul i32 %a, 3
  ret i32 %s
}

; NONE-NOT: @__hotpath_fast
; NONE-NOT: @__hotpath_epoch
