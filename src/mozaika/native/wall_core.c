/* WallCore: a position of a wall game held natively, as the Python bridge sees it
 * (mozaika.azul.native): the hot paths of the game protocol (legal moves, play, chance,
 * playouts, copies) and getters for everything else.  The rules are in wall.c.
 */
#include "wall.h"

#include <math.h>

static PyObject *str_source, *str_colour, *str_line, *str_seat, *str_column;

/* resolve_chance: every pending event as the seed decides; each outcome appended to `steps`. */
static int resolve_chance(WallCore *self, PyObject *seed, PyObject *steps) {
    WallPosition *p = &self->position;
    while (p->phase == CHANCE) {
        int sizes[MOST_FACTORIES];
        int factories = p->offer.factory_count;
        for (int factory = 0; factory < factories; factory++)
            sizes[factory] = FACTORY_SIZE;
        uint32_t limbs[ENTROPY_LIMBS];
        int limb_count;
        if (chance_entropy(PyTuple_GET_ITEM(self->tables, T_ENTROPY), seed, p->chance_index,
                           DRAW_BITS(FACTORY_SIZE * factories), limbs, &limb_count) < 0)
            return -1;
        Groups groups;
        sample_draw(p->bag, p->lid, COLOURS, sizes, factories, limbs, limb_count, &groups);
        deal_and_open(p, &groups);
        p->chance_index++;
        if (steps != NULL) {
            PyObject *tiles = groups_tuple(&groups);
            if (tiles == NULL)
                return -1;
            PyObject *outcome = PyObject_CallOneArg(PyTuple_GET_ITEM(self->tables, T_MAKE_FILL), tiles);
            Py_DECREF(tiles);
            if (outcome == NULL)
                return -1;
            int failed = PyList_Append(steps, outcome);
            Py_DECREF(outcome);
            if (failed)
                return -1;
        }
    }
    return 0;
}

/* --- moves as Python values --------------------------------------------------------------------- */

static PyObject *take_move(WallCore *self, int slot, int colour, int line) {
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->tables, T_TAKES), (slot * COLOURS + colour) * 6 + line);
}

static PyObject *wall_move(WallCore *self, int seat, int line, int column) {
    return PyTuple_GET_ITEM(PyTuple_GET_ITEM(self->tables, T_WALL_MOVES), seat * 25 + line * SIZE + column);
}

static int append_borrowed(PyObject *list, PyObject *item) {
    return PyList_Append(list, item);
}

static int add_takes(WallCore *self, PyObject *moves) {
    const WallPosition *p = &self->position;
    const uint8_t *accept = p->boards[p->offer.turn].accept;
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        unsigned mask = p->offer.masks[slot];
        for (int colour = 0; colour < COLOURS; colour++) {
            if (!(mask >> colour & 1))
                continue;
            for (int line = 0; line < SIZE; line++)
                if ((accept[colour] >> line & 1) && append_borrowed(moves, take_move(self, slot, colour, line)))
                    return -1;
            if (append_borrowed(moves, take_move(self, slot, colour, FLOOR_LINE)))
                return -1;
        }
    }
    return 0;
}

static int add_columns(WallCore *self, int seat, PyObject *moves) {
    const WallBoard *board = &self->position.boards[seat];
    if (!board->waiting)
        return 0;
    int line = board->tiling_line;
    unsigned columns = grey_columns(board, line, board->line_colour[line]);
    for (int column = 0; column < SIZE; column++)
        if ((columns >> column & 1) && append_borrowed(moves, wall_move(self, seat, line, column)))
            return -1;
    return 0;
}

/* --- the Python type ---------------------------------------------------------------------------- */

WallCore *new_core(PyTypeObject *type, PyObject *tables) {
    WallCore *self = (WallCore *)type->tp_alloc(type, 0);
    if (self == NULL)
        return NULL;
    Py_INCREF(tables);
    self->tables = tables;
    return self;
}

