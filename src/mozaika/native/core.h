/* mozaika._native.Core: a position of any game of the family held natively, as the Python bridges
 * see it (mozaika.core.native_state): the hot paths of the game protocol (legal moves, play,
 * chance, playouts, copies), the search, the board's fields, the shared offer's getters and the
 * flat form of a position (dump and load).
 *
 * core.c holds the type, written once; each family of boards (wall/, pavilion/) keeps its rules and
 * fills one Family table (wall/wall_family.c, pavilion/pavilion_family.c), which is all the type,
 * the search (search.h) and the vector environment (vector.h) know of it.  A new board is a new
 * folder with its rules and its table, and one line in module.c's list of families.
 */
#ifndef MOZAIKA_CORE_H
#define MOZAIKA_CORE_H

#include <stddef.h>

#include "offer.h"
#include "search.h"
#include "vector.h"

typedef struct Family Family;

/* What every core holds before its position: its family, the objects it hands out (its tables,
 * shared by every copy), and the moves of the last legal_moves() with their numbers (borrowed: the
 * tables hold them), so that play() knows a move of that list by its identity without reading its
 * fields (not copied); with the position they were listed in, for a family that compares it. */
#define CORE_HEAD                           \
    PyObject_VAR_HEAD const Family *family; \
    PyObject *tables;                       \
    PyObject **listed;                      \
    uint32_t *listed_codes;                 \
    void *listed_at;                        \
    int listed_count;

/* A core as the shared code sees it: the position is the family's (each family's view of a core, e.g.
 * WallCore, is CORE_HEAD then its position, at the same place). */
typedef struct {
    CORE_HEAD
    _Alignas(8) unsigned char position[];
} Core;

#define CORE_POSITION(core) ((void *)((Core *)(core))->position)
/* The most bytes of any family's position (each family checks its own against it). */
#define CORE_POSITION_ROOM 2048
/* The most values of any family's flat form (each family checks its own against it). */
#define CORE_DUMP_ROOM 640

/* A family's table: its sizes, its rules as the core calls them, and the parts of it the search and
 * the vector environment use. */
struct Family {
    const char *name; /* as Core(name, ...) and Core.load(name, ...) give it */
    size_t position_size;
    int most_moves; /* room for any position's legal moves */
    /* Where the position keeps what every family has (the offer is its first field). */
    size_t players_at, phase_at, chance_index_at, bag_at, boards_at, board_size; /* a board starts with its score */
    int colours;
    int chance_phase, over_phase;
    int64_t most_chance_index;
    int board_fields; /* board(seat, field): the fields 0 .. board_fields - 1 */
    int entropy;      /* the tables' entry entropy(seed, index, size) -> bytes */
    /* The tables' shape checked; 0, or -1 with TypeError. */
    int (*check_tables)(PyObject *tables);
    /* A new game before its first chance: Core(name, tables, players, *options); 0, or -1 with an error set. */
    int (*start)(void *position, PyObject *tables, PyObject *options);
    /* The legal moves (of `seat`, or of every seat to move where has_seat is 0) as a list made at its
     * size, kept in core->listed with their numbers; Py_None (a new reference) for a seat or a position
     * the Python engine must answer for.  core->listed has room for most_moves. */
    PyObject *(*legal_moves)(Core *core, int has_seat, long seat);
    /* Play a move object: 1 when played, 0 (nothing changed) for a move the Python engine must judge. */
    int (*play)(Core *core, PyObject *move);
    /* Every pending chance event of `position` as the seed decides, each outcome recorded in `record`
     * (NULL: not recorded); 0, or -1 with an error set. */
    int (*resolve)(Core *core, void *position, const ChanceSeed *seed, StepRecord *record);
    StepReader read_step;
    /* deal(...): a checked outcome of the pending chance given by the Python engine. */
    PyObject *(*deal)(Core *core, PyObject *args);
    /* Play `position` (the core's, copied) to the end, each decision drawn from `draws`, every step
     * recorded; 0, or -1 with an error set.  It makes no Python call: the GIL is released where the
     * generator and the seed allow it. */
    int (*playout)(Core *core, void *position, Draws *draws, const ChanceSeed *seed, StepRecord *record);
    /* A seat's board field (the bridge's numbers), and the seats to move (how many). */
    PyObject *(*board_field)(const void *position, int seat, int field);
    int (*to_move)(const void *position, int *seats);
    PyObject *(*round)(const void *position);
    /* The flat form (the bridge's order): its values written, how many (at most CORE_DUMP_ROOM), or -1
     * with an error set; read back, each value checked by the reader; and what the rules keep in step
     * checked on what was read: NULL when kept, else what it breaks (or an error set by the family). */
    int (*dump)(const void *position, int64_t *values);
    void (*load)(void *position, Reader *reader);
    const char *(*check)(const void *position, PyObject *tables);
    /* The family's own getters and methods beside the shared ones (NULL-terminated), and the name of
     * the type (a subtype of Core made from them when the module loads) its positions have. */
    PyGetSetDef *getset;
    PyMethodDef *methods;
    const char *type_name;
    /* The search: the game with `core` and `players` left to fill, and the move object of a number. */
    const SearchGame *search;
    PyObject *(*code_to_move)(PyObject *core, MoveCode code);
    const VectorGame *vector;
};

