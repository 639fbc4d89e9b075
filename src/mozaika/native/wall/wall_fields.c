/* The wall games' fields for the Python bridge: each board's fields and the getters the shared core
 * does not have (the flat form of a whole position is wall_flat.c's). */
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

_Static_assert(B_FIELDS == WALL_BOARD_FIELDS, "the family's table counts every board field");

/* board(seat, field): one field of a seat's board (the B_ numbers, in the bridge's order). */
PyObject *wall_board_field(const void *position, int seat, int field) {
    const WallBoard *board = &((const WallPosition *)position)->boards[seat];
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

/* --- getters ------------------------------------------------------------------------------------ */

static PyObject *get_grey(WallCore *self, void *c) { return PyBool_FromLong(self->position.grey); }
static PyObject *get_lid(WallCore *self, void *c) { return int32_list(self->position.lid, COLOURS); }
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

PyGetSetDef wall_getset[] = {
    {"special", (getter)get_special, NULL, NULL, NULL},
    {"disc_codes", (getter)get_disc_codes, NULL, "Each factory's disc: kind * 8 + colour + 1, 0 for none.", NULL},
    {"disc_holder", (getter)get_disc_holder, NULL, NULL, NULL},
    {"disc_tile", (getter)get_disc_tile, NULL, NULL, NULL},
    {"grey", (getter)get_grey, NULL, NULL, NULL},
    {"lid", (getter)get_lid, NULL, NULL, NULL},
    {NULL},
};
