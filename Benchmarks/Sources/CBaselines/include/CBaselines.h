// The C baselines of the NavTape benchmarks: the ceiling for the evolve loop (a fold of the same
// events over a flat array of plain structs into a C state of the same shape) and a thin wrapper
// around LZ4_decompress_safe (the ceiling for block decompression). No Swift type crosses here.
#ifndef NAVTAPE_C_BASELINES_H
#define NAVTAPE_C_BASELINES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// "No controller": an optional ControllerID that is nil.
#define NT_NONE 0xFFFFFFFFu
/// The top bit of a raw ControllerID marks a model-minted controller.
#define NT_MINTED_BIT 0x80000000u
/// Stacks are small inline arrays: a push onto a full stack is counted in `overflows` and dropped.
#define NT_STACK_CAPACITY 24

/// Event tags: NavigationCore.EventKind's frozen raw values.
enum {
    NT_NAME_INTERNED = 0, NT_CONTROLLER_CREATED = 1, NT_STACK_INITIALIZED = 2, NT_LAUNCHED = 3,
    NT_TRAITS_CHANGED = 4, NT_PROPERTY_SET = 5, NT_PREFERRED_DISPLAY_MODE_SET = 6,
    NT_DISPLAY_MODE_CHANGED = 7, NT_SPLIT_VIEW_CONTROLLERS_SET = 8, NT_COLLAPSED = 9, NT_SEPARATED = 10,
    NT_SHOWN = 11, NT_DETAIL_SHOWN = 12, NT_PUSHED = 13, NT_POPPED = 14, NT_POPPED_TO_ROOT = 15,
    NT_POPPED_TO = 16, NT_STACK_SET = 17, NT_PRESENTED = 18, NT_DISMISSED = 19, NT_REJECTED = 20,
    NT_IGNORED = 21, NT_CONTROLLER_RELEASED = 32
};

/// Show resolutions (x of shown / detailShown).
enum { NT_SHOW_PUSHED = 0, NT_SHOW_PRIMARY = 1, NT_SHOW_SECONDARY = 2, NT_SHOW_MODAL = 3, NT_SHOW_DELEGATE = 4, NT_SHOW_UNCHANGED = 5,
       NT_SHOW_REPLACED = 6 };
/// Parent kinds.
enum { NT_PARENT_NONE = 0, NT_PARENT_NAVIGATION = 1, NT_PARENT_SPLIT = 2, NT_PARENT_PRESENTED = 3 };
/// Collapse outcomes and separate sources: NavigationCore's raw values.
enum { NT_COLLAPSE_NO_SECONDARY = 0, NT_COLLAPSE_SECONDARY_PUSHED = 1, NT_COLLAPSE_DISCARDED_BY_DELEGATE = 2,
       NT_COLLAPSE_MERGED_BY_DELEGATE = 3, NT_COLLAPSE_DISCARDED_BY_PRIMARY = 4, NT_COLLAPSE_SECONDARY_BECAME_PRIMARY = 5 };
enum { NT_SEPARATE_POPPED_FROM_PRIMARY = 2, NT_SEPARATE_COLUMNS_RESTORED = 5 };
/// Split properties (x of propertySet).
enum { NT_PROP_GESTURE = 0, NT_PROP_EDGE = 1, NT_PROP_FRACTION = 2, NT_PROP_WIDTH = 3, NT_PROP_MIN = 4, NT_PROP_MAX = 5,
       NT_PROP_SECONDARY_ONLY_BUTTON = 6, NT_PROP_BUTTON_VISIBILITY = 7 };

/// One event, 16 bytes, fields by tag:
/// - controllerCreated: a id, x kind, b name, c restoration or NT_NONE
/// - stackInitialized / stackSet: a navigation, b list count, c offset into the list pool
/// - launched / traitsChanged: a width, b height, x size class, y idiom, z side-by-side
/// - propertySet: x property, y has value (bool value for gesture/edge in a), a/b the double's bits
/// - preferredDisplayModeSet / displayModeChanged: x mode
/// - splitViewControllersSet: a primary, b secondary or NT_NONE
/// - collapsed: a new primary, x outcome; separated: a new primary, b secondary or NT_NONE, x source
/// - shown / detailShown: a target or NT_NONE, b navigation (pushed), x resolution (replacedStack,
///   a manual-style resolution, is NT_SHOW_REPLACED: a no-op for the classic split)
/// - pushed / poppedTo: a controller, b navigation; popped / poppedToRoot: a navigation
/// - presented / dismissed: a controller
typedef struct nt_event {
    uint8_t tag, x, y, z;
    uint32_t a, b, c;
} nt_event;

typedef struct nt_record {
    uint8_t kind;
    uint8_t has_been_detail;
    uint8_t parent_kind;
    uint8_t stack_count;
    uint8_t released;
    uint32_t parent_navigation;
    uint32_t name;
    uint32_t restoration;
    uint32_t stack[NT_STACK_CAPACITY];
} nt_record;

typedef struct nt_state {
    nt_record *app;
    uint32_t app_count, app_capacity;
    nt_record *minted;
    uint32_t minted_count, minted_capacity;
    uint32_t name_count;
    uint8_t size_class, idiom, side_by_side;
    uint8_t is_launched, is_collapsed;
    uint8_t preferred_display_mode, display_mode;
    uint8_t presents_with_gesture, primary_edge, remembered_was_pushed;
    uint8_t shows_secondary_only_button, display_mode_button_visibility;
    int32_t width, height;
    uint32_t primary, secondary, remembered_secondary, nesting_navigation, presented;
    uint8_t has_fraction, has_width, has_minimum, has_maximum;
    double fraction, pref_width, minimum, maximum;
    double primary_column_width;
    uint64_t overflows;
} nt_state;

/// A new state like `NavigationState(traits:)`, with room for `capacity` controllers per space.
void nt_state_init(nt_state *state, uint32_t capacity, uint8_t size_class, int32_t width, int32_t height,
                   uint8_t idiom, uint8_t side_by_side);
/// Copies `source` into `destination` (which must be initialised); reuses its storage.
void nt_state_copy(nt_state *destination, const nt_state *source);
void nt_state_free(nt_state *state);

/// Folds `count` events into `state`; `lists` is the pool that stack events point into.
void nt_fold(nt_state *state, const nt_event *events, size_t count, const uint32_t *lists);

/// The record of a raw controller ID, or NULL.
const nt_record *nt_state_record(const nt_state *state, uint32_t id);

/// LZ4_compress_default (for the size analysis of `profile columns`).
int nt_lz4_compress_default(const char *source, char *destination, int size, int capacity);

/// One LZ4 block of `source`, compressed with the `dictionary_size` bytes before it as dictionary
/// (0: none): level 0 is LZ4_compress_fast_continue (acceleration 1), 1...12 LZ4 HC at that level.
/// For the linked-block and HC analysis of `profile columns`.
int nt_lz4_compress_with(const char *dictionary, int dictionary_size, int level,
                         const char *source, char *destination, int size, int capacity);

/// LZ4_decompress_safe_usingDict (the read side of `nt_lz4_compress_with`).
int nt_lz4_decompress_with(const char *dictionary, int dictionary_size,
                           const char *source, char *destination, int compressed_size, int capacity);

/// LZ4_decompress_safe, so that Swift code needs no lz4 module of its own.
int nt_lz4_decompress_safe(const char *source, char *destination, int compressed_size, int capacity);

#ifdef __cplusplus
}
#endif
#endif
