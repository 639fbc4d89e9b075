/* Summer Pavilion in the core (core.h): the family's table, a new game, the moves the Python bridge
 * (mozaika.pavilion.native) hands the core, its chance and its playouts.  The rules are in
 * pavilion.c, the fields in pavilion_fields.c.
 */
#include "pavilion.h"

static PyObject *str_source, *str_colour, *str_space, *str_wilds, *str_star, *str_slot, *str_kept, *str_tiles;

PyObject *pv_code_object(PavilionCore *self, int code) {
    static const int tables[4] = {PT_TAKES, PT_PLACES, PT_PASSES, PT_PICKS};
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->tables, tables[code >> PV_KIND_SHIFT]), code & PV_INDEX_MASK);
}

static PyObject *tiles_tuple(const uint8_t *tiles, int count) {
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int tile = 0; tile < count; tile++)
        PyTuple_SET_ITEM(tuple, tile, PyLong_FromLong(tiles[tile]));
    return tuple;
}

/* pv_resolve_position: every pending event of `p` as the seed decides; each outcome recorded in `record`
 * (NULL: not recorded).  self: the tables. */
int pv_resolve_position(PavilionCore *self, PavPosition *p, const ChanceSeed *seed, StepRecord *record) {
    while (p->phase == PV_CHANCE) {
        int sizes[MOST_FACTORIES], wanted = 0;
        int groups_count = pv_draw_sizes(p, sizes);
        for (int group = 0; group < groups_count; group++)
            wanted += sizes[group];
        if (wanted < 0 || wanted > MOST_FACTORIES * FACTORY_SIZE) {
            native_error(PyExc_RuntimeError, "a draw the native core does not hold");
            return -1;
        }
        uint32_t limbs[ENTROPY_LIMBS];
        int limb_count;
        if (chance_seed_bits(seed, p->chance_index, DRAW_BITS(wanted), limbs, &limb_count) < 0)
            return -1;
        int kind = p->chance_kind;
        Groups groups;
        uint8_t tiles[PV_SUPPLY_SIZE];
        int count = 0;
        if (kind == PV_FILL) {
            sample_draw(p->bag, p->tower, PV_COLOURS, sizes, groups_count, limbs, limb_count, &groups);
            pv_apply_fill(p, &groups);
        } else {
            count = draw_tiles(p->bag, p->tower, PV_COLOURS, wanted, limbs, limb_count, tiles);
            sort_tiles(tiles, count);
            pv_apply_supply(p, tiles, count);
        }
        p->chance_index++;
        if (record == NULL)
            continue;
        if (kind == PV_FILL) {
            record_groups(record, PV_STEP_FILL, &groups);
        } else {
            uint32_t word = 0;
            for (int tile = 0; tile < count; tile++)
                word |= (uint32_t)tiles[tile] << (3 * tile);
            record_word(record, STEP_WORD(PV_STEP_SUPPLY, count));
            record_word(record, word);
        }
    }
    return 0;
}