int check_tables(PyObject *tables) {
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != T_COUNT ||
        !PyTuple_Check(PyTuple_GET_ITEM(tables, T_TAKES)) ||
        PyTuple_GET_SIZE(PyTuple_GET_ITEM(tables, T_TAKES)) != (MOST_FACTORIES + 1) * COLOURS * 6 ||
        !PyTuple_Check(PyTuple_GET_ITEM(tables, T_WALL_MOVES)) ||
        PyTuple_GET_SIZE(PyTuple_GET_ITEM(tables, T_WALL_MOVES)) != MOST_SEATS * SIZE * SIZE ||
        !PyType_Check(PyTuple_GET_ITEM(tables, T_TAKE_TYPE)) || !PyType_Check(PyTuple_GET_ITEM(tables, T_WALL_TYPE))) {
        PyErr_SetString(PyExc_TypeError, "WallCore tables: (takes, wall moves, take class, wall-move class, "
                                         "make_fill, entropy)");
        return -1;
    }
    return 0;
}

/* WallCore(tables, players, grey): a new game waiting for its first fill. */
static PyObject *WallCore_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *tables;
    int players, grey;
    static char *names[] = {"tables", "players", "grey", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oip", names, &tables, &players, &grey))
        return NULL;
    if (check_tables(tables) < 0)
        return NULL;
    if (players < 2 || players > MOST_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2-4 players");
        return NULL;
    }
    WallCore *self = new_core(type, tables);
    if (self == NULL)
        return NULL;
    WallPosition *p = &self->position;
    p->players = (uint8_t)players;
    p->grey = (uint8_t)grey;
    p->phase = CHANCE;
    p->round = 1;
    p->offer.factory_count = (uint8_t)FACTORIES_BY_PLAYERS[players];
    p->offer.colours = COLOURS;
    p->offer.marker_in_centre = 1;
    p->offer.marker_holder = -1;
    for (int colour = 0; colour < COLOURS; colour++)
        p->bag[colour] = TILES_PER_COLOUR;
    for (int seat = 0; seat < players; seat++) {
        WallBoard *board = &p->boards[seat];
        memset(board->line_colour, EMPTY, sizeof board->line_colour);
        memset(board->wall_colours, EMPTY, sizeof board->wall_colours);
        memset(board->accept, FULL_ROW, sizeof board->accept);
        board->tiling_line = SIZE;
    }
    return (PyObject *)self;
}

