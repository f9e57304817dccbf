// Opening an input-method engine's shared library when a layout first needs it, not when keyboardd starts.
//
// Each engine's C module (CHangul, CRime, CAnthy) lists the functions it uses once, with the X-macros below,
// and defines each of them as a one-line call through the address `dlsym` found: the engine's Swift code
// calls libhangul, librime and anthy by their own names, the compiler checks every definition against the
// library's header, and a process that never composes never maps the engines (librime alone brings
// libstdc++, boost, glog, leveldb, opencc and yaml-cpp). A missing library is an error the engine reports,
// naming the Debian package, instead of a loader failure before `main`.
#ifndef C_LIBRARY_LOADING_H
#define C_LIBRARY_LOADING_H

#include <pthread.h>
#include <stddef.h>

/// A shared library and the addresses of the functions a module uses from it.
typedef struct {
    const char *soname;
    const char *const *names;
    void **addresses;
    size_t count;
    pthread_mutex_t lock;
    int state;  // 0 not tried, 1 loaded, 2 failed (the reason in `error`)
    char error[512];
} KBDLibrary;

#define KBD_LIBRARY(soname, names, addresses) \
    { (soname), (names), (addresses), sizeof(names) / sizeof((names)[0]), PTHREAD_MUTEX_INITIALIZER, 0, { 0 } }

/// Opens the library and finds every function, once, whichever thread asks first; later calls answer at
/// once. Returns NULL when every function was found, else why not (dlerror's text), the same every time.
const char *kbd_library_load(KBDLibrary *library);

/// X-macro helpers: `FUNCTIONS(KBD_SLOT)` makes the index enum, `FUNCTIONS(KBD_NAME)` the name table.
#define KBD_SLOT(name) kbd_slot_##name,
#define KBD_NAME(name) #name,

/// Defines a module's library: the slots of the functions `FUNCTIONS` lists, and `const char *load(void)`,
/// which opens `soname` once and answers NULL or why not. Then `KBD_CALL(name)` is the function `name` as
/// the library defines it, with the header's own type.
#define KBD_DEFINE_LIBRARY(soname, FUNCTIONS, load) \
    enum { FUNCTIONS(KBD_SLOT) kbd_slot_count }; \
    static const char *const kbd_names[] = { FUNCTIONS(KBD_NAME) }; \
    static void *kbd_addresses[kbd_slot_count]; \
    static KBDLibrary kbd_library = KBD_LIBRARY(soname, kbd_names, kbd_addresses); \
    const char *load(void) { return kbd_library_load(&kbd_library); }
#define KBD_CALL(name) ((__typeof__(&name))kbd_addresses[kbd_slot_##name])

#endif
