#include "CAnthy.h"
#include "CLibraryLoading.h"

#define FUNCTIONS(X) \
    X(anthy_init) X(anthy_quit) X(anthy_conf_override) X(anthy_set_personality) X(anthy_create_context) \
    X(anthy_reset_context) X(anthy_release_context) X(anthy_set_string) X(anthy_resize_segment) \
    X(anthy_get_stat) X(anthy_get_segment_stat) X(anthy_get_segment) X(anthy_commit_segment) \
    X(anthy_set_prediction_string) X(anthy_get_prediction_stat) X(anthy_get_prediction) \
    X(anthy_commit_prediction) X(anthy_get_version_string) X(anthy_context_set_encoding) \
    X(anthy_set_reconversion_mode)

KBD_DEFINE_LIBRARY("libanthy.so.1", FUNCTIONS, CAnthyLoad)

int anthy_init(void) { return KBD_CALL(anthy_init)(); }
void anthy_quit(void) { KBD_CALL(anthy_quit)(); }
void anthy_conf_override(const char *variable, const char *value) { KBD_CALL(anthy_conf_override)(variable, value); }
int anthy_set_personality(const char *personality) { return KBD_CALL(anthy_set_personality)(personality); }
anthy_context_t anthy_create_context(void) { return KBD_CALL(anthy_create_context)(); }
void anthy_reset_context(anthy_context_t context) { KBD_CALL(anthy_reset_context)(context); }
void anthy_release_context(anthy_context_t context) { KBD_CALL(anthy_release_context)(context); }
int anthy_set_string(anthy_context_t context, const char *string) { return KBD_CALL(anthy_set_string)(context, string); }
void anthy_resize_segment(anthy_context_t context, int segment, int delta) {
    KBD_CALL(anthy_resize_segment)(context, segment, delta);
}
int anthy_get_stat(anthy_context_t context, struct anthy_conv_stat *stat) { return KBD_CALL(anthy_get_stat)(context, stat); }
int anthy_get_segment_stat(anthy_context_t context, int segment, struct anthy_segment_stat *stat) {
    return KBD_CALL(anthy_get_segment_stat)(context, segment, stat);
}
int anthy_get_segment(anthy_context_t context, int segment, int candidate, char *buffer, int length) {
    return KBD_CALL(anthy_get_segment)(context, segment, candidate, buffer, length);
}
int anthy_commit_segment(anthy_context_t context, int segment, int candidate) {
    return KBD_CALL(anthy_commit_segment)(context, segment, candidate);
}
int anthy_set_prediction_string(anthy_context_t context, const char *string) {
    return KBD_CALL(anthy_set_prediction_string)(context, string);
}
int anthy_get_prediction_stat(anthy_context_t context, struct anthy_prediction_stat *stat) {
    return KBD_CALL(anthy_get_prediction_stat)(context, stat);
}
int anthy_get_prediction(anthy_context_t context, int index, char *buffer, int length) {
    return KBD_CALL(anthy_get_prediction)(context, index, buffer, length);
}
int anthy_commit_prediction(anthy_context_t context, int index) { return KBD_CALL(anthy_commit_prediction)(context, index); }
const char *anthy_get_version_string(void) { return KBD_CALL(anthy_get_version_string)(); }
int anthy_context_set_encoding(anthy_context_t context, int encoding) {
    return KBD_CALL(anthy_context_set_encoding)(context, encoding);
}
int anthy_set_reconversion_mode(anthy_context_t context, int mode) { return KBD_CALL(anthy_set_reconversion_mode)(context, mode); }
