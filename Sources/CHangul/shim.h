// libhangul (Debian: libhangul-dev): the Korean input engine IBus and fcitx use.
#include <hangul.h>
