import XKBCommon

/// Key sequences transcribed as data from libxkbcommon 1.5.0 `test/keyseq.c` (facts, not code).
enum KeySequences {
    static let fourGroups = RMLVO(rules: "evdev", model: "evdev", layout: "us,il,ru,de", variant: ",,phonetic,neo",
                                  options: "grp:alt_shift_toggle,grp:menu_toggle")
    static let neo = RMLVO(rules: "evdev", layout: "de", variant: "neo")
    static let bidirectional = RMLVO(rules: "evdev", layout: "us,il,ru", options: "grp:alt_shift_toggle_bidir,grp:menu_toggle")
    static let modeSwitch = RMLVO(rules: "evdev", layout: "us,il,ru", options: "grp:switch,grp:lswitch,grp:menu_toggle")
    static let euro = RMLVO(rules: "evdev", layout: "us", variant: "euro")

    static let all: [KeySequence] = [
        KeySequence(name: "plain hello", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.e, .both, "e"), Step(Key.l, .both, "l"),
            Step(Key.l, .both, "l"), Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "simple shifted level", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.e, .both, "E"),
            Step(Key.l, .both, "L"), Step(Key.leftShift, .up, "Shift_L"), Step(Key.l, .both, "l"),
            Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "repeat with Shift pressed and released mid-repeat", names: fourGroups, steps: [
            Step(Key.h, .down, "h"), Step(Key.h, .repeat, "h"), Step(Key.h, .repeat, "h"),
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.h, .repeat, "H"), Step(Key.h, .repeat, "H"),
            Step(Key.leftShift, .up, "Shift_L"), Step(Key.h, .repeat, "h"), Step(Key.h, .repeat, "h"),
            Step(Key.h, .up, "h"), Step(Key.h, .both, "h"),
        ]),
        KeySequence(name: "base modifier stays while the same key was pressed twice", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.e, .both, "E"),
            Step(Key.l, .both, "L"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.l, .both, "L"),
            Step(Key.o, .both, "O"),
        ], countsDoublePresses: true),
        KeySequence(name: "base modifier cleared only by the key that set it", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.e, .both, "E"),
            Step(Key.l, .both, "L"), Step(Key.rightShift, .up, "Shift_R"), Step(Key.l, .both, "L"),
            Step(Key.o, .both, "O"),
        ]),
        KeySequence(name: "base modifier cleared only when no other key holds it", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.e, .both, "E"),
            Step(Key.rightShift, .down, "Shift_R"), Step(Key.l, .both, "L"), Step(Key.rightShift, .up, "Shift_R"),
            Step(Key.l, .both, "L"), Step(Key.leftShift, .up, "Shift_L"), Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "two presses of one key need two releases", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.leftShift, .down, "Shift_L"), Step(Key.h, .both, "H"),
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.h, .both, "H"), Step(Key.leftShift, .up, "Shift_L"),
            Step(Key.h, .both, "H"), Step(Key.leftShift, .up, "Shift_L"), Step(Key.h, .both, "h"),
        ], countsDoublePresses: true),
        KeySequence(name: "two presses of Caps Lock need two releases", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.capsLock, .down, "Caps_Lock"), Step(Key.h, .both, "H"),
            Step(Key.capsLock, .down, "Caps_Lock"), Step(Key.h, .both, "H"), Step(Key.capsLock, .up, "Caps_Lock"),
            Step(Key.h, .both, "H"), Step(Key.capsLock, .up, "Caps_Lock"), Step(Key.h, .both, "H"),
            Step(Key.capsLock, .both, "Caps_Lock"), Step(Key.h, .both, "h"),
        ], countsDoublePresses: true),
        KeySequence(name: "group switching with the Menu key", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.e, .both, "e"), Step(Key.compose, .both, "ISO_Next_Group"),
            Step(Key.k, .both, "hebrew_lamed"), Step(Key.f, .both, "hebrew_kaph"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.compose, .both, "ISO_Next_Group"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "Shift then Alt toggles the group", names: fourGroups, steps: [
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.leftAlt, .down, "ISO_Next_Group"),
            Step(Key.leftAlt, .up, "ISO_Next_Group"), Step(Key.leftShift, .up, "Shift_L"),
        ]),
        KeySequence(name: "Alt then Shift toggles the group", names: fourGroups, steps: [
            Step(Key.leftAlt, .down, "Alt_L"), Step(Key.leftShift, .down, "ISO_Next_Group"),
            Step(Key.leftShift, .up, "ISO_Next_Group"), Step(Key.leftAlt, .up, "Alt_L"),
        ]),
        KeySequence(name: "Caps Lock locks upper case", names: fourGroups, steps: [
            Step(Key.capsLock, .both, "Caps_Lock"), Step(Key.h, .both, "H"), Step(Key.e, .both, "E"),
            Step(Key.l, .both, "L"), Step(Key.l, .both, "L"), Step(Key.o, .both, "O"),
        ]),
        KeySequence(name: "Caps Lock toggled on and off", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.e, .both, "e"), Step(Key.capsLock, .both, "Caps_Lock"),
            Step(Key.l, .both, "L"), Step(Key.l, .both, "L"), Step(Key.capsLock, .both, "Caps_Lock"),
            Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "Caps Lock held locks until the next press", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.capsLock, .down, "Caps_Lock"), Step(Key.e, .both, "E"),
            Step(Key.l, .both, "L"), Step(Key.l, .both, "L"), Step(Key.capsLock, .up, "Caps_Lock"),
            Step(Key.o, .both, "O"),
        ]),
        KeySequence(name: "a stray Caps Lock release changes nothing", names: fourGroups, steps: [
            Step(Key.h, .both, "h"), Step(Key.e, .both, "e"), Step(Key.capsLock, .up, "Caps_Lock"),
            Step(Key.l, .both, "l"), Step(Key.l, .both, "l"), Step(Key.o, .both, "o"),
        ]),
        KeySequence(name: "Num Lock switches the keypad", names: fourGroups, steps: [
            Step(Key.kp1, .both, "KP_End"), Step(Key.numLock, .both, "Num_Lock"), Step(Key.kp1, .both, "KP_1"),
            Step(Key.kp2, .both, "KP_2"), Step(Key.numLock, .both, "Num_Lock"), Step(Key.kp2, .both, "KP_Down"),
        ]),
        KeySequence(name: "ru(phonetic) with Shift and Caps Lock", names: fourGroups, steps: [
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.compose, .both, "ISO_Next_Group"),
            Step(Key.one, .both, "1"), Step(Key.q, .both, "Cyrillic_ya"), Step(Key.leftShift, .down, "Shift_L"),
            Step(Key.one, .both, "exclam"), Step(Key.q, .both, "Cyrillic_YA"), Step(Key.leftShift, .up, "Shift_L"),
            Step(Key.v, .both, "Cyrillic_zhe"), Step(Key.capsLock, .both, "Caps_Lock"), Step(Key.one, .both, "1"),
            Step(Key.v, .both, "Cyrillic_ZHE"), Step(Key.rightShift, .down, "Shift_R"), Step(Key.v, .both, "Cyrillic_zhe"),
            Step(Key.rightShift, .up, "Shift_R"), Step(Key.v, .both, "Cyrillic_ZHE"),
        ]),
        KeySequence(name: "de(neo) levels 1 to 4 as the fourth group", names: fourGroups, steps: [
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.compose, .both, "ISO_Next_Group"),
            Step(Key.compose, .both, "ISO_Next_Group"),
            // Level 1.
            Step(Key.one, .both, "1"), Step(Key.q, .both, "x"), Step(Key.kp7, .both, "KP_7"), Step(Key.esc, .both, "Escape"),
            // Level 2 with Shift.
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.one, .both, "degree"), Step(Key.q, .both, "X"),
            Step(Key.kp7, .both, "U2714"), Step(Key.esc, .both, "Escape"), Step(Key.leftShift, .up, "Caps_Lock"),
            // Level 2 with the Lock modifier.
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.rightShift, .both, "Caps_Lock"),
            Step(Key.leftShift, .up, "Caps_Lock"), Step(Key.six, .both, "6"), Step(Key.h, .both, "S"),
            Step(Key.kp3, .both, "KP_3"), Step(Key.esc, .both, "Escape"), Step(Key.leftShift, .down, "Shift_L"),
            Step(Key.rightShift, .both, "Caps_Lock"), Step(Key.leftShift, .up, "Caps_Lock"),
            // Level 3.
            Step(Key.capsLock, .down, "ISO_Level3_Shift"), Step(Key.six, .both, "cent"), Step(Key.q, .both, "ellipsis"),
            Step(Key.kp7, .both, "U2195"), Step(Key.esc, .both, "Escape"), Step(Key.capsLock, .up, "ISO_Level3_Shift"),
            // Level 4.
            Step(Key.capsLock, .down, "ISO_Level3_Shift"), Step(Key.leftShift, .down, "Shift_L"),
            Step(Key.five, .both, "malesymbol"), Step(Key.e, .both, "Greek_lambda"), Step(Key.space, .both, "nobreakspace"),
            Step(Key.kp8, .both, "intersection"), Step(Key.esc, .both, "Escape"), Step(Key.leftShift, .up, "Caps_Lock"),
            Step(Key.capsLock, .up, "ISO_Level3_Shift"),
            // Level 5 key only (the group-4 level-5 symbols are not tested upstream).
            Step(Key.rightAlt, .down, "ISO_Level5_Shift"), Step(Key.esc, .both, "Escape"),
            Step(Key.rightAlt, .up, "ISO_Level5_Shift"), Step(Key.v, .both, "p"),
        ]),
        KeySequence(name: "de(neo) levels 5 to 8 alone", names: neo, steps: [
            // Level 5.
            Step(Key.rightAlt, .down, "ISO_Level5_Shift"), Step(Key.five, .both, "periodcentered"),
            Step(Key.e, .both, "Up"), Step(Key.space, .both, "KP_0"), Step(Key.kp8, .both, "KP_Up"),
            Step(Key.esc, .both, "Escape"), Step(Key.rightAlt, .up, "ISO_Level5_Lock"),
            // Level 6.
            Step(Key.rightAlt, .down, "ISO_Level5_Shift"), Step(Key.rightShift, .down, "Shift_R"),
            Step(Key.five, .both, "NoSymbol"), Step(Key.eight, .both, "ISO_Left_Tab"), Step(Key.e, .both, "Up"),
            Step(Key.space, .both, "KP_0"), Step(Key.kp8, .both, "KP_Up"), Step(Key.esc, .both, "Escape"),
            Step(Key.rightShift, .up, "Caps_Lock"), Step(Key.rightAlt, .up, "ISO_Level5_Lock"),
            // Level 7.
            Step(Key.rightAlt, .down, "ISO_Level5_Shift"), Step(Key.capsLock, .down, "ISO_Level3_Shift"),
            Step(Key.five, .both, "U2221"), Step(Key.e, .both, "Greek_LAMBDA"), Step(Key.space, .both, "U202F"),
            Step(Key.kp8, .both, "U22C2"), Step(Key.esc, .both, "Escape"), Step(Key.capsLock, .up, "ISO_Level3_Shift"),
            Step(Key.rightAlt, .up, "ISO_Level5_Lock"),
            // Level 8.
            Step(Key.rightAlt, .down, "ISO_Level5_Shift"), Step(Key.capsLock, .down, "ISO_Level3_Shift"),
            Step(Key.rightShift, .down, "Shift_R"), Step(Key.tab, .both, "ISO_Level5_Lock"), Step(Key.v, .both, "Greek_pi"),
            Step(Key.rightShift, .up, "Caps_Lock"), Step(Key.v, .both, "asciitilde"),
            Step(Key.capsLock, .up, "ISO_Level3_Shift"), Step(Key.v, .both, "p"),
            Step(Key.rightAlt, .up, "ISO_Level5_Lock"),
            // Level 5 is locked now.
            Step(Key.v, .both, "Return"),
        ]),
        KeySequence(name: "Shift then Alt goes to the previous group (bidir)", names: bidirectional, steps: [
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.leftAlt, .down, "ISO_Prev_Group"),
            Step(Key.leftAlt, .up, "ISO_Prev_Group"), Step(Key.leftShift, .up, "Shift_L"),
        ]),
        KeySequence(name: "backwards group switching wraps", names: bidirectional, steps: [
            Step(Key.h, .both, "h"), Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.h, .both, "Cyrillic_er"),
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.leftAlt, .both, "ISO_Prev_Group"),
            Step(Key.leftShift, .up, "Shift_L"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.leftAlt, .both, "ISO_Prev_Group"),
            Step(Key.leftShift, .up, "Shift_L"), Step(Key.h, .both, "h"),
            Step(Key.leftShift, .down, "Shift_L"), Step(Key.leftAlt, .both, "ISO_Prev_Group"),
            Step(Key.leftShift, .up, "Shift_L"), Step(Key.h, .both, "Cyrillic_er"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.h, .both, "h"),
        ]),
        KeySequence(name: "Mode_switch selects the next group while held", names: modeSwitch, steps: [
            Step(Key.h, .both, "h"), Step(Key.rightAlt, .down, "Mode_switch"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.rightAlt, .up, "ISO_Level3_Shift"), Step(Key.h, .both, "h"),
            Step(Key.rightAlt, .down, "Mode_switch"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.rightAlt, .up, "ISO_Level3_Shift"), Step(Key.h, .both, "h"),
        ]),
        KeySequence(name: "locked and depressed groups add up and wrap", names: modeSwitch, steps: [
            Step(Key.h, .both, "h"), Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.leftAlt, .down, "Mode_switch"),
            Step(Key.h, .both, "Cyrillic_er"), Step(Key.leftAlt, .up, "Mode_switch"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.leftAlt, .down, "Mode_switch"),
            Step(Key.h, .both, "h"), Step(Key.leftAlt, .up, "Mode_switch"), Step(Key.h, .both, "Cyrillic_er"),
            Step(Key.compose, .both, "ISO_Next_Group"), Step(Key.h, .both, "h"),
            Step(Key.rightAlt, .down, "Mode_switch"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.leftAlt, .down, "Mode_switch"), Step(Key.h, .both, "Cyrillic_er"),
            Step(Key.leftAlt, .up, "Mode_switch"), Step(Key.h, .both, "hebrew_yod"),
            Step(Key.rightAlt, .up, "ISO_Level3_Shift"), Step(Key.h, .both, "h"),
        ]),
        KeySequence(name: "us(euro) puts € on AltGr+5", names: euro, steps: [
            Step(Key.five, .both, "5"), Step(Key.rightAlt, .down, "ISO_Level3_Shift"),
            Step(Key.five, .both, "EuroSign"), Step(Key.rightAlt, .up, "ISO_Level3_Shift"),
        ]),
    ]
}