PyObject *pv_read_step(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at) {
    static const int move_tables[4] = {PT_TAKES, PT_PLACES, PT_PASSES, PT_PICKS};
    uint32_t word = words[(*at)++], value = STEP_VALUE(word);
    PyObject *tiles = NULL;
    int maker = PT_MAKE_FILL;
    Groups groups;
    if (STEP_TAG(word) == PV_STEP_MOVE && (value >> PV_KIND_SHIFT) < 4) {
        PyObject *moves = PyTuple_GET_ITEM(tables, move_tables[value >> PV_KIND_SHIFT]);
        if ((Py_ssize_t)(value & PV_INDEX_MASK) < PyTuple_GET_SIZE(moves)) {
            PyObject *move = PyTuple_GET_ITEM(moves, value & PV_INDEX_MASK);
            Py_INCREF(move);
            return move;
        }
    } else if (STEP_TAG(word) == PV_STEP_FILL && read_groups(words, count, at, value, &groups) == 0) {
        tiles = groups_tuple(&groups);
    } else if (STEP_TAG(word) == PV_STEP_SUPPLY && value <= PV_SUPPLY_SIZE && *at < count) {
        uint32_t packed = words[(*at)++];
        uint8_t supply[PV_SUPPLY_SIZE];
        for (uint32_t tile = 0; tile < value; tile++)
            supply[tile] = (uint8_t)(packed >> (3 * tile) & 7);
        tiles = tiles_tuple(supply, (int)value);
        maker = PT_MAKE_SUPPLY;
    } else {
        PyErr_SetString(PyExc_RuntimeError, "a step Summer Pavilion does not record");
        return NULL;
    }
    if (tiles == NULL)
        return NULL;
    PyObject *outcome = PyObject_CallOneArg(PyTuple_GET_ITEM(tables, maker), tiles);
    Py_DECREF(tiles);
    return outcome;
}

/* --- the family's entries ------------------------------------------------------------------ */

static int pv_check_tables(PyObject *tables) {
    static const Py_ssize_t sizes[4] = {PV_TAKE_SLOTS * PV_COLOURS, PV_SPACES * PV_COLOURS * PV_SLOTS, PV_KEEPS,
                                        PV_PICKS};
    int ok = PyTuple_Check(tables) && PyTuple_GET_SIZE(tables) == PT_COUNT;
    for (int table = 0; ok && table < 4; table++)
        ok = PyTuple_Check(PyTuple_GET_ITEM(tables, table)) &&
             PyTuple_GET_SIZE(PyTuple_GET_ITEM(tables, table)) == sizes[table];
    for (int type = PT_TAKE_TYPE; ok && type <= PT_PICK_TYPE; type++)
        ok = PyType_Check(PyTuple_GET_ITEM(tables, type));
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "PavilionCore tables: (takes, placements, passes, picks, the four move "
                                         "classes, make_fill, make_supply, entropy)");
        return -1;
    }
    return 0;
}

/* Core("pavilion", tables, players, colourless): a new game waiting for its first supply and fill. */
static int pv_start(void *position, PyObject *tables, PyObject *options) {
    int players, colourless;
    if (!PyArg_ParseTuple(options, "ip", &players, &colourless))
        return -1;
    if (players < 2 || players > MOST_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2-4 players");
        return -1;
    }
    PavPosition *p = position;
    p->players = (uint8_t)players;
    p->colourless = (uint8_t)colourless;
    p->phase = PV_CHANCE;
    p->chance_kind = PV_SETUP;
    p->round = 1;
    p->offer.factory_count = (uint8_t)FACTORIES_BY_PLAYERS[players];
    p->offer.colours = PV_COLOURS;
    p->offer.marker_in_centre = 1;
    p->offer.marker_holder = -1;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        p->bag[colour] = 22; /* TILES_PER_COLOUR */
    for (int seat = 0; seat < players; seat++) {
        PavBoard *board = &p->boards[seat];
        board->score = 5; /* S-4 */
        memset(board->colours, PV_EMPTY, sizeof board->colours);
    }
    return 0;
}

/* legal_moves(seat): none for a seat not to move; None where the Python engine must say why there is
 * no pick of the size owed. */
CORE_HOT PyObject *pv_legal_moves(Core *core, int has_seat, long seat) {
    PavilionCore *self = (PavilionCore *)core;
    const PavPosition *p = &self->position;
    int acting = p->phase == PV_ACQUIRE || p->phase == PV_PLACE || p->phase == PV_PICK;
    if (has_seat && (!acting || seat != p->offer.turn))
        return PyList_New(0);
    if (self->listed_at == NULL && (self->listed_at = PyMem_Malloc(sizeof(PavPosition))) == NULL)
        return PyErr_NoMemory();
    int *codes = (int *)self->listed_codes;
    int count = pv_legal_codes(p, codes);
    if (p->phase == PV_PICK && count == 0)
        Py_RETURN_NONE; /* no pick of that size: the Python engine says why */
    PyObject *moves = PyList_New(count);
    if (moves == NULL)
        return NULL;
    for (int index = 0; index < count; index++) {
        PyObject *move = pv_code_object(self, codes[index]);
        Py_INCREF(move);
        PyList_SET_ITEM(moves, index, move);
        self->listed[index] = move;
    }
    memcpy(self->listed_at, p, sizeof *p);
    self->listed_count = count;
    return moves;
}

