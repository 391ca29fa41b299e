// The plain-C fold: the same semantics as NavigationState.evolve for the classic split (style
// .unspecified, what SessionGenerator records; Sources/NavigationCore/NavigationState+Evolve.swift),
// statement by statement, over a flat array of 16-byte events. Column-style events are no-ops here.
// BenchSupport checks, at several points of every session, that it is in the same state as the
// Swift fold.
#include "CBaselines.h"

#include <lz4.h>
#include <lz4hc.h>
#include <stdlib.h>
#include <string.h>

static inline int is_minted(uint32_t id) { return (id & NT_MINTED_BIT) != 0; }
static inline uint32_t id_index(uint32_t id) { return id & ~NT_MINTED_BIT; }

static inline nt_record *rec(nt_state *s, uint32_t id) {
    if (id == NT_NONE) return NULL;
    uint32_t i = id_index(id);
    if (is_minted(id)) return i < s->minted_count ? &s->minted[i] : NULL;
    return i < s->app_count ? &s->app[i] : NULL;
}

const nt_record *nt_state_record(const nt_state *s, uint32_t id) { return rec((nt_state *)s, id); }

static inline int contains(nt_state *s, uint32_t id) { return rec(s, id) != NULL; }
static inline int is_navigation(nt_state *s, uint32_t id) {
    nt_record *r = rec(s, id);
    return r && r->kind == 1;
}

static inline void set_parent(nt_state *s, uint32_t id, uint8_t kind, uint32_t navigation) {
    nt_record *r = rec(s, id);
    if (r) { r->parent_kind = kind; r->parent_navigation = navigation; }
}

static inline double resolved_width(const nt_state *s, int32_t split_width) {
    double preferred = s->has_width ? s->pref_width : (s->has_fraction ? s->fraction : 1.0 / 3.0) * (double)split_width;
    double upper = s->has_maximum ? s->maximum : 320.0;
    double lower = s->has_minimum ? s->minimum : 0.0;
    double clamped = preferred < upper ? preferred : upper;
    return lower > clamped ? lower : clamped;
}

void nt_state_init(nt_state *s, uint32_t capacity, uint8_t size_class, int32_t width, int32_t height,
                   uint8_t idiom, uint8_t side_by_side) {
    memset(s, 0, sizeof *s);
    if (capacity < 1) capacity = 1;
    s->app = calloc(capacity, sizeof(nt_record));
    s->minted = calloc(capacity, sizeof(nt_record));
    s->app_capacity = s->minted_capacity = capacity;
    s->size_class = size_class; s->width = width; s->height = height; s->idiom = idiom; s->side_by_side = side_by_side;
    s->preferred_display_mode = 0;   // automatic
    s->display_mode = 1;             // secondaryOnly
    s->presents_with_gesture = 1;
    s->primary = s->secondary = s->remembered_secondary = s->nesting_navigation = s->presented = NT_NONE;
    s->primary_column_width = resolved_width(s, width);
}

void nt_state_copy(nt_state *d, const nt_state *src) {
    nt_record *app = d->app, *minted = d->minted;
    uint32_t app_cap = d->app_capacity, minted_cap = d->minted_capacity;
    if (app_cap < src->app_count) { app = realloc(app, src->app_capacity * sizeof(nt_record)); app_cap = src->app_capacity; }
    if (minted_cap < src->minted_count) { minted = realloc(minted, src->minted_capacity * sizeof(nt_record)); minted_cap = src->minted_capacity; }
    memcpy(app, src->app, src->app_count * sizeof(nt_record));
    memcpy(minted, src->minted, src->minted_count * sizeof(nt_record));
    *d = *src;
    d->app = app; d->app_capacity = app_cap;
    d->minted = minted; d->minted_capacity = minted_cap;
}

void nt_state_free(nt_state *s) {
    free(s->app);
    free(s->minted);
    s->app = s->minted = NULL;
}

static void create(nt_state *s, uint32_t id, uint8_t kind, uint32_t name, uint32_t restoration) {
    nt_record **base; uint32_t *count, *capacity;
    if (is_minted(id)) { base = &s->minted; count = &s->minted_count; capacity = &s->minted_capacity; }
    else { base = &s->app; count = &s->app_count; capacity = &s->app_capacity; }
    nt_record *r;
    if (id_index(id) == *count) {
        if (*count == *capacity) {
            *capacity *= 2;
            *base = realloc(*base, *capacity * sizeof(nt_record));
        }
        r = &(*base)[(*count)++];
    } else if (is_minted(id) && id_index(id) < *count && (*base)[id_index(id)].released) {
        r = &(*base)[id_index(id)];  // a released minted slot is reused (EX-3)
    } else {
        return;
    }
    memset(r, 0, sizeof *r);
    r->kind = kind; r->name = name; r->restoration = restoration;
    r->parent_navigation = NT_NONE;
}

