#include "CHangul.h"
#include "CLibraryLoading.h"

#define FUNCTIONS(X) \
    X(hangul_ic_new) X(hangul_ic_delete) X(hangul_ic_process) X(hangul_ic_reset) X(hangul_ic_backspace) \
    X(hangul_ic_is_empty) X(hangul_ic_get_preedit_string) X(hangul_ic_get_commit_string) X(hangul_ic_flush) \
    X(hangul_ic_get_option) X(hangul_ic_set_option) X(hangul_ic_select_keyboard) \
    X(hangul_is_choseong) X(hangul_is_jungseong) X(hangul_is_jongseong) X(hangul_is_jamo) X(hangul_is_cjamo) \
    X(hangul_is_syllable) X(hangul_jamo_to_cjamo) \
    X(hangul_keyboard_list_get_count) X(hangul_keyboard_list_get_keyboard_id) \
    X(hangul_keyboard_list_get_keyboard) X(hangul_keyboard_get_mapping)

KBD_DEFINE_LIBRARY("libhangul.so.1", FUNCTIONS, CHangulLoad)

HangulInputContext *hangul_ic_new(const char *keyboard) { return KBD_CALL(hangul_ic_new)(keyboard); }
void hangul_ic_delete(HangulInputContext *hic) { KBD_CALL(hangul_ic_delete)(hic); }
bool hangul_ic_process(HangulInputContext *hic, int ascii) { return KBD_CALL(hangul_ic_process)(hic, ascii); }
void hangul_ic_reset(HangulInputContext *hic) { KBD_CALL(hangul_ic_reset)(hic); }
bool hangul_ic_backspace(HangulInputContext *hic) { return KBD_CALL(hangul_ic_backspace)(hic); }
bool hangul_ic_is_empty(HangulInputContext *hic) { return KBD_CALL(hangul_ic_is_empty)(hic); }
const ucschar *hangul_ic_get_preedit_string(HangulInputContext *hic) { return KBD_CALL(hangul_ic_get_preedit_string)(hic); }
const ucschar *hangul_ic_get_commit_string(HangulInputContext *hic) { return KBD_CALL(hangul_ic_get_commit_string)(hic); }
const ucschar *hangul_ic_flush(HangulInputContext *hic) { return KBD_CALL(hangul_ic_flush)(hic); }
bool hangul_ic_get_option(HangulInputContext *hic, int option) { return KBD_CALL(hangul_ic_get_option)(hic, option); }
void hangul_ic_set_option(HangulInputContext *hic, int option, bool value) { KBD_CALL(hangul_ic_set_option)(hic, option, value); }
void hangul_ic_select_keyboard(HangulInputContext *hic, const char *id) { KBD_CALL(hangul_ic_select_keyboard)(hic, id); }
bool hangul_is_choseong(ucschar c) { return KBD_CALL(hangul_is_choseong)(c); }
bool hangul_is_jungseong(ucschar c) { return KBD_CALL(hangul_is_jungseong)(c); }
bool hangul_is_jongseong(ucschar c) { return KBD_CALL(hangul_is_jongseong)(c); }
bool hangul_is_jamo(ucschar c) { return KBD_CALL(hangul_is_jamo)(c); }
bool hangul_is_cjamo(ucschar c) { return KBD_CALL(hangul_is_cjamo)(c); }
bool hangul_is_syllable(ucschar c) { return KBD_CALL(hangul_is_syllable)(c); }
ucschar hangul_jamo_to_cjamo(ucschar ch) { return KBD_CALL(hangul_jamo_to_cjamo)(ch); }
unsigned int hangul_keyboard_list_get_count(void) { return KBD_CALL(hangul_keyboard_list_get_count)(); }
const char *hangul_keyboard_list_get_keyboard_id(unsigned index_) { return KBD_CALL(hangul_keyboard_list_get_keyboard_id)(index_); }
const HangulKeyboard *hangul_keyboard_list_get_keyboard(const char *id) { return KBD_CALL(hangul_keyboard_list_get_keyboard)(id); }
ucschar hangul_keyboard_get_mapping(const HangulKeyboard *keyboard, int tableid, unsigned key) {
    return KBD_CALL(hangul_keyboard_get_mapping)(keyboard, tableid, key);
}
