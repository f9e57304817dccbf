#include "CRime.h"
#include "CLibraryLoading.h"

#define FUNCTIONS(X) \
    X(RimeSetup) X(RimeInitialize) X(RimeFinalize) X(RimeStartMaintenance) X(RimeIsMaintenancing) \
    X(RimeJoinMaintenanceThread) X(RimeCreateSession) X(RimeDestroySession) X(RimeSelectSchema) \
    X(RimeProcessKey) X(RimeCommitComposition) X(RimeClearComposition) X(RimeGetContext) X(RimeFreeContext) \
    X(RimeGetCommit) X(RimeFreeCommit) X(RimeSetOption) X(RimeGetOption) X(RimeSimulateKeySequence) \
    X(RimeGetStatus) X(RimeFreeStatus) X(rime_get_api)

enum { FUNCTIONS(KBD_SLOT) kbd_slot_count };
static const char *const names[] = { FUNCTIONS(KBD_NAME) };
static void *addresses[kbd_slot_count];
static KBDLibrary library = KBD_LIBRARY("librime.so.1", names, addresses);

const char *CRimeLoad(void) { return kbd_library_load(&library); }

#define CALL(name) KBD_CALL(addresses, name)

void RimeSetup(RimeTraits *traits) { CALL(RimeSetup)(traits); }
void RimeInitialize(RimeTraits *traits) { CALL(RimeInitialize)(traits); }
void RimeFinalize(void) { CALL(RimeFinalize)(); }
Bool RimeStartMaintenance(Bool full_check) { return CALL(RimeStartMaintenance)(full_check); }
Bool RimeIsMaintenancing(void) { return CALL(RimeIsMaintenancing)(); }
void RimeJoinMaintenanceThread(void) { CALL(RimeJoinMaintenanceThread)(); }
RimeSessionId RimeCreateSession(void) { return CALL(RimeCreateSession)(); }
Bool RimeDestroySession(RimeSessionId session_id) { return CALL(RimeDestroySession)(session_id); }
Bool RimeSelectSchema(RimeSessionId session_id, const char *schema_id) { return CALL(RimeSelectSchema)(session_id, schema_id); }
Bool RimeProcessKey(RimeSessionId session_id, int keycode, int mask) { return CALL(RimeProcessKey)(session_id, keycode, mask); }
Bool RimeCommitComposition(RimeSessionId session_id) { return CALL(RimeCommitComposition)(session_id); }
void RimeClearComposition(RimeSessionId session_id) { CALL(RimeClearComposition)(session_id); }
Bool RimeGetContext(RimeSessionId session_id, RimeContext *context) { return CALL(RimeGetContext)(session_id, context); }
Bool RimeFreeContext(RimeContext *context) { return CALL(RimeFreeContext)(context); }
Bool RimeGetCommit(RimeSessionId session_id, RimeCommit *commit) { return CALL(RimeGetCommit)(session_id, commit); }
Bool RimeFreeCommit(RimeCommit *commit) { return CALL(RimeFreeCommit)(commit); }
void RimeSetOption(RimeSessionId session_id, const char *option, Bool value) { CALL(RimeSetOption)(session_id, option, value); }
Bool RimeGetOption(RimeSessionId session_id, const char *option) { return CALL(RimeGetOption)(session_id, option); }
Bool RimeSimulateKeySequence(RimeSessionId session_id, const char *key_sequence) {
    return CALL(RimeSimulateKeySequence)(session_id, key_sequence);
}
Bool RimeGetStatus(RimeSessionId session_id, RimeStatus *status) { return CALL(RimeGetStatus)(session_id, status); }
Bool RimeFreeStatus(RimeStatus *status) { return CALL(RimeFreeStatus)(status); }
RimeApi *rime_get_api(void) { return CALL(rime_get_api)(); }
