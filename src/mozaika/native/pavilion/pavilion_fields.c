/* PavilionCore's fields for the Python bridge: getters, and the flat form of a position
 * (dump and load; the order is documented in mozaika.pavilion.native). */
#include "pavilion.h"

/* --- reading a position out, and in ------------------------------------------------------------- */

enum {
    B_SCORE,
    B_STATS,
    B_FILLED = B_STATS + PV_STAT_COUNT,
    B_COLOURS,
    B_STAR_RINGS,
    B_STAR_COLOURS,
    B_HAND,
    B_PASSED,
    B_FIELDS
};

static PyObject *int_list(const void *values, int count, int size) {
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (int index = 0; index < count; index++) {
        long value = size == 4   ? ((const int32_t *)values)[index]
                     : size == 1 ? ((const uint8_t *)values)[index]
                                 : ((const int8_t *)values)[index];
        PyObject *item = PyLong_FromLong(value);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, index, item);
    }
    return list;
}

static PyObject *board_field(const PavBoard *board, int field) {
    if (field >= B_STATS && field < B_STATS + PV_STAT_COUNT)
        return PyLong_FromLongLong(board->stats[field - B_STATS]);
    switch (field) {
    case B_SCORE:
        return PyLong_FromLongLong(board->score);
    case B_FILLED:
        return PyLong_FromUnsignedLongLong(board->filled);
    case B_COLOURS:
        return int_list(board->colours, PV_SPACES, -1);
    case B_STAR_RINGS:
        return int_list(board->star_rings, PV_STARS, 1);
    case B_STAR_COLOURS:
        return int_list(board->star_colours, PV_STARS, 1);
    case B_HAND:
        return int_list(board->hand, PV_COLOURS, 4);
    case B_PASSED:
        return PyBool_FromLong(board->passed);
    }
    PyErr_SetString(PyExc_ValueError, "no such board field");
    return NULL;
}

/* board(seat, field): one field of a seat's board (the B_ numbers, in the bridge's order). */
PyObject *PavilionCore_board(PavilionCore *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 2) {
        PyErr_SetString(PyExc_TypeError, "board(seat, field)");
        return NULL;
    }
    long seat = PyLong_AsLong(args[0]), field = PyLong_AsLong(args[1]);
    if (PyErr_Occurred())
        return NULL;
    if (seat < 0 || seat >= self->position.players || field < 0 || field >= B_FIELDS) {
        PyErr_SetString(PyExc_IndexError, "no such seat or board field");
        return NULL;
    }
    return board_field(&self->position.boards[seat], (int)field);
}

/* The flat form of a position, read and written by dump() and load(): see mozaika.pavilion.native. */
/* The flat form's length: its head, the offer, the piles and the bonus tiles owed, then each seat's board. */
#define PV_DUMP_HEAD \
    (11 + MOST_FACTORIES * PV_COLOURS + PV_COLOURS + (MOST_FACTORIES + 1) + 3 * PV_COLOURS + 1 + PV_MOST_PENDING)
#define PV_DUMP_BOARD (1 + PV_STAT_COUNT + 1 + PV_SPACES + 2 * PV_STARS + PV_COLOURS + 1)
#define PV_DUMP_MOST (PV_DUMP_HEAD + MOST_SEATS * PV_DUMP_BOARD)
_Static_assert(PV_DUMP_MOST <= 640, "a Summer Pavilion position's flat form fits the dump's buffer on the stack");

