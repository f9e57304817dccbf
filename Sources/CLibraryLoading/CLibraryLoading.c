#include "CLibraryLoading.h"

#include <dlfcn.h>
#include <stdio.h>

const char *kbd_library_load(KBDLibrary *library) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        // RTLD_LOCAL: the engine's symbols stay out of the global scope, so they never interpose on ours.
        void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            snprintf(library->error, sizeof library->error, "%s", dlerror());
            library->state = 2;
        } else {
            library->state = 1;
            for (size_t index = 0; index < library->count; index++) {
                library->addresses[index] = dlsym(handle, library->names[index]);
                if (library->addresses[index] == NULL) {
                    snprintf(library->error, sizeof library->error, "%s has no function %s",
                             library->soname, library->names[index]);
                    library->state = 2;
                    break;
                }
            }
            // A library that lacks a function stays open: closing it could run its destructors while
            // another module's handle to the same library is in use.
        }
    }
    const char *result = library->state == 1 ? NULL : library->error;
    pthread_mutex_unlock(&library->lock);
    return result;
}
