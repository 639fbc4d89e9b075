/* WallCore's fields for the Python bridge: the position's getters and each board's fields (the
 * flat form of a whole position is wall_flat.c's). */
#include "wall.h"

enum {
    B_SCORE,
    B_STATS,
    B_WALL = B_STATS + STAT_COUNT,
    B_LINE_COLOUR,
    B_LINE_COUNT,
    B_WALL_COLOURS,
    B_COLOUR_ROWS,
    B_COLUMN_COLOURS,
    B_ACCEPT,
    B_FLOOR,
    B_TILING_LINE,
    B_WAITING,
    B_FIELDS
};

static PyObject *small_list(const void *values, int count, int is_signed) {
    PyObject *list = PyList_New(count);
    if (list == NULL)
        return NULL;
    for (int index = 0; index < count; index++) {
        long value = is_signed ? ((const int8_t *)values)[index] : ((const uint8_t *)values)[index];
        PyObject *item = PyLong_FromLong(value);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, index, item);
    }
    return list;
}

static PyObject *board_field(const WallBoard *board, int field) {
    if (field >= B_STATS && field < B_STATS + STAT_COUNT)
        return PyLong_FromLongLong(board->stats[field - B_STATS]);
    switch (field) {
    case B_SCORE:
        return PyLong_FromLongLong(board->score);
    case B_WALL:
        return PyLong_FromUnsignedLong(board->wall);
    case B_LINE_COLOUR:
        return small_list(board->line_colour, SIZE, 1);
    case B_LINE_COUNT:
        return small_list(board->line_count, SIZE, 0);
    case B_WALL_COLOURS:
        return small_list(board->wall_colours, SIZE * SIZE, 1);
    case B_COLOUR_ROWS:
        return small_list(board->colour_rows, COLOURS, 0);
    case B_COLUMN_COLOURS:
        return small_list(board->column_colours, SIZE, 0);
    case B_ACCEPT:
        return small_list(board->accept, COLOURS, 0);
    case B_FLOOR:
        return small_list(board->floor, board->floor_len, 1);
    case B_TILING_LINE:
        return PyLong_FromLong(board->tiling_line);
    case B_WAITING:
        return PyBool_FromLong(board->waiting);
    }
    PyErr_SetString(PyExc_ValueError, "no such board field");
    return NULL;
}

