#include "CRime.h"
#include "CLibraryLoading.h"

#define FUNCTIONS(X) \
    X(RimeSetup) X(RimeInitialize) X(RimeFinalize) X(RimeStartMaintenance) X(RimeIsMaintenancing) \
    X(RimeJoinMaintenanceThread) X(RimeCreateSession) X(RimeDestroySession) X(RimeSelectSchema) \
    X(RimeProcessKey) X(RimeCommitComposition) X(RimeClearComposition) X(RimeGetContext) X(RimeFreeContext) \
    X(RimeGetCommit) X(RimeFreeCommit) X(RimeSetOption) X(RimeGetOption) X(RimeSimulateKeySequence) \
    X(RimeGetStatus) X(RimeFreeStatus) X(rime_get_api)

KBD_DEFINE_LIBRARY("librime.so.1", FUNCTIONS, CRimeLoad)

void RimeSetup(RimeTraits *traits) { KBD_CALL(RimeSetup)(traits); }
void RimeInitialize(RimeTraits *traits) { KBD_CALL(RimeInitialize)(traits); }
void RimeFinalize(void) { KBD_CALL(RimeFinalize)(); }
Bool RimeStartMaintenance(Bool full_check) { return KBD_CALL(RimeStartMaintenance)(full_check); }
Bool RimeIsMaintenancing(void) { return KBD_CALL(RimeIsMaintenancing)(); }
void RimeJoinMaintenanceThread(void) { KBD_CALL(RimeJoinMaintenanceThread)(); }
RimeSessionId RimeCreateSession(void) { return KBD_CALL(RimeCreateSession)(); }
Bool RimeDestroySession(RimeSessionId session_id) { return KBD_CALL(RimeDestroySession)(session_id); }
Bool RimeSelectSchema(RimeSessionId session_id, const char *schema_id) { return KBD_CALL(RimeSelectSchema)(session_id, schema_id); }
Bool RimeProcessKey(RimeSessionId session_id, int keycode, int mask) { return KBD_CALL(RimeProcessKey)(session_id, keycode, mask); }
Bool RimeCommitComposition(RimeSessionId session_id) { return KBD_CALL(RimeCommitComposition)(session_id); }
void RimeClearComposition(RimeSessionId session_id) { KBD_CALL(RimeClearComposition)(session_id); }
Bool RimeGetContext(RimeSessionId session_id, RimeContext *context) { return KBD_CALL(RimeGetContext)(session_id, context); }
Bool RimeFreeContext(RimeContext *context) { return KBD_CALL(RimeFreeContext)(context); }
Bool RimeGetCommit(RimeSessionId session_id, RimeCommit *commit) { return KBD_CALL(RimeGetCommit)(session_id, commit); }
Bool RimeFreeCommit(RimeCommit *commit) { return KBD_CALL(RimeFreeCommit)(commit); }
void RimeSetOption(RimeSessionId session_id, const char *option, Bool value) { KBD_CALL(RimeSetOption)(session_id, option, value); }
Bool RimeGetOption(RimeSessionId session_id, const char *option) { return KBD_CALL(RimeGetOption)(session_id, option); }
Bool RimeSimulateKeySequence(RimeSessionId session_id, const char *key_sequence) {
    return KBD_CALL(RimeSimulateKeySequence)(session_id, key_sequence);
}
Bool RimeGetStatus(RimeSessionId session_id, RimeStatus *status) { return KBD_CALL(RimeGetStatus)(session_id, status); }
Bool RimeFreeStatus(RimeStatus *status) { return KBD_CALL(RimeFreeStatus)(status); }
RimeApi *rime_get_api(void) { return KBD_CALL(rime_get_api)(); }
