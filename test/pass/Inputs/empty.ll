; An empty module (readable by every LLVM version).
