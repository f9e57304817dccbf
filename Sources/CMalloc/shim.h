// glibc's malloc extensions (malloc_trim), which the Glibc module does not export: the daemon hands memory
// its start-up freed back to the system before it loads a large document (see ReplayCommand).
#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
#include <malloc.h>
#endif
