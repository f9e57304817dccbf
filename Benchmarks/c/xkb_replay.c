/*
 * xkb_replay — the C baseline for `keyboardd replay` throughput (Benchmarks/run, BENCHMARKS.md).
 *
 * Reads an evdev recording (24-byte `struct input_event` records, or evemu text, detected from the first
 * bytes as `keyboardd replay` does), runs every key event through libxkbcommon exactly as reference §6
 * (/work/shared/reference/ios-keyboard-behavior.md) says, applies the result to a minimal gap buffer, and
 * prints the final text to standard output.
 *
 *   - keysym and text are read before xkb_state_update_key; autorepeat (value 2) acts again without a
 *     state update, only for keys that repeat and are believed down; presses and releases balance;
 *   - SYN_DROPPED: discard until the next SYN_REPORT, then release every key believed down;
 *   - insert vs delete is decided by keysym, never by the UTF-8 control bytes;
 *   - dead keys and Multi_key go through the compose state (en_US.UTF-8 table);
 *   - text inserts at the caret, BackSpace deletes the UTF-8 character before it, Delete the one after,
 *     Left/Right move the caret one UTF-8 character, Return inserts "\n", Tab "\t"; Ctrl/Alt+BackSpace,
 *     Ctrl+Left/Right, Home/End and Up/Down do what the emulator's host does (word and line moves);
 *     Ctrl/Alt/Super shortcuts insert nothing. (The emulator deletes whole grapheme clusters and counts UTF-16; on the
 *     benchmark's ASCII recordings both give the same text, which Benchmarks/run checks with cmp.)
 *
 * Build: cc -O2 -o xkb_replay xkb_replay.c $(pkg-config --cflags --libs xkbcommon)
 * Usage: xkb_replay [--layout us] [--variant V] [--options O] [--stats] FILE|-
 * Exit codes: 0 success, 1 failure, 2 usage or input error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>

#define EV_SYN 0
#define EV_KEY 1
#define SYN_REPORT 0
#define SYN_DROPPED 3
#define KEY_MAX 0x2ff
#define RAW_SIZE 24

/* ---- the minimal document: a gap buffer of UTF-8 bytes; the caret is the gap ---- */

struct buffer {
    char *bytes;
    size_t capacity, gap_start, gap_end; /* text = bytes[0, gap_start) + bytes[gap_end, capacity) */
};

static void buffer_reserve(struct buffer *b, size_t extra) {
    if (b->gap_end - b->gap_start >= extra) return;
    size_t tail = b->capacity - b->gap_end;
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity - (b->gap_start + tail) < extra) capacity *= 2;
    char *bytes = realloc(b->bytes, capacity);
    if (!bytes) { perror("xkb_replay: realloc"); exit(1); }
    memmove(bytes + capacity - tail, bytes + b->gap_end, tail);
    b->bytes = bytes;
    b->gap_end = capacity - tail;
    b->capacity = capacity;
}

static void buffer_insert(struct buffer *b, const char *text, size_t length) {
    buffer_reserve(b, length);
    memcpy(b->bytes + b->gap_start, text, length);
    b->gap_start += length;
}

static int is_continuation(char c) { return ((unsigned char)c & 0xC0) == 0x80; }

static void buffer_delete_backward(struct buffer *b) {
    if (b->gap_start == 0) return;
    do { b->gap_start--; } while (b->gap_start > 0 && is_continuation(b->bytes[b->gap_start]));
}

static void buffer_delete_forward(struct buffer *b) {
    if (b->gap_end == b->capacity) return;
    do { b->gap_end++; } while (b->gap_end < b->capacity && is_continuation(b->bytes[b->gap_end]));
}

static void buffer_left(struct buffer *b) {
    if (b->gap_start == 0) return;
    do { b->bytes[--b->gap_end] = b->bytes[--b->gap_start]; } while (b->gap_start > 0 && is_continuation(b->bytes[b->gap_end]));
}

static void buffer_right(struct buffer *b) {
    if (b->gap_end == b->capacity) return;
    do { b->bytes[b->gap_start++] = b->bytes[b->gap_end++]; }
    while (b->gap_end < b->capacity && is_continuation(b->bytes[b->gap_end]));
}

/* Logical positions (byte offsets into the text, gap excluded) for word and line moves. */
static size_t buffer_length(const struct buffer *b) { return b->capacity - (b->gap_end - b->gap_start); }

static char buffer_at(const struct buffer *b, size_t i) {
    return i < b->gap_start ? b->bytes[i] : b->bytes[i + (b->gap_end - b->gap_start)];
}

static void buffer_move_to(struct buffer *b, size_t position) {
    while (b->gap_start > position) b->bytes[--b->gap_end] = b->bytes[--b->gap_start];
    while (b->gap_start < position) b->bytes[b->gap_start++] = b->bytes[b->gap_end++];
}

