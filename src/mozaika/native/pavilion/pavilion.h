/* Azul: Summer Pavilion (coloured and colourless stars, rules S-1..S-17), natively.
 *
 * pavilion.c holds the rules, pavilion_tables.c the board's geometry, pavilion_family.c the
 * family's table for the core (core.h) with its chance and playouts, pavilion_fields.c its fields
 * and its flat form (dump and load), pavilion_search.c and pavilion_vector.c its part in the search
 * and the vector environment.  Names carry a PV_ (pv_) prefix so that the module can include the
 * wall games' header beside this one.
 */
#ifndef MOZAIKA_PAVILION_H
#define MOZAIKA_PAVILION_H

#include "core.h"

#define PV_COLOURS 6
#define PV_STARS 7
#define PV_SLOTS 6
#define PV_SPACES (PV_STARS * PV_SLOTS)
#define PV_CENTRE_STAR 6
#define PV_FULL_STAR 0x3f
#define PV_ROUNDS 6
#define PV_SUPPLY_SIZE 10
#define PV_KEEP_MOST 4
#define PV_EMPTY (-1)
#define PV_FEATURES 18
/* Tiles owed by completed features: a loaded position owes at most PV_LOADED_PENDING, and one
 * placement adds at most two (a space lies in at most two features). */
#define PV_LOADED_PENDING PV_FEATURES
#define PV_MOST_PENDING (PV_LOADED_PENDING + 6)
/* The tiles of a colour, wherever they lie, on a position the core holds: play conserves them
 * (F-4), so no pile can outgrow what the draw's buffers hold. */
#define PV_MOST_TILES 255
/* Chance events far from the end of the range, so that counting them never overflows. */
#define PV_MOST_CHANCE_INDEX (INT64_MAX / 2)
#define PV_KEEPS 210 /* every pass: the multisets of at most 4 tiles of 6 colours */
#define PV_PICKS 83  /* every bonus pick: 6 of one tile, 21 of two, 56 of three */
#define PV_TAKE_SLOTS (MOST_FACTORIES + 1)
#define PV_CENTRE_SLOT MOST_FACTORIES
/* The most legal moves a position can have: every placement (space, colour, wilds), every pass. */
#define PV_MOST_MOVES (PV_SPACES * PV_COLOURS * PV_SLOTS + PV_KEEPS)

/* The Python engine's numbers (mozaika.pavilion.table). */
enum { PV_CHANCE, PV_ACQUIRE, PV_PLACE, PV_PICK, PV_OVER };
enum { PV_SETUP, PV_FILL, PV_REFILL };
/* PavilionBoard.STATS, in order. */
enum {
    PV_PLACEMENT_POINTS,
    PV_MARKER_POINTS,
    PV_DISCARD_POINTS,
    PV_STAR_BONUS,
    PV_NUMBER_BONUS,
    PV_BONUS_TILES,
    PV_STAT_COUNT
};

/* A move as a number: its kind, then its index in the table of that kind (see pv_code). */
enum { PV_TAKE_MOVE, PV_PLACE_MOVE, PV_PASS_MOVE, PV_PICK_MOVE };
#define PV_KIND_SHIFT 12
#define PV_INDEX_MASK ((1 << PV_KIND_SHIFT) - 1)
static inline int pv_code(int kind, int index) { return kind << PV_KIND_SHIFT | index; }
/* A take's index: (slot * 6 + colour), the centre in slot PV_CENTRE_SLOT whatever the factories. */
static inline int pv_take_index(int slot, int colour) { return slot * PV_COLOURS + colour; }
/* A placement's index: (space * 6 + colour) * 6 + wilds, as PLACES[space][colour][wilds]. */
static inline int pv_place_index(int space, int colour, int wilds) {
    return (space * PV_COLOURS + colour) * PV_SLOTS + wilds;
}

