// anthy (Debian: libanthy-dev to build, libanthy1 to run), the kana–kanji converter of ibus-anthy and
// fcitx-anthy, opened on first use (see CLibraryLoading.h).
#ifndef C_ANTHY_H
#define C_ANTHY_H

#include <anthy/anthy.h>

/// Opens libanthy.so.1 (once; it brings libanthydic.so.1). NULL when it is ready; else why not.
const char *CAnthyLoad(void);

#endif