/* Word characters as the emulator counts them: letters, digits, '_' and '\''; any non-ASCII byte counts
 * as a letter here (the benchmark types ASCII). */
static int is_word(char c) {
    unsigned char u = (unsigned char)c;
    return u >= 0x80 || (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == '\'';
}

static size_t word_start(const struct buffer *b, size_t i) {
    while (i > 0 && !is_word(buffer_at(b, i - 1))) i--;
    while (i > 0 && is_word(buffer_at(b, i - 1))) i--;
    return i;
}

static size_t word_end(const struct buffer *b, size_t i) {
    size_t n = buffer_length(b);
    while (i < n && !is_word(buffer_at(b, i))) i++;
    while (i < n && is_word(buffer_at(b, i))) i++;
    return i;
}

static size_t line_start(const struct buffer *b, size_t i) {
    while (i > 0 && buffer_at(b, i - 1) != '\n') i--;
    return i;
}

static size_t line_end(const struct buffer *b, size_t i) {
    size_t n = buffer_length(b);
    while (i < n && buffer_at(b, i) != '\n') i++;
    return i;
}

/* Up/Down: the same column (in code points) on the adjacent line, clamped to its length. */
static size_t adjacent_line(const struct buffer *b, size_t i, int up) {
    size_t start = line_start(b, i), column = 0, target;
    for (size_t j = start; j < i; j++) if (!is_continuation(buffer_at(b, j))) column++;
    if (up) {
        if (start == 0) return 0;
        target = line_start(b, start - 1);
    } else {
        size_t end = line_end(b, i);
        if (end == buffer_length(b)) return end;
        target = end + 1;
    }
    size_t stop = line_end(b, target), j = target;
    while (j < stop && column > 0) {
        j++;
        while (j < stop && is_continuation(buffer_at(b, j))) j++;
        column--;
    }
    return j;
}

/* ---- the key path of reference §6 ---- */

struct replay {
    struct xkb_keymap *keymap;
    struct xkb_state *state;
    struct xkb_compose_state *compose;
    struct buffer document;
    unsigned char pressed[KEY_MAX + 1];
    uint16_t press_order[KEY_MAX + 1];
    int pressed_count;
    int dropping;
    unsigned long events, operations;
};

static void insert_printable(struct replay *r, const char *text) {
    /* Drop C0/C1 control characters, as the emulator does. */
    char filtered[64];
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && n < sizeof filtered; p++) {
        if (*p < 0x20 || *p == 0x7f) continue;
        if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9f) { p++; continue; }
        filtered[n++] = (char)*p;
    }
    if (n) { buffer_insert(&r->document, filtered, n); r->operations++; }
}