/// A minted controller nothing references is deallocated: its stack's controllers lose their
/// parent and its slot is free (EX-3).
static void release(nt_state *s, uint32_t id) {
    nt_record *r = rec(s, id);
    if (!is_minted(id) || !r || r->released || r->parent_kind != NT_PARENT_NONE) return;
    for (int i = 0; i < r->stack_count; i++) {
        nt_record *child = rec(s, r->stack[i]);
        if (child && child->parent_kind == NT_PARENT_NAVIGATION && child->parent_navigation == id) {
            child->parent_kind = NT_PARENT_NONE;
            child->parent_navigation = NT_NONE;
        }
    }
    r->stack_count = 0; r->has_been_detail = 0; r->released = 1;
    r->parent_kind = NT_PARENT_NONE; r->parent_navigation = NT_NONE;
}

static inline int has_no_parent(nt_state *s, uint32_t id) {
    nt_record *r = rec(s, id);
    return r && r->parent_kind == NT_PARENT_NONE;
}

static void push(nt_state *s, uint32_t controller, uint32_t navigation) {
    if (controller == navigation || !is_navigation(s, navigation) || !has_no_parent(s, controller)) return;
    nt_record *nav = rec(s, navigation);
    if (nav->stack_count < NT_STACK_CAPACITY) nav->stack[nav->stack_count++] = controller; else s->overflows++;
    int in_detail = nav->has_been_detail;
    nt_record *c = rec(s, controller);
    c->parent_kind = NT_PARENT_NAVIGATION; c->parent_navigation = navigation;
    if (in_detail) c->has_been_detail = 1;
}

static void mark_detail(nt_state *s, uint32_t id, int depth) {
    if (depth >= 64) return;
    nt_record *r = rec(s, id);
    if (!r) return;
    r->has_been_detail = 1;
    for (int i = 0; i < r->stack_count; i++) mark_detail(s, r->stack[i], depth + 1);
}

static void pop_top(nt_state *s, uint32_t navigation) {
    nt_record *nav = rec(s, navigation);
    if (!nav || nav->stack_count <= 1) return;
    uint32_t popped = nav->stack[--nav->stack_count];
    set_parent(s, popped, NT_PARENT_NONE, NT_NONE);
}

static void pop_above(nt_state *s, int index, uint32_t navigation) {
    nt_record *nav = rec(s, navigation);
    int count = nav ? nav->stack_count : 0;
    if (index < 0 || index >= count - 1) return;
    for (int i = index + 1; i < count; i++) set_parent(s, nav->stack[i], NT_PARENT_NONE, NT_NONE);
    nav->stack_count = (uint8_t)(index + 1);
}

static int list_contains(const uint32_t *list, uint32_t n, uint32_t id) {
    for (uint32_t i = 0; i < n; i++) if (list[i] == id) return 1;
    return 0;
}

static void set_stack(nt_state *s, const uint32_t *list, uint32_t n, uint32_t navigation) {
    if (!is_navigation(s, navigation) || n == 0) return;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = i + 1; j < n; j++) if (list[i] == list[j]) return;
    for (uint32_t i = 0; i < n; i++) {
        nt_record *r = rec(s, list[i]);
        if (!r || list[i] == navigation) return;
        if (!(r->parent_kind == NT_PARENT_NONE || (r->parent_kind == NT_PARENT_NAVIGATION && r->parent_navigation == navigation))) return;
    }
    nt_record *nav = rec(s, navigation);
    for (int i = 0; i < nav->stack_count; i++)
        if (!list_contains(list, n, nav->stack[i])) set_parent(s, nav->stack[i], NT_PARENT_NONE, NT_NONE);
    uint32_t kept = n < NT_STACK_CAPACITY ? n : NT_STACK_CAPACITY;
    if (kept < n) s->overflows++;
    memcpy(nav->stack, list, kept * sizeof(uint32_t));
    nav->stack_count = (uint8_t)kept;
    int in_detail = nav->has_been_detail;
    for (uint32_t i = 0; i < n; i++) {
        set_parent(s, list[i], NT_PARENT_NAVIGATION, navigation);
        if (in_detail) mark_detail(s, list[i], 0);
    }
}