/* board(seat, field): one field of a seat's board (the B_ numbers, in the bridge's order). */
PyObject *WallCore_board(WallCore *self, PyObject *const *args, Py_ssize_t count) {
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

/* --- getters ------------------------------------------------------------------------------------ */

static PyObject *get_phase(WallCore *self, void *c) { return PyLong_FromLong(self->position.phase); }
static PyObject *get_players(WallCore *self, void *c) { return PyLong_FromLong(self->position.players); }
static PyObject *get_grey(WallCore *self, void *c) { return PyBool_FromLong(self->position.grey); }
static PyObject *get_turn(WallCore *self, void *c) { return PyLong_FromLong(self->position.offer.turn); }
static PyObject *get_starter(WallCore *self, void *c) { return PyLong_FromLong(self->position.offer.starter); }
static PyObject *get_round(WallCore *self, void *c) { return PyLong_FromLongLong(self->position.round); }
static PyObject *get_is_chance(WallCore *self, void *c) { return PyBool_FromLong(self->position.phase == CHANCE); }
static PyObject *get_is_over(WallCore *self, void *c) { return PyBool_FromLong(self->position.phase == OVER); }
static PyObject *get_tiles_on_table(WallCore *self, void *c) {
    return PyLong_FromLong(self->position.offer.tiles_on_table);
}
static PyObject *get_marker_in_centre(WallCore *self, void *c) {
    return PyBool_FromLong(self->position.offer.marker_in_centre);
}
static PyObject *get_marker_holder(WallCore *self, void *c) {
    if (self->position.offer.marker_holder < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(self->position.offer.marker_holder);
}
static PyObject *get_chance_index(WallCore *self, void *c) { return PyLong_FromLongLong(self->position.chance_index); }
static int set_chance_index(WallCore *self, PyObject *value, void *c) {
    if (value == NULL || !PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "chance_index is a whole number");
        return -1;
    }
    int overflow = 0;
    long long index = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || index < 0 || index > (1LL << 62)) {
        PyErr_SetString(PyExc_OverflowError, "chance_index out of the native core's range");
        return -1;
    }
    self->position.chance_index = index;
    return 0;
}
static PyObject *get_factories(WallCore *self, void *c) {
    const Offer *offer = &self->position.offer;
    PyObject *list = PyList_New(offer->factory_count);
    if (list == NULL)
        return NULL;
    for (int factory = 0; factory < offer->factory_count; factory++) {
        PyObject *counts = counts_list(offer->factories[factory], COLOURS);
        if (counts == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, factory, counts);
    }
    return list;
}
static PyObject *get_centre(WallCore *self, void *c) { return counts_list(self->position.offer.centre, COLOURS); }
static PyObject *get_masks(WallCore *self, void *c) {
    return small_list(self->position.offer.masks, self->position.offer.factory_count + 1, 0);
}
static PyObject *get_bag(WallCore *self, void *c) { return int32_list(self->position.bag, COLOURS); }
static PyObject *get_lid(WallCore *self, void *c) { return int32_list(self->position.lid, COLOURS); }
static PyObject *get_scores(WallCore *self, void *c) {
    PyObject *list = PyList_New(self->position.players);
    if (list == NULL)
        return NULL;
    for (int seat = 0; seat < self->position.players; seat++)
        PyList_SET_ITEM(list, seat, PyLong_FromLongLong(self->position.boards[seat].score));
    return list;
}
static PyObject *get_to_move(WallCore *self, void *c) {
    const WallPosition *p = &self->position;
    if (p->phase == DRAFT)
        return Py_BuildValue("(i)", p->offer.turn);
    int seats[MOST_SEATS], count = 0;
    if (p->phase == TILING)
        for (int seat = 0; seat < p->players; seat++)
            if (p->boards[seat].waiting)
                seats[count++] = seat;
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int index = 0; index < count; index++)
        PyTuple_SET_ITEM(tuple, index, PyLong_FromLong(seats[index]));
    return tuple;
}

static PyObject *get_special(WallCore *self, void *c) { return PyBool_FromLong(self->position.special); }
static PyObject *get_disc_codes(WallCore *self, void *c) {
    const WallPosition *p = &self->position;
    PyObject *list = PyList_New(p->offer.factory_count);
    if (list == NULL)
        return NULL;
    for (int factory = 0; factory < p->offer.factory_count; factory++)
        PyList_SET_ITEM(list, factory, PyLong_FromLong(p->disc_kind[factory] * 8 + p->disc_colour[factory] + 1));
    return list;
}
static PyObject *get_disc_holder(WallCore *self, void *c) {
    if (self->position.disc_holder < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(self->position.disc_holder);
}
static PyObject *get_disc_tile(WallCore *self, void *c) { return PyLong_FromLong(self->position.disc_tile); }

static PyObject *get_tables(WallCore *self, void *c) {
    Py_INCREF(self->tables);
    return self->tables;
}

PyGetSetDef WallCore_getset[] = {
    {"special", (getter)get_special, NULL, NULL, NULL},
    {"disc_codes", (getter)get_disc_codes, NULL, "Each factory's disc: kind * 8 + colour + 1, 0 for none.", NULL},
    {"disc_holder", (getter)get_disc_holder, NULL, NULL, NULL},
    {"disc_tile", (getter)get_disc_tile, NULL, NULL, NULL},
    {"tables", (getter)get_tables, NULL, "What the core hands out (see mozaika.azul.native.tables_for).", NULL},
    {"phase", (getter)get_phase, NULL, NULL, NULL},
    {"players", (getter)get_players, NULL, NULL, NULL},
    {"grey", (getter)get_grey, NULL, NULL, NULL},
    {"turn", (getter)get_turn, NULL, NULL, NULL},
    {"starter", (getter)get_starter, NULL, NULL, NULL},
    {"round", (getter)get_round, NULL, NULL, NULL},
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
    {"lid", (getter)get_lid, NULL, NULL, NULL},
    {"scores", (getter)get_scores, NULL, NULL, NULL},
    {"to_move", (getter)get_to_move, NULL, NULL, NULL},
    {NULL},
};
