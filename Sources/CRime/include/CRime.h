// librime (Debian: librime-dev to build, librime1 to run), the engine of fcitx5-rime, ibus-rime and the iOS
// keyboard Hamster, opened on first use (see CLibraryLoading.h).
#ifndef C_RIME_H
#define C_RIME_H

#include <rime_api.h>

/// Opens librime.so.1 (once). NULL when it is ready; else why not.
const char *CRimeLoad(void);

#endif