static void detach_from_navigation(nt_state *s, uint32_t id);

static void apply_show(nt_state *s, uint32_t target, uint8_t resolution, uint32_t navigation, int as_detail) {
    nt_record *r = rec(s, target);
    if (!r) return;
    int free_target = r->parent_kind == NT_PARENT_NONE;
    switch (resolution) {
    case NT_SHOW_PUSHED:
        if (!free_target) return;
        push(s, target, navigation);
        break;
    case NT_SHOW_PRIMARY:
        if (!free_target || (s->is_collapsed && s->primary != NT_NONE)) return;
        if (s->primary != NT_NONE && s->primary != target) set_parent(s, s->primary, NT_PARENT_NONE, NT_NONE);
        s->primary = target;
        set_parent(s, target, NT_PARENT_SPLIT, NT_NONE);
        break;
    case NT_SHOW_SECONDARY:
        if (!free_target || s->is_collapsed) return;
        if (s->secondary != NT_NONE && s->secondary != target) {
            detach_from_navigation(s, s->secondary);
            set_parent(s, s->secondary, NT_PARENT_NONE, NT_NONE);
        }
        s->secondary = target;
        set_parent(s, target, NT_PARENT_SPLIT, NT_NONE);
        break;
    case NT_SHOW_MODAL:
        if (s->presented != NT_NONE || !free_target) return;
        s->presented = target;
        set_parent(s, target, NT_PARENT_PRESENTED, NT_NONE);
        break;
    default: return;
    }
    if (as_detail) mark_detail(s, target, 0);
}

static void detach_from_navigation(nt_state *s, uint32_t id) {
    nt_record *r = rec(s, id);
    if (!r || r->parent_kind != NT_PARENT_NAVIGATION) return;
    nt_record *nav = rec(s, r->parent_navigation);
    if (nav) {
        for (int i = 0; i < nav->stack_count; i++) {
            if (nav->stack[i] == id) {
                memmove(&nav->stack[i], &nav->stack[i + 1], (size_t)(nav->stack_count - i - 1) * sizeof(uint32_t));
                nav->stack_count--;
                break;
            }
        }
    }
    set_parent(s, id, NT_PARENT_NONE, NT_NONE);
}

static void apply_split_view_controllers(nt_state *s, uint32_t new_primary, uint32_t new_secondary) {
    if (!contains(s, new_primary) || (new_secondary != NT_NONE && !contains(s, new_secondary)) || new_primary == new_secondary) return;
    if (rec(s, new_primary)->parent_kind == NT_PARENT_PRESENTED) return;
    if (new_secondary != NT_NONE && rec(s, new_secondary)->parent_kind == NT_PARENT_PRESENTED) return;
    detach_from_navigation(s, new_primary);
    if (new_secondary != NT_NONE) detach_from_navigation(s, new_secondary);
    if (s->primary != NT_NONE && s->primary != new_primary && s->primary != new_secondary)
        set_parent(s, s->primary, NT_PARENT_NONE, NT_NONE);
    if (s->is_collapsed) {
        s->primary = new_primary;
        set_parent(s, new_primary, NT_PARENT_SPLIT, NT_NONE);
        s->nesting_navigation = is_navigation(s, new_primary) ? new_primary : NT_NONE;
        s->remembered_secondary = new_secondary;
        s->remembered_was_pushed = 0;
        if (new_secondary != NT_NONE) mark_detail(s, new_secondary, 0);
    } else {
        if (s->secondary != NT_NONE && s->secondary != new_primary && s->secondary != new_secondary)
            set_parent(s, s->secondary, NT_PARENT_NONE, NT_NONE);
        s->primary = new_primary;
        s->secondary = new_secondary;
        set_parent(s, new_primary, NT_PARENT_SPLIT, NT_NONE);
        if (new_secondary != NT_NONE) {
            set_parent(s, new_secondary, NT_PARENT_SPLIT, NT_NONE);
            mark_detail(s, new_secondary, 0);
        }
    }
}

