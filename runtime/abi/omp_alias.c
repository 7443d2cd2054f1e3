// libglass-omp-alias.so: an empty library whose soname is "libomp.so" and which depends on
// Glass's libomp.so.5. libomp loads it when an offload runtime connects (ompt/target.c), so that
// a later dlopen("libomp.so") (LLVM's host plugin makes one, to give device images the OpenMP
// entry points) finds this loaded object, and through it Glass's libomp, instead of loading a
// second OpenMP runtime from the system's library path (which would also start the tool a
// second time).
__attribute__((visibility("hidden"))) int glass_omp_alias;