static void act(struct replay *r, xkb_keycode_t keycode) {
    xkb_keysym_t keysym = xkb_state_key_get_one_sym(r->state, keycode);
    char text[64];
    if (keysym == XKB_KEY_NoSymbol) {
        const xkb_keysym_t *syms;
        if (xkb_state_key_get_syms(r->state, keycode, &syms) > 1) {
            xkb_state_key_get_utf8(r->state, keycode, text, sizeof text);
            insert_printable(r, text);
        }
        return;
    }
    if ((keysym >= XKB_KEY_Shift_L && keysym <= XKB_KEY_Hyper_R) || (keysym >= XKB_KEY_ISO_Lock && keysym <= XKB_KEY_ISO_Last_Group_Lock)
        || keysym == XKB_KEY_Mode_switch || keysym == XKB_KEY_Num_Lock)
        return;
    int control = xkb_state_mod_name_is_active(r->state, XKB_MOD_NAME_CTRL, XKB_STATE_MODS_EFFECTIVE) > 0;
    int alt = xkb_state_mod_name_is_active(r->state, XKB_MOD_NAME_ALT, XKB_STATE_MODS_EFFECTIVE) > 0
        && !xkb_state_mod_index_is_consumed(r->state, keycode, xkb_keymap_mod_get_index(r->keymap, XKB_MOD_NAME_ALT));
    int logo = xkb_state_mod_name_is_active(r->state, XKB_MOD_NAME_LOGO, XKB_STATE_MODS_EFFECTIVE) > 0;

    if (r->compose && !control && xkb_compose_state_feed(r->compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED) {
        switch (xkb_compose_state_get_status(r->compose)) {
        case XKB_COMPOSE_COMPOSING:
            return;
        case XKB_COMPOSE_COMPOSED:
            xkb_compose_state_get_utf8(r->compose, text, sizeof text);
            xkb_compose_state_reset(r->compose);
            insert_printable(r, text);
            return;
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(r->compose);
            return;
        case XKB_COMPOSE_NOTHING:
            break;
        }
    }

    struct buffer *d = &r->document;
    r->operations++;
    switch (keysym) {
    case XKB_KEY_BackSpace:
        if (control || alt) {
            size_t start = word_start(d, d->gap_start);
            d->gap_start = start;
        } else {
            buffer_delete_backward(d);
        }
        return;
    case XKB_KEY_Delete: case XKB_KEY_KP_Delete:
        buffer_delete_forward(d); return;
    case XKB_KEY_Left: case XKB_KEY_KP_Left:
        if (control) buffer_move_to(d, word_start(d, d->gap_start)); else buffer_left(d);
        return;
    case XKB_KEY_Right: case XKB_KEY_KP_Right:
        if (control) buffer_move_to(d, word_end(d, d->gap_start)); else buffer_right(d);
        return;
    case XKB_KEY_Up: case XKB_KEY_KP_Up:
        buffer_move_to(d, adjacent_line(d, d->gap_start, 1)); return;
    case XKB_KEY_Down: case XKB_KEY_KP_Down:
        buffer_move_to(d, adjacent_line(d, d->gap_start, 0)); return;
    case XKB_KEY_Home: case XKB_KEY_KP_Home:
        buffer_move_to(d, line_start(d, d->gap_start)); return;
    case XKB_KEY_End: case XKB_KEY_KP_End:
        buffer_move_to(d, line_end(d, d->gap_start)); return;
    case XKB_KEY_Return: case XKB_KEY_KP_Enter:
        buffer_insert(d, "\n", 1); return;
    case XKB_KEY_Tab: case XKB_KEY_ISO_Left_Tab:
        buffer_insert(d, "\t", 1); return;
    case XKB_KEY_Escape:
        return; /* dismissal: nothing to do in a buffer */
    default:
        r->operations--;
        if (control || alt || logo) return;
        if (xkb_keysym_to_utf32(keysym) == 0) return;
        xkb_state_key_get_utf8(r->state, keycode, text, sizeof text);
        insert_printable(r, text);
    }
}

static void release_all(struct replay *r) {
    for (int i = r->pressed_count - 1; i >= 0; i--) {
        xkb_state_update_key(r->state, r->press_order[i] + 8, XKB_KEY_UP);
        r->pressed[r->press_order[i]] = 0;
    }
    r->pressed_count = 0;
    if (r->compose) xkb_compose_state_reset(r->compose);
}

static void handle(struct replay *r, uint16_t type, uint16_t code, int32_t value) {
    r->events++;
    if (type == EV_SYN) {
        if (code == SYN_DROPPED) r->dropping = 1;
        else if (code == SYN_REPORT && r->dropping) { r->dropping = 0; release_all(r); }
        return;
    }
    if (r->dropping || type != EV_KEY || code > KEY_MAX) return;
    xkb_keycode_t keycode = (xkb_keycode_t)code + 8;
    switch (value) {
    case 1:
        if (r->pressed[code]) { if (xkb_keymap_key_repeats(r->keymap, keycode)) act(r, keycode); return; }
        act(r, keycode);
        xkb_state_update_key(r->state, keycode, XKB_KEY_DOWN);
        r->pressed[code] = 1;
        r->press_order[r->pressed_count++] = code;
        return;
    case 2:
        if (r->pressed[code] && xkb_keymap_key_repeats(r->keymap, keycode)) act(r, keycode);
        return;
    case 0:
        if (!r->pressed[code]) return;
        xkb_state_update_key(r->state, keycode, XKB_KEY_UP);
        r->pressed[code] = 0;
        for (int i = r->pressed_count - 1; i >= 0; i--) {
            if (r->press_order[i] != code) continue;
            memmove(&r->press_order[i], &r->press_order[i + 1], (size_t)(r->pressed_count - i - 1) * sizeof(uint16_t));
            r->pressed_count--;
            break;
        }
        return;
    }
}

/* ---- input ---- */

static int looks_like_evemu(const unsigned char *p, size_t n) {
    if (n == 0) return 0;
    for (size_t i = 0; i < n && i < 16; i++) if (p[i] == 0) return 0;
    if (p[0] == '#' || p[0] == '\n') return 1;
    return n > 1 && p[1] == ':' && strchr("NIPBALSE", p[0]) != NULL;
}

/* Both formats are parsed from one block buffer that refills as it drains, so memory stays flat. */
enum { BLOCK = 1 << 18 };
static unsigned char block[BLOCK + 1];

static int replay_raw(struct replay *r, FILE *in, const char *name, size_t have) {
    unsigned long offset = 0;
    for (;;) {
        size_t n = fread(block + have, 1, BLOCK - have, in);
        have += n;
        size_t used = 0;
        while (have - used >= RAW_SIZE) {
            const unsigned char *e = block + used;
            uint16_t type, code; int32_t value;
            memcpy(&type, e + 16, 2); memcpy(&code, e + 18, 2); memcpy(&value, e + 20, 4);
            handle(r, type, code, value);
            used += RAW_SIZE;
        }
        offset += used;
        memmove(block, block + used, have - used);
        have -= used;
        if (n == 0) break;
    }
    if (ferror(in)) { fprintf(stderr, "xkb_replay: %s: %s\n", name, strerror(errno)); return 1; }
    if (have) { fprintf(stderr, "xkb_replay: %s: truncated record at byte %lu (%zu bytes)\n", name, offset, have); return 2; }
    return 0;
}

static int replay_evemu(struct replay *r, FILE *in, const char *name, size_t have) {
    unsigned long number = 0;
    for (;;) {
        size_t n = fread(block + have, 1, BLOCK - have, in);
        have += n;
        size_t used = 0;
        for (;;) {
            unsigned char *stop = memchr(block + used, '\n', have - used);
            if (!stop) {
                if (n != 0 || used == have) break;
                stop = block + have; /* the last line has no newline */
            }
            *stop = 0;
            char *p = (char *)block + used;
            used = (size_t)(stop - block) + (stop < block + have ? 1 : 0);
            number++;
            while (*p == ' ' || *p == '\t') p++;
            if (*p != 'E' || p[1] != ':') continue;
            long long seconds, micros; unsigned type, code; int value;
            if (sscanf(p + 2, "%lld.%lld %x %x %d", &seconds, &micros, &type, &code, &value) != 5) {
                fprintf(stderr, "xkb_replay: %s:%lu: malformed event line: %s\n", name, number, p);
                return 2;
            }
            handle(r, (uint16_t)type, (uint16_t)code, value);
        }
        if (used == 0 && have == BLOCK) { fprintf(stderr, "xkb_replay: %s:%lu: line too long\n", name, number + 1); return 2; }
        memmove(block, block + used, have - used);
        have -= used;
        if (n == 0) break;
    }
    if (ferror(in)) { fprintf(stderr, "xkb_replay: %s: %s\n", name, strerror(errno)); return 1; }
    return 0;
}

static double now(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    const char *layout = "us", *variant = "", *options = "", *path = NULL;
    int stats = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--layout") && i + 1 < argc) layout = argv[++i];
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc) variant = argv[++i];
        else if (!strcmp(argv[i], "--options") && i + 1 < argc) options = argv[++i];
        else if (!strcmp(argv[i], "--stats")) stats = 1;
        else if (!path && (argv[i][0] != '-' || !strcmp(argv[i], "-"))) path = argv[i];
        else { fprintf(stderr, "xkb_replay: unexpected argument '%s'\n", argv[i]); path = NULL; break; }
    }
    if (!path) {
        fprintf(stderr, "usage: xkb_replay [--layout us] [--variant V] [--options O] [--stats] FILE|-\n");
        return 2;
    }
    double started = now();
    struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES);
    struct xkb_rule_names names = { .rules = "evdev", .model = "pc105", .layout = layout, .variant = variant, .options = options };
    struct replay r = { 0 };
    r.keymap = context ? xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
    if (!r.keymap) { fprintf(stderr, "xkb_replay: cannot compile the keymap %s(%s)\n", layout, variant); return 1; }
    r.state = xkb_state_new(r.keymap);
    struct xkb_compose_table *table = xkb_compose_table_new_from_locale(context, "en_US.UTF-8", XKB_COMPOSE_COMPILE_NO_FLAGS);
    r.compose = table ? xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) : NULL;
    double ready = now();

    FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!in) { fprintf(stderr, "xkb_replay: %s: %s\n", path, strerror(errno)); return 2; }
    size_t have = fread(block, 1, 16, in);
    int status = looks_like_evemu(block, have) ? replay_evemu(&r, in, path, have) : replay_raw(&r, in, path, have);
    if (in != stdin) fclose(in);
    if (status) return status;
    double done = now();

    struct buffer *b = &r.document;
    fwrite(b->bytes, 1, b->gap_start, stdout);
    fwrite(b->bytes + b->gap_end, 1, b->capacity - b->gap_end, stdout);
    if (fflush(stdout) != 0) { perror("xkb_replay: stdout"); return 1; }
    if (stats)
        fprintf(stderr, "events %lu operations %lu setup %.3f ms replay %.3f ms (%.0f events/s)\n", r.events, r.operations,
                (ready - started) * 1e3, (done - ready) * 1e3, (double)r.events / (done - ready));

    if (r.compose) xkb_compose_state_unref(r.compose);
    if (table) xkb_compose_table_unref(table);
    xkb_state_unref(r.state);
    xkb_keymap_unref(r.keymap);
    xkb_context_unref(context);
    free(b->bytes);
    return 0;
}