PyObject *PavilionCore_dump(PavilionCore *self, PyObject *unused) {
    const PavPosition *p = &self->position;
    const Offer *offer = &p->offer;
    /* Every count the loops below run to is bounded by the buffer's layout. */
    if (offer->factory_count > MOST_FACTORIES || p->players > MOST_SEATS || p->pending_len > PV_MOST_PENDING) {
        PyErr_SetString(PyExc_SystemError, "a Summer Pavilion position beyond the native core's bounds");
        return NULL;
    }
    int64_t values[PV_DUMP_MOST];
    int n = 0;
    values[n++] = p->players;
    values[n++] = p->colourless;
    values[n++] = p->phase;
    values[n++] = p->chance_kind;
    values[n++] = p->round;
    values[n++] = p->chance_index;
    values[n++] = offer->turn;
    values[n++] = offer->starter;
    values[n++] = offer->marker_in_centre;
    values[n++] = offer->marker_holder;
    values[n++] = offer->tiles_on_table;
    for (int factory = 0; factory < offer->factory_count; factory++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            values[n++] = offer->factories[factory][colour];
    for (int colour = 0; colour < PV_COLOURS; colour++)
        values[n++] = offer->centre[colour];
    for (int slot = 0; slot <= offer->factory_count; slot++)
        values[n++] = offer->masks[slot];
    const int32_t *piles[3] = {p->supply, p->bag, p->tower};
    for (int pile = 0; pile < 3; pile++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            values[n++] = piles[pile][colour];
    values[n++] = p->pending_len;
    for (int owed = 0; owed < p->pending_len; owed++)
        values[n++] = p->pending[owed];
    for (int seat = 0; seat < p->players; seat++) {
        const PavBoard *board = &p->boards[seat];
        values[n++] = board->score;
        for (int stat = 0; stat < PV_STAT_COUNT; stat++)
            values[n++] = board->stats[stat];
        values[n++] = (int64_t)board->filled;
        for (int space = 0; space < PV_SPACES; space++)
            values[n++] = board->colours[space];
        for (int star = 0; star < PV_STARS; star++)
            values[n++] = board->star_rings[star];
        for (int star = 0; star < PV_STARS; star++)
            values[n++] = board->star_colours[star];
        for (int colour = 0; colour < PV_COLOURS; colour++)
            values[n++] = board->hand[colour];
        values[n++] = board->passed;
    }
    return values_tuple(values, n);
}

static unsigned colour_mask(const int16_t *counts) {
    unsigned mask = 0;
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (counts[colour])
            mask |= 1u << colour;
    return mask;
}

void pv_colour_totals(const PavPosition *p, int64_t totals[PV_COLOURS]) {
    const Offer *offer = &p->offer;
    for (int colour = 0; colour < PV_COLOURS; colour++) {
        int64_t total = (int64_t)p->bag[colour] + p->tower[colour] + p->supply[colour] + offer->centre[colour];
        for (int factory = 0; factory < offer->factory_count; factory++)
            total += offer->factories[factory][colour];
        for (int seat = 0; seat < p->players; seat++)
            total += p->boards[seat].hand[colour];
        totals[colour] = total;
    }
    for (int seat = 0; seat < p->players; seat++)
        for (int space = 0; space < PV_SPACES; space++)
            if (p->boards[seat].colours[space] >= 0)
                totals[p->boards[seat].colours[space]]++;
}

/* What the rules keep in step, checked on a loaded position so that no play can leave the
 * structures: the masks and the tiles on the table follow the counts, a board's masks follow its
 * spaces, each phase has what it acts on, and no colour has more tiles than the core holds. */
const char *pv_inconsistency(const PavPosition *p) {
    const Offer *offer = &p->offer;
    int tiles = 0;
    for (int slot = 0; slot <= offer->factory_count; slot++) {
        const int16_t *counts = slot < offer->factory_count ? offer->factories[slot] : offer->centre;
        for (int colour = 0; colour < PV_COLOURS; colour++)
            tiles += counts[colour];
        if (colour_mask(counts) != offer->masks[slot])
            return "a source's colour mask differs from its tiles";
    }
    if (tiles != offer->tiles_on_table)
        return "the tiles on the table differ from the sources' tiles";
    if (p->phase == PV_ACQUIRE && tiles == 0)
        return "an acquisition with no tile to take";
    if (p->phase == PV_CHANCE && p->chance_kind != PV_REFILL && tiles)
        return "factories wait to be filled with tiles still on the table";
    int supply = pv_supply_tiles(p);
    if (supply > PV_SUPPLY_SIZE)
        return "a supply of more than ten tiles";
    if (p->phase == PV_PICK && (!p->pending_len || !supply))
        return "a bonus pick with nothing owed or nothing to pick";
    int64_t totals[PV_COLOURS];
    pv_colour_totals(p, totals);
    for (int colour = 0; colour < PV_COLOURS; colour++)
        if (totals[colour] > PV_MOST_TILES)
            return "more tiles of a colour than the native core holds";
    for (int seat = 0; seat < p->players; seat++) {
        const PavBoard *board = &p->boards[seat];
        uint64_t filled = 0;
        uint8_t rings[PV_STARS] = {0}, colours[PV_STARS] = {0};
        for (int space = 0; space < PV_SPACES; space++) {
            int colour = board->colours[space];
            if (colour == PV_EMPTY)
                continue;
            filled |= 1ull << space;
            rings[space / PV_SLOTS] |= (uint8_t)(1u << (space % PV_SLOTS));
            colours[space / PV_SLOTS] |= (uint8_t)(1u << colour);
        }
        if (filled != board->filled || memcmp(rings, board->star_rings, sizeof rings) ||
            memcmp(colours, board->star_colours, sizeof colours))
            return "a board's masks differ from its spaces";
    }
    return NULL;
}

/* load(tables, values): the position of a dump() (or of the bridge's flat form of a Python
 * position); ValueError when a value lies outside what the native core holds. */
PyObject *PavilionCore_load(PyTypeObject *type, PyObject *args) {
    PyObject *tables, *values;
    if (!PyArg_ParseTuple(args, "OO!", &tables, &PyTuple_Type, &values))
        return NULL;
    if (pv_check_tables(tables) < 0)
        return NULL;
    Reader r = {values, 0, 0};
    PavPosition position;
    memset(&position, 0, sizeof position);
    PavPosition *p = &position;
    Offer *offer = &p->offer;
    p->players = (uint8_t)next_value(&r, 2, MOST_SEATS);
    int players = p->players;
    p->colourless = (uint8_t)next_value(&r, 0, 1);
    p->phase = (uint8_t)next_value(&r, PV_CHANCE, PV_OVER);
    p->chance_kind = (uint8_t)next_value(&r, PV_SETUP, PV_REFILL);
    p->round = (uint8_t)next_value(&r, 1, PV_ROUNDS);
    p->chance_index = next_value(&r, 0, PV_MOST_CHANCE_INDEX);
    offer->factory_count = (uint8_t)FACTORIES_BY_PLAYERS[players];
    offer->colours = PV_COLOURS;
    offer->turn = (uint8_t)next_value(&r, 0, players - 1);
    offer->starter = (uint8_t)next_value(&r, 0, players - 1);
    offer->marker_in_centre = (uint8_t)next_value(&r, 0, 1);
    offer->marker_holder = (int8_t)next_value(&r, -1, players - 1);
    offer->tiles_on_table = (int16_t)next_value(&r, 0, 4096);
    for (int factory = 0; factory < offer->factory_count; factory++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            offer->factories[factory][colour] = (int16_t)next_value(&r, 0, PV_MOST_TILES);
    for (int colour = 0; colour < PV_COLOURS; colour++)
        offer->centre[colour] = (int16_t)next_value(&r, 0, PV_MOST_TILES);
    for (int slot = 0; slot <= offer->factory_count; slot++)
        offer->masks[slot] = (uint8_t)next_value(&r, 0, (1 << PV_COLOURS) - 1);
    int32_t *piles[3] = {p->supply, p->bag, p->tower};
    for (int pile = 0; pile < 3; pile++)
        for (int colour = 0; colour < PV_COLOURS; colour++)
            piles[pile][colour] = (int32_t)next_value(&r, 0, PV_MOST_TILES);
    p->pending_len = (uint8_t)next_value(&r, 0, PV_LOADED_PENDING);
    for (int owed = 0; owed < p->pending_len; owed++)
        p->pending[owed] = (uint8_t)next_value(&r, 1, 3);
    for (int seat = 0; seat < players; seat++) {
        PavBoard *board = &p->boards[seat];
        /* Scores and statistics stay far from the ends of the range, so no sum overflows. */
        board->score = next_value(&r, -(1LL << 40), 1LL << 40);
        for (int stat = 0; stat < PV_STAT_COUNT; stat++)
            board->stats[stat] = next_value(&r, -(1LL << 40), 1LL << 40);
        board->filled = (uint64_t)next_value(&r, 0, (1LL << PV_SPACES) - 1);
        for (int space = 0; space < PV_SPACES; space++)
            board->colours[space] = (int8_t)next_value(&r, PV_EMPTY, PV_COLOURS - 1);
        for (int star = 0; star < PV_STARS; star++)
            board->star_rings[star] = (uint8_t)next_value(&r, 0, PV_FULL_STAR);
        for (int star = 0; star < PV_STARS; star++)
            board->star_colours[star] = (uint8_t)next_value(&r, 0, (1 << PV_COLOURS) - 1);
        for (int colour = 0; colour < PV_COLOURS; colour++)
            board->hand[colour] = (int32_t)next_value(&r, 0, PV_MOST_TILES);
        board->passed = (uint8_t)next_value(&r, 0, 1);
    }
    if (!r.failed && r.at != PyTuple_GET_SIZE(values)) {
        PyErr_SetString(PyExc_ValueError, "a position's flat form is too long");
        r.failed = 1;
    }
    if (r.failed)
        return NULL;
    const char *broken = pv_inconsistency(p);
    if (broken != NULL) {
        PyErr_Format(PyExc_ValueError, "a position's flat form is not consistent: %s", broken);
        return NULL;
    }
    PavilionCore *self = pv_new_core(type, tables);
    if (self != NULL)
        self->position = position;
    return (PyObject *)self;
}

/* --- getters ------------------------------------------------------------------------------------ */

#define POSITION (&self->position)
static PyObject *get_phase(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->phase); }
static PyObject *get_chance_kind(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->chance_kind); }
static PyObject *get_players(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->players); }
static PyObject *get_colourless(PavilionCore *self, void *c) { return PyBool_FromLong(POSITION->colourless); }
static PyObject *get_turn(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->offer.turn); }
static PyObject *get_starter(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->offer.starter); }
static PyObject *get_round(PavilionCore *self, void *c) { return PyLong_FromLong(POSITION->round); }
static PyObject *get_wild(PavilionCore *self, void *c) { return PyLong_FromLong(pv_wild(POSITION)); }
static PyObject *get_is_chance(PavilionCore *self, void *c) { return PyBool_FromLong(POSITION->phase == PV_CHANCE); }
static PyObject *get_is_over(PavilionCore *self, void *c) { return PyBool_FromLong(POSITION->phase == PV_OVER); }
static PyObject *get_tiles_on_table(PavilionCore *self, void *c) {
    return PyLong_FromLong(POSITION->offer.tiles_on_table);
}
static PyObject *get_marker_in_centre(PavilionCore *self, void *c) {
    return PyBool_FromLong(POSITION->offer.marker_in_centre);
}
static PyObject *get_marker_holder(PavilionCore *self, void *c) {
    if (POSITION->offer.marker_holder < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(POSITION->offer.marker_holder);
}
static PyObject *get_chance_index(PavilionCore *self, void *c) { return PyLong_FromLongLong(POSITION->chance_index); }
static int set_chance_index(PavilionCore *self, PyObject *value, void *c) {
    if (value == NULL || !PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "chance_index is a whole number");
        return -1;
    }
    int overflow = 0;
    long long index = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || index < 0 || index > PV_MOST_CHANCE_INDEX) {
        PyErr_SetString(PyExc_OverflowError, "chance_index out of the native core's range");
        return -1;
    }
    POSITION->chance_index = index;
    return 0;
}
static PyObject *get_factories(PavilionCore *self, void *c) {
    const Offer *offer = &POSITION->offer;
    PyObject *list = PyList_New(offer->factory_count);
    if (list == NULL)
        return NULL;
    for (int factory = 0; factory < offer->factory_count; factory++) {
        PyObject *counts = counts_list(offer->factories[factory], PV_COLOURS);
        if (counts == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, factory, counts);
    }
    return list;
}
static PyObject *get_centre(PavilionCore *self, void *c) { return counts_list(POSITION->offer.centre, PV_COLOURS); }
static PyObject *get_masks(PavilionCore *self, void *c) {
    return int_list(POSITION->offer.masks, POSITION->offer.factory_count + 1, 1);
}
static PyObject *get_bag(PavilionCore *self, void *c) { return int32_list(POSITION->bag, PV_COLOURS); }
static PyObject *get_tower(PavilionCore *self, void *c) { return int32_list(POSITION->tower, PV_COLOURS); }
static PyObject *get_supply(PavilionCore *self, void *c) { return int32_list(POSITION->supply, PV_COLOURS); }
static PyObject *get_pending_bonus(PavilionCore *self, void *c) {
    return int_list(POSITION->pending, POSITION->pending_len, 1);
}
static PyObject *get_scores(PavilionCore *self, void *c) {
    PyObject *list = PyList_New(POSITION->players);
    if (list == NULL)
        return NULL;
    for (int seat = 0; seat < POSITION->players; seat++)
        PyList_SET_ITEM(list, seat, PyLong_FromLongLong(POSITION->boards[seat].score));
    return list;
}
static PyObject *get_to_move(PavilionCore *self, void *c) {
    int phase = POSITION->phase;
    if (phase == PV_ACQUIRE || phase == PV_PLACE || phase == PV_PICK)
        return Py_BuildValue("(i)", POSITION->offer.turn);
    return PyTuple_New(0);
}
static PyObject *get_tables(PavilionCore *self, void *c) {
    Py_INCREF(self->tables);
    return self->tables;
}

