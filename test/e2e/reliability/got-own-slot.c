/* A program that rewrites its own GOT slot for pthread_mutex_lock (as
 * PLT-hooking libraries do) and leaves that RELRO page writable, from a
 * constructor, before the session begins (main = true). With lock
 * tracking off the runtime points the lock calls' GOT slots at glibc; it
 * rewrote this one too (the program's hook lost every call) and made the
 * page read-only again (the program's next write: SIGSEGV). It now
 * changes only slots that still hold what the loader bound (its
 * interposer, or the slot's own lazy PLT stub) and leaves the page's
 * protection as it found it.
 *
 * UNSUPPORTED: sanitizer
 * RUN: %plainclang -O2 %s -o %t.plain -pthread -ldl -Wl,-z,now -Wl,-z,relro
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t -pthread -ldl -Wl,-z,now -Wl,-z,relro %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --show --env HOTPATH_LOCKS=0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t | %FileCheck %s
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.plain %t
 * Lazy binding: the slot is in the writable GOT, still the loader's.
 * RUN: %plainclang -O2 %s -o %t.lazy.plain -pthread -ldl -Wl,-z,lazy
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t.lazy -pthread -ldl -Wl,-z,lazy %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_LOCKS=0 --env HOTPATH_OUTPUT_PATH=/dev/null %t.lazy.plain %t.lazy
 *
 * CHECK: hook saw 10 of 10 locks; slot page still writable: yes
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void **Slot;
static int HookCalls;
static int (*Next)(pthread_mutex_t *);

static int hookLock(pthread_mutex_t *M) {
  ++HookCalls;
  return Next(M);
}

/* The main program's JUMP_SLOT for pthread_mutex_lock. */
static int findSlot(struct dl_phdr_info *Info, size_t Size, void *Data) {
  (void)Size;
  (void)Data;
  if (Info->dlpi_name[0]) /* the main program only */
    return 0;
  const ElfW(Dyn) *Dyn = 0;
  for (int I = 0; I < Info->dlpi_phnum; ++I)
    if (Info->dlpi_phdr[I].p_type == PT_DYNAMIC)
      Dyn = (const ElfW(Dyn) *)(Info->dlpi_addr + Info->dlpi_phdr[I].p_vaddr);
  uintptr_t Rel = 0, Sym = 0, Str = 0, Sz = 0;
  for (; Dyn && Dyn->d_tag != DT_NULL; ++Dyn) {
    if (Dyn->d_tag == DT_JMPREL) Rel = Dyn->d_un.d_ptr;
    if (Dyn->d_tag == DT_PLTRELSZ) Sz = Dyn->d_un.d_val;
    if (Dyn->d_tag == DT_SYMTAB) Sym = Dyn->d_un.d_ptr;
    if (Dyn->d_tag == DT_STRTAB) Str = Dyn->d_un.d_ptr;
  }
  const ElfW(Rela) *R = (const ElfW(Rela) *)Rel;
  for (size_t K = 0; R && K < Sz / sizeof *R; ++K) {
    const ElfW(Sym) *S = (const ElfW(Sym) *)Sym + ELF64_R_SYM(R[K].r_info);
    if (!strcmp((const char *)Str + S->st_name, "pthread_mutex_lock"))
      Slot = (void **)(Info->dlpi_addr + R[K].r_offset);
  }
  return 1;
}

__attribute__((constructor)) static void hookOwnSlot(void) {
  Next = (int (*)(pthread_mutex_t *))dlsym(RTLD_NEXT, "pthread_mutex_lock");
  dl_iterate_phdr(findSlot, 0);
  if (!Slot)
    return;
  long Page = sysconf(_SC_PAGESIZE);
  mprotect((void *)((uintptr_t)Slot & ~(uintptr_t)(Page - 1)), (size_t)Page,
           PROT_READ | PROT_WRITE); /* and left so */
  *Slot = (void *)hookLock;
}

static pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;

__attribute__((noinline)) void app_work(void) {
  pthread_mutex_lock(&Mu);
  pthread_mutex_unlock(&Mu);
}

int main(void) {
  for (int I = 0; I < 10; ++I)
    app_work();
  /* The program writes its slot page again: it made it writable. */
  if (Slot)
    *Slot = (void *)hookLock;
  printf("hook saw %d of 10 locks; slot page still writable: %s\n", HookCalls,
         Slot ? "yes" : "no slot");
  return 0;
}
