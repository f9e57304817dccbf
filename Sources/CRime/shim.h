// librime (Debian: librime-dev), the engine of fcitx5-rime, ibus-rime and the iOS keyboard Hamster.
#include <rime_api.h>
