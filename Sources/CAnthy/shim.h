// anthy (Debian: libanthy-dev), the kana–kanji converter of ibus-anthy and fcitx-anthy.
#include <anthy/anthy.h>
