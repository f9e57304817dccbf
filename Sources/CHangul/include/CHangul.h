// libhangul (Debian: libhangul-dev to build, libhangul1 to run): the Korean input engine IBus and fcitx use,
// opened on first use (see CLibraryLoading.h).
#ifndef C_HANGUL_H
#define C_HANGUL_H

#include <hangul-1.0/hangul.h>

// Exported by libhangul since 0.1.0 (Debian 12 ships 0.1.0+git20191003) but left out of its public header:
// the character a keyboard's table gives an ASCII key. The engine reads its on-screen key map from it
// instead of copying libhangul's keyboard tables.
ucschar hangul_keyboard_get_mapping(const HangulKeyboard *keyboard, int tableid, unsigned key);

/// Opens libhangul.so.1 (once). NULL when it is ready; else why not.
const char *CHangulLoad(void);

#endif
