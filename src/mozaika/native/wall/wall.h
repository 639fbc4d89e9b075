/* The wall games' board family: Azul (coloured and grey wall, rules A-1..A-13).
 *
 * wall.c holds the rules (the special factories in wall_special.c), wall_family.c the family's table
 * for the core (core.h) and how it reads moves; wall_chance.c its chance, wall_playout.c its playouts,
 * wall_fields.c its fields, wall_flat.c its flat form, wall_codes.c its moves as numbers, wall_search.c
 * and wall_vector.c its part in the search and the vector environment.
 */
#ifndef MOZAIKA_WALL_H
#define MOZAIKA_WALL_H

#include "core.h"

#define SIZE 5
#define COLOURS 5
#define FLOOR_LINE 5
#define FLOOR_SPACES 7
#define MARKER COLOURS
#define EMPTY (-1)
#define FULL_ROW 0x1f
#define TILES_PER_COLOUR 20

enum { DRAFT, TILING, CHANCE, OVER };
/* Master Chocolatier's special discs (mozaika.chocolatier.discs), NO_DISC on an ordinary factory. */
enum { NO_DISC, EXTRA_TILE, PULL, KEEP, SPLIT, FLOOR_SPACE };
enum { PLACEMENT, FLOOR_POINTS, TILES_TO_FLOOR, BONUS_ROWS, BONUS_COLUMNS, BONUS_COLOURS, STAT_COUNT };

typedef struct {
    int64_t score;
    int64_t stats[STAT_COUNT];
    uint32_t wall; /* bit 5 * row + column */
    int8_t line_colour[SIZE];
    uint8_t line_count[SIZE];
    int8_t wall_colours[SIZE * SIZE];
    uint8_t colour_rows[COLOURS]; /* per colour, the wall rows holding it */
    uint8_t column_colours[SIZE]; /* per column, the colours it holds */
    uint8_t accept[COLOURS];      /* per colour, the pattern lines that may take it */
    int8_t floor[FLOOR_SPACES];
    uint8_t floor_len;
    uint8_t tiling_line;
    uint8_t waiting;
} WallBoard;

typedef struct {
    Offer offer;
    int32_t bag[COLOURS];
    int32_t lid[COLOURS];
    WallBoard boards[MOST_SEATS];
    int64_t round;
    int64_t chance_index;
    uint8_t players;
    uint8_t grey;
    uint8_t phase;
    /* Master Chocolatier's special factories (M-1..M-5); none in Azul. */
    uint8_t special;
    uint8_t disc_kind[MOST_FACTORIES];
    int8_t disc_colour[MOST_FACTORIES]; /* SN2's colour, else EMPTY */
    int8_t disc_holder;                 /* the seat that took from SN5 this round, or -1 */
    int8_t disc_tile;                   /* the praline on the held SN5 disc, or EMPTY */
} WallPosition;

/* The rules (wall.c; the special factories in wall_special.c), each the AzulState method of its name. */
unsigned grey_columns(const WallBoard *board, int row, int colour);
int placement_points(uint32_t wall, int row, int column);
extern const int FLOOR_LOSS[FLOOR_SPACES + 1]; /* points lost for 0..7 floor spaces taken */
void finish_game(WallPosition *p);
void settle_take(WallPosition *p, int source, int colour, int line);
void finish_take(WallPosition *p, int seat, int colour, int taken, int line, int marker);
int take_is_legal(const WallPosition *p, long source, long colour, long line);
int play_take(WallPosition *p, long source, long colour, long line, int split, long to_previous, long to_next);
int disc_index(const WallPosition *p, int kind);
int column_is_legal(const WallPosition *p, long seat, long line, long column);
void choose_column(WallPosition *p, int seat, int line, int column);
void deal_and_open(WallPosition *p, const Groups *groups);
void deal_special(WallPosition *p, const Groups *groups, const uint8_t *kinds, const int8_t *colours, int extra_colour);

/* The family in the core (wall_family.c). */
/* The objects a core hands out, shared by every copy: a tuple of (take moves by
 * ((slot * 5 + colour) * 6 + line), wall moves by (seat * 25 + line * 5 + column), the take
 * class, the wall-move class, make_fill(groups) -> outcome, entropy(seed, index, size) -> bytes,
 * and for Master Chocolatier's special factories the split-take class, make_split(source,
 * colour, line, to_previous, to_next) -> move, make_special(factories, disc codes, extra,
 * groups drawn, bag, lid, bag after, lid after) -> the outcome of a round's start the core
 * sampled, and a dict in which the core keeps the split takes it was given; None where a game
 * has none). */
enum {
    T_TAKES,
    T_WALL_MOVES,
    T_TAKE_TYPE,
    T_WALL_TYPE,
    T_MAKE_FILL,
    T_ENTROPY,
    T_SPLIT_TYPE,
    T_MAKE_SPLIT,
    T_MAKE_SPECIAL,
    T_SPLITS,
    T_COUNT
};

/* A core of this family (core.h) with its position. */
typedef struct {
    CORE_HEAD
    WallPosition position;
} WallCore;
extern const Family WALL_FAMILY;

/* The objects a core hands out: a take (slot: a factory, then the centre) and a wall move. */
static inline PyObject *take_move(WallCore *self, int slot, int colour, int line) {
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->tables, T_TAKES), (slot * COLOURS + colour) * 6 + line);
}