static void apply_collapse(nt_state *s, uint32_t new_primary, uint8_t outcome) {
    if (s->is_collapsed || !contains(s, new_primary)) return;
    if (rec(s, new_primary)->parent_kind != NT_PARENT_SPLIT) return;
    if (outcome > NT_COLLAPSE_SECONDARY_BECAME_PRIMARY) return;  // column-style outcomes
    uint32_t old_secondary = s->secondary;
    if (s->primary != NT_NONE && s->primary != new_primary) set_parent(s, s->primary, NT_PARENT_NONE, NT_NONE);
    switch (outcome) {
    case NT_COLLAPSE_SECONDARY_PUSHED:
        if (old_secondary != NT_NONE) {
            s->secondary = NT_NONE;
            set_parent(s, old_secondary, NT_PARENT_NONE, NT_NONE);
            push(s, old_secondary, new_primary);
        }
        break;
    case NT_COLLAPSE_MERGED_BY_DELEGATE:
        if (old_secondary != NT_NONE) {
            uint32_t children[NT_STACK_CAPACITY];
            nt_record *old = rec(s, old_secondary);
            int n = old ? old->stack_count : 0;
            if (old) { memcpy(children, old->stack, (size_t)n * sizeof(uint32_t)); old->stack_count = 0; }
            nt_record *np = rec(s, new_primary);
            if (np) {
                for (int i = 0; i < n; i++) {
                    if (np->stack_count < NT_STACK_CAPACITY) np->stack[np->stack_count++] = children[i]; else s->overflows++;
                }
            }
            for (int i = 0; i < n; i++) set_parent(s, children[i], NT_PARENT_NAVIGATION, new_primary);
            set_parent(s, old_secondary, NT_PARENT_NONE, NT_NONE);
        }
        break;
    case NT_COLLAPSE_DISCARDED_BY_DELEGATE:
    case NT_COLLAPSE_DISCARDED_BY_PRIMARY:
    case NT_COLLAPSE_SECONDARY_BECAME_PRIMARY:
        if (old_secondary != NT_NONE && old_secondary != new_primary) set_parent(s, old_secondary, NT_PARENT_NONE, NT_NONE);
        break;
    default: break;
    }
    s->primary = new_primary;
    s->secondary = NT_NONE;
    set_parent(s, new_primary, NT_PARENT_SPLIT, NT_NONE);
    s->remembered_secondary = old_secondary;
    s->remembered_was_pushed = outcome == NT_COLLAPSE_SECONDARY_PUSHED;
    s->nesting_navigation = is_navigation(s, new_primary) ? new_primary : NT_NONE;
    s->is_collapsed = 1;
}

static void apply_separate(nt_state *s, uint32_t new_primary, uint32_t secondary, uint8_t source) {
    if (!s->is_collapsed || !contains(s, new_primary)) return;
    if (source == NT_SEPARATE_COLUMNS_RESTORED) return;
    if (source == NT_SEPARATE_POPPED_FROM_PRIMARY) {
        nt_record *np = rec(s, new_primary);
        uint32_t top = np->stack_count ? np->stack[np->stack_count - 1] : NT_NONE;
        if (secondary == NT_NONE || top != secondary) return;
        pop_top(s, new_primary);
    }
    if (s->primary != NT_NONE && s->primary != new_primary) set_parent(s, s->primary, NT_PARENT_NONE, NT_NONE);
    s->primary = new_primary;
    set_parent(s, new_primary, NT_PARENT_SPLIT, NT_NONE);
    s->secondary = NT_NONE;
    if (secondary != NT_NONE && contains(s, secondary) && secondary != new_primary) {
        s->secondary = secondary;
        set_parent(s, secondary, NT_PARENT_SPLIT, NT_NONE);
    }
    s->nesting_navigation = NT_NONE;
    s->is_collapsed = 0;
}

static void apply_property(nt_state *s, const nt_event *e) {
    double value;
    uint64_t bits = (uint64_t)e->a | ((uint64_t)e->b << 32);
    memcpy(&value, &bits, sizeof value);
    switch (e->x) {
    case NT_PROP_GESTURE: s->presents_with_gesture = e->a != 0; break;
    case NT_PROP_EDGE: s->primary_edge = (uint8_t)e->a; break;
    case NT_PROP_FRACTION: s->has_fraction = e->y; s->fraction = value; break;
    case NT_PROP_WIDTH: s->has_width = e->y; s->pref_width = value; break;
    case NT_PROP_MIN: s->has_minimum = e->y; s->minimum = value; break;
    case NT_PROP_MAX: s->has_maximum = e->y; s->maximum = value; break;
    case NT_PROP_SECONDARY_ONLY_BUTTON: s->shows_secondary_only_button = e->a != 0; break;
    case NT_PROP_BUTTON_VISIBILITY: s->display_mode_button_visibility = (uint8_t)e->a; break;
    }
    s->primary_column_width = resolved_width(s, s->width);
}