/* A tuple of colours (a pass's kept tiles, a pick's tiles) as counts by colour, and its length;
 * 0 when it is not a tuple of at most 16 whole numbers 0-5. */
static int read_tiles(PyObject *object, PyObject *name, int counts[PV_COLOURS], int *length) {
    PyObject *tiles = PyObject_GetAttr(object, name);
    if (tiles == NULL) {
        PyErr_Clear();
        return 0;
    }
    int ok = PyTuple_CheckExact(tiles) && PyTuple_GET_SIZE(tiles) <= 16;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        counts[colour] = 0;
    for (Py_ssize_t at = 0; ok && at < PyTuple_GET_SIZE(tiles); at++) {
        PyObject *item = PyTuple_GET_ITEM(tiles, at);
        long colour = PyLong_CheckExact(item) ? PyLong_AsLong(item) : -1;
        if (colour == -1 && PyErr_Occurred())
            PyErr_Clear();
        ok = colour >= 0 && colour < PV_COLOURS;
        if (ok)
            counts[colour]++;
    }
    if (ok)
        *length = (int)PyTuple_GET_SIZE(tiles);
    Py_DECREF(tiles);
    return ok;
}

/* Play a move: 1 when played, 0 (nothing changed) for a move the Python engine must judge (not one of
 * this game's move classes, or illegal here). */
CORE_HOT int pv_play(Core *core, PyObject *move) {
    PavilionCore *self = (PavilionCore *)core;
    PavPosition *p = &self->position;
    /* A move of the last list, in the position it was listed in, is legal: played by its code. */
    if (self->listed_count && memcmp(self->listed_at, p, sizeof *p) == 0)
        for (int at = 0; at < self->listed_count; at++)
            if (self->listed[at] == move) {
                pv_play_code(p, (int)self->listed_codes[at]);
                return 1;
            }
    PyObject *type = (PyObject *)Py_TYPE(move);
    long a, b, c, star, slot;
    int counts[PV_COLOURS], length;
    if (type == PyTuple_GET_ITEM(self->tables, PT_TAKE_TYPE)) {
        if (!read_long(move, str_source, &a) || !read_long(move, str_colour, &b) || !pv_take_is_legal(p, a, b))
            return 0;
        pv_take(p, (int)a, (int)b);
    } else if (type == PyTuple_GET_ITEM(self->tables, PT_PLACE_TYPE)) {
        /* The placement's star and slot are read too: the Python engine uses them as they are. */
        if (!read_long(move, str_space, &a) || !read_long(move, str_colour, &b) || !read_long(move, str_wilds, &c) ||
            !read_long(move, str_star, &star) || !read_long(move, str_slot, &slot) || a < 0 || star != a / PV_SLOTS ||
            slot != a % PV_SLOTS || !pv_place_is_legal(p, a, b, c))
            return 0;
        pv_place(p, (int)a, (int)b, (int)c);
    } else if (type == PyTuple_GET_ITEM(self->tables, PT_PASS_TYPE)) {
        if (!read_tiles(move, str_kept, counts, &length) || !pv_pass_is_legal(p, counts, length))
            return 0;
        pv_pass(p, counts);
    } else if (type == PyTuple_GET_ITEM(self->tables, PT_PICK_TYPE)) {
        if (!read_tiles(move, str_tiles, counts, &length) || !pv_pick_is_legal(p, counts, length))
            return 0;
        pv_pick(p, counts);
    } else {
        return 0;
    }
    return 1;
}