static inline PyObject *wall_move(WallCore *self, int seat, int line, int column) {
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->tables, T_WALL_MOVES), seat * 25 + line * SIZE + column);
}

/* SN4's take with its split, as the Python engine makes it: made once by make_split and kept under its
 * key in the tables' dict of splits (a new reference). */
#define SPLIT_KEY(source, colour, line, to_previous, to_next)                                                   \
    (((((uint32_t)((source) + 1) * 8 + (uint32_t)(colour)) * 8 + (uint32_t)(line)) * 64 + (to_previous)) * 64 + \
     (to_next))
PyObject *split_move(PyObject *tables, int source, int colour, int line, unsigned to_previous, unsigned to_next);

/* The moves as numbers (wall_codes.c), for the search and the vector environment.  A take: its slot
 * (a factory, the centre last), colour, line (the floor last), and for SN4's takes the split; a
 * wall move (the grey wall's column): COLUMN_MOVE | seat * 25 + line * 5 + column. */
#define COLUMN_MOVE (1u << 21)
#define WALL_MOST_MOVES 1024 /* 10 sources, 5 colours, 6 lines, and SN4's 16 splits at most */
#define CODE_SLOT(code) ((int)((code)&15))
#define CODE_COLOUR(code) ((int)((code) >> 4 & 7))
#define CODE_LINE(code) ((int)((code) >> 7 & 7))
#define CODE_SPLIT(code) ((int)((code) >> 10 & 1))
#define CODE_TO_PREVIOUS(code) ((unsigned)((code) >> 11 & 31))
#define CODE_TO_NEXT(code) ((unsigned)((code) >> 16 & 31))
/* The legal moves of `seat` in the Python engine's order; how many. */
int wall_move_codes(const WallPosition *p, int seat, uint32_t *codes);
/* The first seat of to_move, -1 when none. */
int wall_first_to_move(const WallPosition *p);
/* Play a legal move by its number, then the chance it leads to as the seed decides; 0, or -1 with an error set. */
int wall_play_code(WallCore *core, WallPosition *p, uint32_t code, const ChanceSeed *seed);
/* The same, the chance it leads to left pending (resolve_position resolves it). */
int wall_play_move(WallPosition *p, uint32_t code);
/* The index of the chance event `p` waits for, and the digest bytes it reads; -1 where it waits for none. */
int64_t wall_pending_chance(const WallPosition *p, int *bytes);
/* The move object of a number (a new reference). */
PyObject *wall_code_object(WallCore *self, uint32_t code);
/* The winners of a finished game (winners: A-13's tie-break); how many. */
int wall_winners(const WallPosition *p, int *seats);

int check_tables(PyObject *tables);
int has_special_tables(PyObject *tables);
/* Chance (wall_chance.c): every pending event of `p` as the seed decides, each outcome recorded in
 * `record` (NULL: not recorded); 0, or -1 with an error set.  self: the tables. */
int resolve_position(WallCore *self, WallPosition *p, const ChanceSeed *seed, StepRecord *record);
/* The steps a wall game records (steps.h): a take by its index in the takes' table, a wall move by its
 * index in the wall moves' table, a fill by its groups (then one word per group: its size, then its
 * colours, three bits each); with Master Chocolatier's special factories, SN4's take by its source,
 * colour, line and split (split_move's key), and a round's start by its factory count, SN1's extra
 * (bit 4: drawn for, then its colour + 1), then a disc code per factory, the fill's groups (as a
 * fill's) and the bag and lid before and after it, one word a colour. */
enum { WALL_STEP_TAKE, WALL_STEP_WALL, WALL_STEP_FILL, WALL_STEP_SPLIT, WALL_STEP_SPECIAL };
PyObject *wall_read_step(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at);
static inline void record_take(StepRecord *record, int slot, int colour, int line) {
    record_word(record, STEP_WORD(WALL_STEP_TAKE, (slot * COLOURS + colour) * 6 + line));
}
static inline void record_wall_move(StepRecord *record, int seat, int line, int column) {
    record_word(record, STEP_WORD(WALL_STEP_WALL, seat * 25 + line * SIZE + column));
}
static inline void record_split(StepRecord *record, int source, int colour, int line, unsigned to_previous,
                                unsigned to_next) {
    record_word(record, STEP_WORD(WALL_STEP_SPLIT, SPLIT_KEY(source, colour, line, to_previous, to_next)));
}
PyObject *wall_deal(WallCore *self, PyObject *args);
PyObject *wall_deal_special(WallCore *self, PyObject *args);
/* Playouts (wall_playout.c): `p` played to the end; 0, or -1 with an error set. */
int wall_playout(WallCore *self, WallPosition *p, Draws *draws, const ChanceSeed *seed, StepRecord *record);
/* The search (wall_search.c). */
extern const SearchGame WALL_SEARCH;
/* The vector environment (wall_vector.c). */
extern const VectorGame WALL_VECTOR;
/* Fields (wall_fields.c) and the flat form (wall_flat.c). */
extern PyGetSetDef wall_getset[];
#define WALL_BOARD_FIELDS 17
PyObject *wall_board_field(const void *position, int seat, int field);
int wall_dump(const void *position, int64_t *values);
void wall_load(void *position, Reader *reader);
const char *wall_check(const void *position, PyObject *tables);
int wall_init_strings(void);

#endif