static void WallCore_dealloc(WallCore *self) {
    Py_XDECREF(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *WallCore_copy(WallCore *self, PyObject *unused) {
    WallCore *other = new_core(Py_TYPE(self), self->tables);
    if (other != NULL)
        other->position = self->position;
    return (PyObject *)other;
}

/* legal_moves(seat): the moves in the Python engine's order; None for a seat the Python
 * engine must answer for (one outside the table). */
static PyObject *WallCore_legal_moves(WallCore *self, PyObject *seat_object) {
    const WallPosition *p = &self->position;
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
    PyObject *moves = PyList_New(0);
    if (moves == NULL)
        return NULL;
    int failed = 0;
    if (p->phase == DRAFT) {
        if (seat_object == Py_None || seat == p->offer.turn)
            failed = add_takes(self, moves);
    } else if (p->phase == TILING) {
        if (seat_object == Py_None) {
            for (int who = 0; who < p->players && !failed; who++)
                failed = add_columns(self, who, moves);
        } else if (seat < 0 || seat >= p->players) {
            Py_DECREF(moves);
            Py_RETURN_NONE;
        } else {
            failed = add_columns(self, (int)seat, moves);
        }
    }
    if (failed) {
        Py_DECREF(moves);
        return NULL;
    }
    return moves;
}

static int read_long(PyObject *object, PyObject *name, long *value) {
    PyObject *attribute = PyObject_GetAttr(object, name);
    if (attribute == NULL) {
        PyErr_Clear();
        return 0;
    }
    int ok = PyLong_Check(attribute);
    if (ok) {
        *value = PyLong_AsLong(attribute);
        if (*value == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            ok = 0;
        }
    }
    Py_DECREF(attribute);
    return ok;
}

/* play(move) -> True when played; False, changing nothing, for a move the Python engine must
 * judge (not one of this game's move classes, or illegal here). */
static PyObject *WallCore_play(WallCore *self, PyObject *move) {
    WallPosition *p = &self->position;
    PyTypeObject *type = Py_TYPE(move);
    long a, b, c;
    if ((PyObject *)type == PyTuple_GET_ITEM(self->tables, T_TAKE_TYPE)) {
        if (!read_long(move, str_source, &a) || !read_long(move, str_colour, &b) || !read_long(move, str_line, &c) ||
            !take_is_legal(p, a, b, c))
            Py_RETURN_FALSE;
        settle_take(p, (int)a, (int)b, (int)c);
        Py_RETURN_TRUE;
    }
    if ((PyObject *)type == PyTuple_GET_ITEM(self->tables, T_WALL_TYPE)) {
        if (!read_long(move, str_seat, &a) || !read_long(move, str_line, &b) || !read_long(move, str_column, &c) ||
            !column_is_legal(p, a, b, c))
            Py_RETURN_FALSE;
        choose_column(p, (int)a, (int)b, (int)c);
        Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

/* resolve(seed) -> the outcomes of the pending chance events, each made by make_fill. */
static PyObject *WallCore_resolve(WallCore *self, PyObject *seed) {
    PyObject *steps = PyList_New(0);
    if (steps == NULL)
        return NULL;
    if (resolve_chance(self, seed, steps) < 0) {
        Py_DECREF(steps);
        return NULL;
    }
    return steps;
}

/* deal(groups, bag, lid): a checked fill (apply_draw has taken it from the bag and lid it leaves). */
static PyObject *WallCore_deal(WallCore *self, PyObject *args) {
    PyObject *groups_object, *bag, *lid;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyTuple_Type, &groups_object, &PyList_Type, &bag, &PyList_Type, &lid))
        return NULL;
    WallPosition *p = &self->position;
    Groups groups;
    if (p->phase != CHANCE || PyTuple_GET_SIZE(groups_object) != p->offer.factory_count ||
        PyList_GET_SIZE(bag) != COLOURS || PyList_GET_SIZE(lid) != COLOURS) {
        PyErr_SetString(PyExc_ValueError, "a fill of every factory, in the chance phase");
        return NULL;
    }
    groups.group_count = p->offer.factory_count;
    for (int group = 0; group < groups.group_count; group++) {
        PyObject *tiles = PyTuple_GET_ITEM(groups_object, group);
        if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) > FACTORY_SIZE) {
            PyErr_SetString(PyExc_ValueError, "a factory's tiles: a tuple of at most 4 colours");
            return NULL;
        }
        groups.sizes[group] = (uint8_t)PyTuple_GET_SIZE(tiles);
        for (int tile = 0; tile < groups.sizes[group]; tile++) {
            long colour = PyLong_AsLong(PyTuple_GET_ITEM(tiles, tile));
            if (colour < 0 || colour >= COLOURS) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "no such colour");
                return NULL;
            }
            groups.tiles[group][tile] = (uint8_t)colour;
        }
    }
    int32_t counts[2][COLOURS];
    PyObject *piles[2] = {bag, lid};
    for (int pile = 0; pile < 2; pile++)
        for (int colour = 0; colour < COLOURS; colour++) {
            long count = PyLong_AsLong(PyList_GET_ITEM(piles[pile], colour));
            if (count < 0 || count > 255 * COLOURS) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a pile's count out of range");
                return NULL;
            }
            counts[pile][colour] = (int32_t)count;
        }
    memcpy(p->bag, counts[0], sizeof p->bag);
    memcpy(p->lid, counts[1], sizeof p->lid);
    deal_and_open(p, &groups);
    Py_RETURN_NONE;
}

/* The next number of the generator's random() method; -1 with an error set on failure. */
static double next_random(PyObject *random) {
    PyObject *result = PyObject_CallNoArgs(random);
    if (result == NULL)
        return -1.0;
    double number = PyFloat_AsDouble(result);
    Py_DECREF(result);
    if (number == -1.0 && PyErr_Occurred())
        return -1.0;
    if (!(number >= 0.0 && number < 1.0)) {
        PyErr_SetString(PyExc_ValueError, "random() must give numbers in [0, 1)");
        return -1.0;
    }
    return number;
}

/* playout(seed, random) -> every step to the end of the game, each decision uniform over the
 * legal moves: AzulState.playout, with `random` the generator's random() method. */