static int read_colours(PyObject *tiles, int most, uint8_t *into) {
    if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) > most) {
        PyErr_SetString(PyExc_ValueError, "a group of tiles: a tuple of colours, not too many");
        return -1;
    }
    for (Py_ssize_t tile = 0; tile < PyTuple_GET_SIZE(tiles); tile++) {
        long colour = PyLong_AsLong(PyTuple_GET_ITEM(tiles, tile));
        if (colour < 0 || colour >= PV_COLOURS) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "no such colour");
            return -1;
        }
        into[tile] = (uint8_t)colour;
    }
    return (int)PyTuple_GET_SIZE(tiles);
}

/* deal(groups, bag, tower): a checked draw (apply_draw has taken it from the bag and tower it
 * leaves): every factory's tiles for a fill, else a 1-tuple of the supply's new tiles. */
static PyObject *pv_deal(Core *core, PyObject *args) {
    PavilionCore *self = (PavilionCore *)core;
    PyObject *groups_object, *bag, *tower;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyTuple_Type, &groups_object, &PyList_Type, &bag, &PyList_Type, &tower))
        return NULL;
    PavPosition position = self->position, *p = &position;
    int fill = p->chance_kind == PV_FILL;
    Py_ssize_t expected = fill ? p->offer.factory_count : 1;
    if (p->phase != PV_CHANCE || PyTuple_GET_SIZE(groups_object) != expected || PyList_GET_SIZE(bag) != PV_COLOURS ||
        PyList_GET_SIZE(tower) != PV_COLOURS) {
        PyErr_SetString(PyExc_ValueError, "the pending draw's groups, in the chance phase");
        return NULL;
    }
    Groups groups;
    uint8_t tiles[PV_SUPPLY_SIZE];
    int count = 0;
    groups.group_count = (int)expected;
    for (int group = 0; group < groups.group_count; group++) {
        PyObject *group_tiles = PyTuple_GET_ITEM(groups_object, group);
        count = fill ? read_colours(group_tiles, FACTORY_SIZE, groups.tiles[group])
                     : read_colours(group_tiles, PV_SUPPLY_SIZE - pv_supply_tiles(p), tiles);
        if (count < 0)
            return NULL;
        groups.sizes[group] = (uint8_t)count;
    }
    PyObject *piles[2] = {bag, tower};
    int32_t *into[2] = {p->bag, p->tower};
    for (int pile = 0; pile < 2; pile++)
        for (int colour = 0; colour < PV_COLOURS; colour++) {
            long tiles_left = PyLong_AsLong(PyList_GET_ITEM(piles[pile], colour));
            if (tiles_left < 0 || tiles_left > PV_MOST_TILES) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a pile's count out of range");
                return NULL;
            }
            into[pile][colour] = (int32_t)tiles_left;
        }
    if (fill) {
        pv_apply_fill(p, &groups);
    } else {
        pv_apply_supply(p, tiles, count);
    }
    int64_t totals[PV_COLOURS];
    pv_colour_totals(p, totals);
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (totals[colour] > PV_MOST_TILES) {
            PyErr_SetString(PyExc_ValueError, "more tiles than the native core holds");
            return NULL;
        }
    self->position = position;
    Py_RETURN_NONE;
}

/* A playout: each decision uniform over the legal moves, as State.playout draws it. */
static int pv_playout(Core *core, void *position, Draws *draws, const ChanceSeed *chance, StepRecord *record) {
    PavPosition *p = position;
    int codes[PV_MOST_MOVES];
    while (p->phase != PV_OVER) {
        if (p->phase == PV_CHANCE) {
            if (pv_resolve_position((PavilionCore *)core, p, chance, record) < 0)
                return -1;
            continue;
        }
        double number = draws_next(draws);
        if (number < 0)
            return -1;
        int code;
        if (pv_choose_code(p, codes, number, &code) < 0) {
            native_error(PyExc_RuntimeError, "a position with no legal move, or a number that picks none");
            return -1;
        }
        record_word(record, STEP_WORD(PV_STEP_MOVE, code));
        pv_play_code(p, code);
    }
    return 0;
}