PyGetSetDef PavilionCore_getset[] = {
    {"tables", (getter)get_tables, NULL, "What the core hands out (see mozaika.pavilion.native.core_tables).", NULL},
    {"phase", (getter)get_phase, NULL, NULL, NULL},
    {"chance_kind", (getter)get_chance_kind, NULL, NULL, NULL},
    {"players", (getter)get_players, NULL, NULL, NULL},
    {"colourless", (getter)get_colourless, NULL, NULL, NULL},
    {"turn", (getter)get_turn, NULL, NULL, NULL},
    {"starter", (getter)get_starter, NULL, NULL, NULL},
    {"round", (getter)get_round, NULL, NULL, NULL},
    {"wild", (getter)get_wild, NULL, NULL, NULL},
    {"is_chance", (getter)get_is_chance, NULL, NULL, NULL},
    {"is_over", (getter)get_is_over, NULL, NULL, NULL},
    {"tiles_on_table", (getter)get_tiles_on_table, NULL, NULL, NULL},
    {"marker_in_centre", (getter)get_marker_in_centre, NULL, NULL, NULL},
    {"marker_holder", (getter)get_marker_holder, NULL, NULL, NULL},
    {"chance_index", (getter)get_chance_index, (setter)set_chance_index, NULL, NULL},
    {"factories", (getter)get_factories, NULL, NULL, NULL},
    {"centre", (getter)get_centre, NULL, NULL, NULL},
    {"masks", (getter)get_masks, NULL, NULL, NULL},
    {"bag", (getter)get_bag, NULL, NULL, NULL},
    {"tower", (getter)get_tower, NULL, NULL, NULL},
    {"supply", (getter)get_supply, NULL, NULL, NULL},
    {"pending_bonus", (getter)get_pending_bonus, NULL, NULL, NULL},
    {"scores", (getter)get_scores, NULL, NULL, NULL},
    {"to_move", (getter)get_to_move, NULL, NULL, NULL},
    {NULL},
};