static PyObject *WallCore_playout(WallCore *self, PyObject *args) {
    PyObject *seed, *random;
    if (!PyArg_ParseTuple(args, "OO", &seed, &random))
        return NULL;
    WallPosition *p = &self->position;
    PyObject *steps = PyList_New(0);
    if (steps == NULL)
        return NULL;
    static const int widths[32] = {1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5,
                                   2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 4, 5, 4, 5, 5, 6};
    for (;;) {
        if (p->phase == DRAFT) {
            int holders[MOST_COLOURS];
            offer_colour_holders(&p->offer, holders);
            const uint8_t *accept = p->boards[p->offer.turn].accept;
            long blocks[COLOURS], total = 0;
            for (int colour = 0; colour < COLOURS; colour++) {
                blocks[colour] = (long)widths[accept[colour]] * holders[colour];
                total += blocks[colour];
            }
            double number = next_random(random);
            if (number < 0)
                goto failed;
            long pick = (long)floor(number * (double)total);
            int colour = 0;
            while (colour < COLOURS - 1 && pick >= blocks[colour]) {
                pick -= blocks[colour];
                colour++;
            }
            long span = widths[accept[colour]];
            long nth = pick / span;
            int slot_index = (int)(pick - nth * span);
            int slot = 0;
            for (; slot < p->offer.factory_count; slot++)
                if (p->offer.masks[slot] >> colour & 1) {
                    if (!nth)
                        break;
                    nth--;
                }
            int line = FLOOR_LINE;
            for (int candidate = 0, seen = 0; candidate < SIZE; candidate++)
                if (accept[colour] >> candidate & 1) {
                    if (seen == slot_index) {
                        line = candidate;
                        break;
                    }
                    seen++;
                }
            if (append_borrowed(steps, take_move(self, slot, colour, line)))
                goto failed;
            settle_take(p, slot == p->offer.factory_count ? -1 : slot, colour, line);
        } else if (p->phase == TILING) {
            int codes[MOST_SEATS * SIZE], count = 0;
            for (int seat = 0; seat < p->players; seat++) {
                const WallBoard *board = &p->boards[seat];
                if (!board->waiting)
                    continue;
                int line = board->tiling_line;
                unsigned columns = grey_columns(board, line, board->line_colour[line]);
                for (int column = 0; column < SIZE; column++)
                    if (columns >> column & 1)
                        codes[count++] = seat * 25 + line * SIZE + column;
            }
            if (count == 0) {
                PyErr_SetString(PyExc_RuntimeError, "a tiling phase with no column to choose");
                goto failed;
            }
            double number = next_random(random);
            if (number < 0)
                goto failed;
            int code = codes[(int)floor(number * count)];
            if (append_borrowed(steps, wall_move(self, code / 25, code / SIZE % SIZE, code % SIZE)))
                goto failed;
            choose_column(p, code / 25, code / SIZE % SIZE, code % SIZE);
        } else if (p->phase == CHANCE) {
            if (resolve_chance(self, seed, steps) < 0)
                goto failed;
        } else {
            return steps;
        }
    }
failed:
    Py_DECREF(steps);
    return NULL;
}

static PyMethodDef WallCore_methods[] = {
    {"copy", (PyCFunction)WallCore_copy, METH_NOARGS, "An independent copy."},
    {"legal_moves", (PyCFunction)WallCore_legal_moves, METH_O, "The legal moves (of a seat, or None)."},
    {"play", (PyCFunction)WallCore_play, METH_O, "Play a move: False (nothing changed) if the reference must judge it."},
    {"resolve", (PyCFunction)WallCore_resolve, METH_O, "Resolve pending chance from the seed; the outcomes."},
    {"deal", (PyCFunction)WallCore_deal, METH_VARARGS, "Deal a checked fill: deal(groups, bag, lid)."},
    {"playout", (PyCFunction)WallCore_playout, METH_VARARGS, "Play on to the end: playout(seed, random)."},
    {"board", (PyCFunction)(void (*)(void))WallCore_board, METH_FASTCALL, "board(seat, field)."},
    {"dump", (PyCFunction)WallCore_dump, METH_NOARGS, "The position's flat form."},
    {"load", (PyCFunction)WallCore_load, METH_VARARGS | METH_CLASS, "load(tables, values): a position."},
    {NULL},
};

PyTypeObject WallCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mozaika._native.WallCore",
    .tp_doc = "A position of a wall game (Azul), held natively.",
    .tp_basicsize = sizeof(WallCore),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = WallCore_new,
    .tp_dealloc = (destructor)WallCore_dealloc,
    .tp_methods = WallCore_methods,
    .tp_getset = WallCore_getset,
};

int wall_init_strings(void) {
    str_source = PyUnicode_InternFromString("source");
    str_colour = PyUnicode_InternFromString("colour");
    str_line = PyUnicode_InternFromString("line");
    str_seat = PyUnicode_InternFromString("seat");
    str_column = PyUnicode_InternFromString("column");
    return str_source && str_colour && str_line && str_seat && str_column ? 0 : -1;
}