static int pv_resolve(Core *core, void *position, const ChanceSeed *seed, StepRecord *record) {
    return pv_resolve_position((PavilionCore *)core, position, seed, record);
}

static int pv_to_move(const void *position, int *seats) {
    const PavPosition *p = position;
    if (p->phase != PV_ACQUIRE && p->phase != PV_PLACE && p->phase != PV_PICK)
        return 0;
    seats[0] = p->offer.turn;
    return 1;
}

static PyObject *pv_round(const void *position) { return PyLong_FromLong(((const PavPosition *)position)->round); }

static PyObject *pv_code_to_move(PyObject *core, MoveCode code) {
    PyObject *move = pv_code_object((PavilionCore *)core, (int)code);
    Py_INCREF(move);
    return move;
}

CORE_HOT_METHODS(pv, pv_legal_moves, pv_play)

static PyMethodDef pv_methods[] = {CORE_HOT_METHOD_DEFS(pv), {NULL}};

_Static_assert(offsetof(PavilionCore, position) == offsetof(Core, position), "a Summer Pavilion core is a core");
_Static_assert(offsetof(PavPosition, offer) == 0 && offsetof(PavBoard, score) == 0,
               "the offer leads the position, and the score each board (core.h's Family)");
_Static_assert(sizeof(PavPosition) <= CORE_POSITION_ROOM, "a Summer Pavilion position fits a playout's copy");

const Family PAVILION_FAMILY = {
    .name = "pavilion",
    .type_name = "mozaika._native.PavilionCore",
    .position_size = sizeof(PavPosition),
    .most_moves = PV_MOST_MOVES,
    .players_at = offsetof(PavPosition, players),
    .phase_at = offsetof(PavPosition, phase),
    .chance_index_at = offsetof(PavPosition, chance_index),
    .bag_at = offsetof(PavPosition, bag),
    .boards_at = offsetof(PavPosition, boards),
    .board_size = sizeof(PavBoard),
    .colours = PV_COLOURS,
    .chance_phase = PV_CHANCE,
    .over_phase = PV_OVER,
    .most_chance_index = PV_MOST_CHANCE_INDEX,
    .board_fields = PV_BOARD_FIELDS,
    .entropy = PT_ENTROPY,
    .check_tables = pv_check_tables,
    .start = pv_start,
    .legal_moves = pv_legal_moves,
    .play = pv_play,
    .resolve = pv_resolve,
    .read_step = pv_read_step,
    .deal = pv_deal,
    .playout = pv_playout,
    .board_field = pv_board_field,
    .to_move = pv_to_move,
    .round = pv_round,
    .dump = pv_dump,
    .load = pv_load,
    .check = pv_check,
    .getset = pv_getset,
    .methods = pv_methods,
    .search = &PAVILION_SEARCH,
    .code_to_move = pv_code_to_move,
    .vector = &PAVILION_VECTOR,
};

int pavilion_init(void) {
    pv_init_tables();
    str_source = PyUnicode_InternFromString("source");
    str_colour = PyUnicode_InternFromString("colour");
    str_space = PyUnicode_InternFromString("space");
    str_wilds = PyUnicode_InternFromString("wilds");
    str_star = PyUnicode_InternFromString("star");
    str_slot = PyUnicode_InternFromString("slot");
    str_kept = PyUnicode_InternFromString("kept");
    str_tiles = PyUnicode_InternFromString("tiles");
    return str_source && str_colour && str_space && str_wilds && str_star && str_slot && str_kept && str_tiles ? 0 : -1;
}