extern PyTypeObject CoreType;
/* The getters every family has (core_fields.c). */
extern PyGetSetDef Core_getset[];
/* Make Core and each family's subtype ready, and add them to the module; 0, or -1 with an error set. */
int core_init(PyObject *module);

/* The families the module knows (module.c), NULL-terminated. */
extern const Family *const FAMILIES[];

/* The family of a core, NULL for any other object. */
static inline const Family *core_family(PyObject *object) {
    return PyObject_TypeCheck(object, &CoreType) ? ((Core *)object)->family : NULL;
}

/* A move's attribute `name` as a whole number that fits a long: 1, else 0 (no error left set). */
int read_long(PyObject *object, PyObject *name, long *value);

/* legal_moves(seat) and play(move, seed=None), written once (core.c's methods) and inlined where a
 * family names its own entries (CORE_HOT_METHODS), so that the hot paths call them directly.
 * legal_moves: the moves in the Python engine's order, made at their size and kept for play(); None
 * for a seat the Python engine must answer for.  play: True when played; False, changing nothing, for
 * a move the Python engine must judge; with a seed, the chance the move leads to resolved from it,
 * its outcomes (a Steps object) the answer instead of True. */
#define CORE_LEGAL_MOVES_DOC "The legal moves (of a seat, or None)."
#define CORE_PLAY_DOC                                                                                        \
    "play(move, seed=None): False (nothing changed) if the reference must judge the move; with a seed, the " \
    "chance it leads to resolved, its outcomes the answer."

static inline PyObject *core_legal_moves(Core *self, PyObject *seat_object,
                                         PyObject *(*legal_moves)(Core *core, int has_seat, long seat)) {
    long seat = -1;
    if (seat_object != Py_None) {
        if (!PyLong_Check(seat_object))
            Py_RETURN_NONE;
        seat = PyLong_AsLong(seat_object);
        if (seat == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            Py_RETURN_NONE;
        }
    }
    if (self->listed == NULL || self->listed_codes == NULL) {
        PyMem_Free(self->listed);
        PyMem_Free(self->listed_codes);
        self->listed = PyMem_Malloc((size_t)self->family->most_moves * sizeof *self->listed);
        self->listed_codes = PyMem_Malloc((size_t)self->family->most_moves * sizeof *self->listed_codes);
        if (self->listed == NULL || self->listed_codes == NULL)
            return PyErr_NoMemory();
    }
    self->listed_count = 0;
    return legal_moves(self, seat_object != Py_None, seat);
}

static inline int core_is_chance(const Core *self) {
    return self->position[self->family->phase_at] == self->family->chance_phase;
}

/* Resolve the pending chance from `seed`: its outcomes as a Steps object, None when none was pending. */
PyObject *core_play_chance(Core *self, PyObject *seed);

static inline PyObject *core_play(Core *self, PyObject *const *args, Py_ssize_t count,
                                  int (*play)(Core *core, PyObject *move)) {
    if (count < 1 || count > 2) {
        PyErr_SetString(PyExc_TypeError, "play(move, seed=None)");
        return NULL;
    }
    if (!play(self, args[0]))
        Py_RETURN_FALSE;
    if (count == 2 && args[1] != Py_None && core_is_chance(self))
        return core_play_chance(self, args[1]);
    Py_RETURN_TRUE;
}

/* A family's own legal_moves and play (its `legal_moves` and `play` entries called directly), and their
 * entries for its table of methods; the family marks those entries CORE_HOT, so that they are inlined
 * in them (as they were in the hand-written types before the table). */
#if defined(__GNUC__)
#define CORE_HOT static inline __attribute__((always_inline))
#else
#define CORE_HOT static inline
#endif
#define CORE_HOT_METHODS(name, legal, play_move)                                                   \
    static PyObject *name##_legal_moves_method(PyObject *self, PyObject *seat) {                   \
        return core_legal_moves((Core *)self, seat, legal);                                        \
    }                                                                                              \
    static PyObject *name##_play_method(PyObject *self, PyObject *const *args, Py_ssize_t count) { \
        return core_play((Core *)self, args, count, play_move);                                    \
    }
#define CORE_HOT_METHOD_DEFS(name)                                                            \
    {"legal_moves", name##_legal_moves_method, METH_O, CORE_LEGAL_MOVES_DOC}, {               \
        "play", (PyCFunction)(void (*)(void))name##_play_method, METH_FASTCALL, CORE_PLAY_DOC \
    }

/* The offer's part of every flat form (turn, starter, marker, tiles on the table, the factories, the
 * centre, the masks), written (how many values) and read back checked. */
int offer_dump(const Offer *offer, int64_t *values);
void offer_load(Offer *offer, Reader *reader, int players, int colours, int most_tiles);

/* A list of small whole numbers (int8_t or uint8_t values) for a getter. */
PyObject *small_list(const void *values, int count, int is_signed);

#endif