void nt_fold(nt_state *s, const nt_event *events, size_t count, const uint32_t *lists) {
    for (size_t i = 0; i < count; i++) {
        const nt_event *e = &events[i];
        switch (e->tag) {
        case NT_PUSHED: push(s, e->a, e->b); break;
        case NT_POPPED: pop_top(s, e->a); break;
        case NT_SHOWN: apply_show(s, e->a, e->x, e->b, 0); break;
        case NT_DETAIL_SHOWN: if (e->a != NT_NONE) apply_show(s, e->a, e->x, e->b, 1); break;
        case NT_DISPLAY_MODE_CHANGED: if (e->x != 0) s->display_mode = e->x; break;
        case NT_TRAITS_CHANGED:
            s->size_class = e->x; s->idiom = e->y; s->side_by_side = e->z;
            s->width = (int32_t)e->a; s->height = (int32_t)e->b;
            s->primary_column_width = resolved_width(s, s->width);
            break;
        case NT_COLLAPSED: apply_collapse(s, e->a, e->x); break;
        case NT_SEPARATED: apply_separate(s, e->a, e->b, e->x); break;
        case NT_POPPED_TO_ROOT: pop_above(s, 0, e->a); break;
        case NT_POPPED_TO: {
            nt_record *nav = rec(s, e->b);
            if (!nav) break;
            for (int j = 0; j < nav->stack_count; j++) {
                if (nav->stack[j] == e->a) { pop_above(s, j, e->b); break; }
            }
            break;
        }
        case NT_STACK_SET:
        case NT_STACK_INITIALIZED: set_stack(s, lists + e->c, e->b, e->a); break;
        case NT_PRESENTED:
            if (s->presented != NT_NONE || !has_no_parent(s, e->a)) break;
            s->presented = e->a;
            set_parent(s, e->a, NT_PARENT_PRESENTED, NT_NONE);
            break;
        case NT_DISMISSED:
            if (s->presented != e->a) break;
            s->presented = NT_NONE;
            set_parent(s, e->a, NT_PARENT_NONE, NT_NONE);
            break;
        case NT_SPLIT_VIEW_CONTROLLERS_SET: apply_split_view_controllers(s, e->a, e->b); break;
        case NT_PREFERRED_DISPLAY_MODE_SET: s->preferred_display_mode = e->x; break;
        case NT_PROPERTY_SET: apply_property(s, e); break;
        case NT_LAUNCHED:
            s->is_launched = 1;
            s->size_class = e->x; s->idiom = e->y; s->side_by_side = e->z;
            s->width = (int32_t)e->a; s->height = (int32_t)e->b;
            s->primary_column_width = resolved_width(s, s->width);
            break;
        case NT_NAME_INTERNED: s->name_count++; break;
        case NT_CONTROLLER_CREATED: create(s, e->a, e->x, e->b, e->c); break;
        case NT_CONTROLLER_RELEASED: release(s, e->a); break;
        default: break;  // rejected, ignored
        }
    }
}

int nt_lz4_decompress_safe(const char *source, char *destination, int compressed_size, int capacity) {
    return LZ4_decompress_safe(source, destination, compressed_size, capacity);
}

int nt_lz4_compress_default(const char *source, char *destination, int size, int capacity) {
    return LZ4_compress_default(source, destination, size, capacity);
}

int nt_lz4_compress_with(const char *dictionary, int dictionary_size, int level,
                         const char *source, char *destination, int size, int capacity) {
    if (level == 0) {
        LZ4_stream_t stream;
        LZ4_initStream(&stream, sizeof stream);
        if (dictionary_size > 0) LZ4_loadDict(&stream, dictionary, dictionary_size);
        return LZ4_compress_fast_continue(&stream, source, destination, size, capacity, 1);
    }
    static LZ4_streamHC_t stream;  // 256 KiB: not on the stack; the profile tool is single-threaded
    LZ4_initStreamHC(&stream, sizeof stream);
    LZ4_resetStreamHC_fast(&stream, level);
    if (dictionary_size > 0) LZ4_loadDictHC(&stream, dictionary, dictionary_size);
    return LZ4_compress_HC_continue(&stream, source, destination, size, capacity);
}

int nt_lz4_decompress_with(const char *dictionary, int dictionary_size,
                           const char *source, char *destination, int compressed_size, int capacity) {
    return LZ4_decompress_safe_usingDict(source, destination, compressed_size, capacity, dictionary, dictionary_size);
}