/* A seat's board and hand (mozaika.pavilion.board.PavilionBoard). */
typedef struct {
    int64_t score;
    int64_t stats[PV_STAT_COUNT];
    uint64_t filled; /* bit 6 * star + slot */
    int32_t hand[PV_COLOURS];
    int8_t colours[PV_SPACES];
    uint8_t star_rings[PV_STARS];
    uint8_t star_colours[PV_STARS];
    uint8_t passed;
} PavBoard;

typedef struct {
    Offer offer;
    int32_t bag[PV_COLOURS];
    int32_t tower[PV_COLOURS];
    int32_t supply[PV_COLOURS];
    PavBoard boards[MOST_SEATS];
    int64_t chance_index;
    uint8_t pending[PV_MOST_PENDING];
    uint8_t pending_len;
    uint8_t round;
    uint8_t players;
    uint8_t colourless;
    uint8_t phase;
    uint8_t chance_kind;
} PavPosition;

/* --- the tables and the rules ---------------------------------------------------------------- */

/* The tables (pavilion_tables.c), built by pv_init_tables. */
#define PV_MIXED_STAR_BONUS 12
extern const uint8_t PV_WILD_BY_ROUND[PV_ROUNDS];
extern const int PV_STAR_BONUS_POINTS[PV_STARS]; /* STAR_BONUS by star (S-13), or by colour (S-17) */
extern const int PV_NUMBER_BONUS_POINTS[5];
extern uint8_t PV_NUMBERS[2][PV_SPACES];       /* COLOURED_NUMBERS, COLOURLESS_NUMBERS */
extern uint64_t PV_NUMBER_MASKS[2][5];         /* number_masks(numbers), by number 1-4 */
extern uint64_t PV_FEATURE_MASKS[PV_FEATURES]; /* FEATURE_MASKS */
extern uint8_t PV_FEATURE_TILES[PV_FEATURES];
extern uint8_t PV_FEATURES_AT[PV_SPACES][PV_FEATURES]; /* FEATURES_AT, PV_FEATURES_AT_COUNT of each */
extern uint8_t PV_FEATURES_AT_COUNT[PV_SPACES];
extern uint8_t PV_ARC_POINTS[1 << PV_SLOTS][PV_SLOTS];
/* The passes as moves._KEEPS lists them, and the picks as moves._PICK_SIZES does: each one's
 * counts by colour, and those counts packed four bits a colour (moves._packed). */
extern uint8_t PV_KEEP_COUNTS[PV_KEEPS][PV_COLOURS];
extern uint32_t PV_KEEP_PACKED[PV_KEEPS];
extern uint8_t PV_PICK_COUNTS[PV_PICKS][PV_COLOURS];
extern uint32_t PV_PICK_PACKED[PV_PICKS];
extern int PV_PICK_START[5]; /* the picks of s tiles: PV_PICK_START[s] .. PV_PICK_START[s + 1] - 1 */
void pv_init_tables(void);
/* Counts by colour, each at most `cap` (at most 7), packed four bits a colour.  With a guard bit
 * (8) added to each field of a hand's packing, a set of tiles fits the hand exactly when
 * subtracting its packing leaves every guard bit set (moves._GUARDS). */
uint32_t pv_packed(const int32_t *counts, int cap);
#define PV_GUARDS 0x888888u
/* The passes that fit a hand, as keep indices in the order of moves._KEEPS, by the hand's packing
 * (capped at the tiles it may keep, with its guard bits). */
typedef struct {
    uint32_t held; /* the packing; 0 for an entry not filled yet */
    uint16_t count;
    uint8_t keeps[PV_KEEPS];
} PassList;
const PassList *pv_passes_for(uint32_t held);

/* --- the rules (pavilion.c), each the PavilionState method of its name ------------------------ */

int pv_wild(const PavPosition *p);
int pv_supply_tiles(const PavPosition *p);
/* legal_moves() as codes, in the Python engine's order; returns how many. */
int pv_legal_codes(const PavPosition *p, int *codes);
/* The move a playout picks with the number `number` in [0, 1): moves[int(number * len(moves))]
 * (State.playout), without listing the passes; returns how many moves there are (-1 when the
 * number picks none). */
