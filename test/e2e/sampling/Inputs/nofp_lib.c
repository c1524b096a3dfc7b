/* Library code without frame pointers (no-frame-pointers.c), as glibc's:
 * compiled with -fomit-frame-pointer and not measured. */
__attribute__((noinline)) unsigned long nofp_inner(long N) {
  volatile unsigned long Buf[64]; /* a frame of its own on the stack */
  unsigned long S = 0;
  for (long I = 0; I < N; ++I) {
    Buf[I & 63] = (unsigned long)I * 7;
    S += Buf[(I * 5) & 63];
  }
  return S;
}

/* Calls nofp_inner: two frames the frame-pointer walk cannot see. */
__attribute__((noinline)) unsigned long nofp_outer(long N) {
  return nofp_inner(N) + 1;
}

/* Uses the frame-pointer register for something else (0) while it runs,
 * as large glibc functions do: the kernel's walk from it finds nothing.
 * The compiler saves and restores the register around it, and says so in
 * the call-frame information. */
__attribute__((noinline)) unsigned long nofp_clobbers_bp(long N) {
  unsigned long S = 0;
  __asm__ volatile("xorl %%ebp, %%ebp\n\t"
                   "1:\n\t"
                   "addq %1, %0\n\t"
                   "decq %1\n\t"
                   "jnz 1b"
                   : "+r"(S), "+r"(N)
                   :
                   : "rbp", "cc");
  return S;
}