int pv_choose_code(const PavPosition *p, int *codes, double number, int *chosen);
/* Play a code of pv_legal_codes. */
void pv_play_code(PavPosition *p, int code);
int pv_take_is_legal(const PavPosition *p, long source, long colour);
void pv_take(PavPosition *p, int source, int colour);
int pv_place_is_legal(const PavPosition *p, long space, long colour, long wilds);
void pv_place(PavPosition *p, int space, int colour, int wilds);
int pv_pass_is_legal(const PavPosition *p, const int *kept, int kept_len);
void pv_pass(PavPosition *p, const int *kept);
int pv_pick_is_legal(const PavPosition *p, const int *wanted, int size);
void pv_pick(PavPosition *p, const int *wanted);
/* Chance: the sizes of the pending draw's groups (_draw_sizes), and its outcome applied. */
int pv_draw_sizes(const PavPosition *p, int *sizes);
void pv_apply_fill(PavPosition *p, const Groups *groups);
void pv_apply_supply(PavPosition *p, const uint8_t *tiles, int count);
/* Tiles of each colour wherever they lie (counts_in_play). */
void pv_colour_totals(const PavPosition *p, int64_t totals[PV_COLOURS]);

/* --- the family in the core (pavilion_family.c; fields, dump and load in pavilion_fields.c) ------ */

/* The objects a core hands out, shared by every core: a tuple of (takes by pv_take_index, placements
 * by pv_place_index, passes in the order of moves._KEEPS, picks of 1, 2 then 3 tiles in the order of
 * moves._PICK_SIZES, the four move classes, make_fill(groups), make_supply(tiles),
 * entropy(seed, index, size) -> bytes). */
enum {
    PT_TAKES,
    PT_PLACES,
    PT_PASSES,
    PT_PICKS,
    PT_TAKE_TYPE,
    PT_PLACE_TYPE,
    PT_PASS_TYPE,
    PT_PICK_TYPE,
    PT_MAKE_FILL,
    PT_MAKE_SUPPLY,
    PT_ENTROPY,
    PT_COUNT
};

/* A core of this family (core.h) with its position; a move of its last list is known by its identity
 * in the position it was listed in (listed_at). */
typedef struct {
    CORE_HEAD
    PavPosition position;
} PavilionCore;
extern const Family PAVILION_FAMILY;

/* Every pending chance event of `p` as the seed decides (pavilion_family.c); each outcome recorded in
 * `record` (NULL: not recorded); 0, or -1 with an error set. */
int pv_resolve_position(PavilionCore *self, PavPosition *p, const ChanceSeed *seed, StepRecord *record);
/* The steps Summer Pavilion records (steps.h): a move by its code, a fill by its groups (one word per
 * group: its size, then its colours, three bits each), a supply by its tiles (one word: three bits each). */
enum { PV_STEP_MOVE, PV_STEP_FILL, PV_STEP_SUPPLY };
PyObject *pv_read_step(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at);
/* The move object of a code (borrowed from the tables). */
PyObject *pv_code_object(PavilionCore *self, int code);
/* The search (pavilion_search.c) and the vector environment (pavilion_vector.c). */
extern const SearchGame PAVILION_SEARCH;
extern const VectorGame PAVILION_VECTOR;
/* Fields, and the flat form (pavilion_fields.c). */
#define PV_BOARD_FIELDS 13
PyObject *pv_board_field(const void *position, int seat, int field);
int pv_dump(const void *position, int64_t *values);
void pv_load(void *position, Reader *reader);
const char *pv_check(const void *position, PyObject *tables);
/* NULL when the position keeps what the rules keep in step, else what it breaks. */
const char *pv_inconsistency(const PavPosition *p);
extern PyGetSetDef pv_getset[];
int pavilion_init(void);

#endif
