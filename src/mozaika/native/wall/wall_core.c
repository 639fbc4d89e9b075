/* WallCore: a position of a wall game held natively, as the Python bridge sees it
 * (mozaika.azul.native): the hot paths of the game protocol (legal moves, play, chance,
 * playouts, copies) and getters for everything else.  The rules are in wall.c.
 */
#include "wall.h"

static PyObject *str_source, *str_colour, *str_line, *str_seat, *str_column, *str_to_previous, *str_to_next;

/* --- moves as Python values --------------------------------------------------------------------- */

PyObject *split_move(WallCore *self, int source, int colour, int line, unsigned to_previous, unsigned to_next) {
    long code = ((((long)(source + 1) * 8 + colour) * 8 + line) * 64 + (long)to_previous) * 64 + (long)to_next;
    PyObject *key = PyLong_FromLong(code);
    if (key == NULL)
        return NULL;
    PyObject *made = PyTuple_GET_ITEM(self->tables, T_SPLITS);
    PyObject *move = PyDict_GetItemWithError(made, key);
    if (move != NULL) {
        Py_INCREF(move);
    } else if (!PyErr_Occurred()) {
        move = PyObject_CallFunction(PyTuple_GET_ITEM(self->tables, T_MAKE_SPLIT), "iiiII", source, colour, line,
                                     to_previous, to_next);
        if (move != NULL && PyDict_SetItem(made, key, move) < 0)
            Py_CLEAR(move);
    }
    Py_DECREF(key);
    return move;
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
        !PyType_Check(PyTuple_GET_ITEM(tables, T_TAKE_TYPE)) || !PyType_Check(PyTuple_GET_ITEM(tables, T_WALL_TYPE)) ||
        !PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_FILL)) ||
        !PyCallable_Check(PyTuple_GET_ITEM(tables, T_ENTROPY))) {
        PyErr_SetString(PyExc_TypeError, "WallCore tables: (takes, wall moves, take class, wall-move class, "
                                         "make_fill, entropy, split-take class, make_split, make_special, splits)");
        return -1;
    }
    return 0;
}

/* Whether the tables can play Master Chocolatier's special factories. */
int has_special_tables(PyObject *tables) {
    return PyType_Check(PyTuple_GET_ITEM(tables, T_SPLIT_TYPE)) &&
           PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_SPLIT)) &&
           PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_SPECIAL)) &&
           PyDict_CheckExact(PyTuple_GET_ITEM(tables, T_SPLITS));
}

/* WallCore(tables, players, grey, special=False): a new game waiting for its first fill. */
static PyObject *WallCore_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *tables;
    int players, grey, special = 0;
    static char *names[] = {"tables", "players", "grey", "special", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oip|p", names, &tables, &players, &grey, &special))
        return NULL;
    if (check_tables(tables) < 0)
        return NULL;
    if (special && !has_special_tables(tables)) {
        PyErr_SetString(PyExc_TypeError,
                        "special factories need the split-take class, make_split, make_special and a dict of splits");
        return NULL;
    }
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
    p->special = (uint8_t)special;
    p->disc_holder = -1;
    p->disc_tile = EMPTY;
    memset(p->disc_colour, EMPTY, sizeof p->disc_colour);
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
    PyMem_Free(self->listed);
    PyMem_Free(self->listed_codes);
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
 * engine must answer for (one outside the table).  The list is made at its size, and its moves and
 * their numbers kept for play(). */
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
        if (p->phase == TILING && (seat < 0 || seat >= p->players))
            Py_RETURN_NONE;
    }
    if (self->listed == NULL || self->listed_codes == NULL) {
        PyMem_Free(self->listed);
        PyMem_Free(self->listed_codes);
        self->listed = PyMem_Malloc(WALL_MOST_MOVES * sizeof *self->listed);
        self->listed_codes = PyMem_Malloc(WALL_MOST_MOVES * sizeof *self->listed_codes);
        if (self->listed == NULL || self->listed_codes == NULL)
            return PyErr_NoMemory();
    }
    uint32_t *codes = self->listed_codes;
    int count = 0;
    self->listed_count = 0;
    if (p->phase == DRAFT) {
        if (seat_object == Py_None || seat == p->offer.turn)
            count = wall_move_codes(p, p->offer.turn, codes);
    } else if (p->phase == TILING) {
        for (int who = 0; who < p->players; who++)
            if (seat_object == Py_None || who == seat)
                count += wall_move_codes(p, who, codes + count);
    }
    PyObject *moves = PyList_New(count);
    if (moves == NULL)
        return NULL;
    PyObject *takes = PyTuple_GET_ITEM(self->tables, T_TAKES);
    for (int at = 0; at < count; at++) {
        uint32_t code = codes[at];
        PyObject *move;
        if (!(code & (COLUMN_MOVE | 1u << 10))) { /* a plain take (most of them): straight from the table */
            move = PyTuple_GET_ITEM(takes, (CODE_SLOT(code) * COLOURS + CODE_COLOUR(code)) * 6 + CODE_LINE(code));
            Py_INCREF(move);
        } else {
            move = wall_code_object(self, code);
        }
        if (move == NULL) {
            Py_DECREF(moves);
            return NULL;
        }
        PyList_SET_ITEM(moves, at, move);
        self->listed[at] = move;
    }
    self->listed_count = count;
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

/* Play a move: 1 when played, 0 (nothing changed) for a move the Python engine must judge (not
 * one of this game's move classes, or illegal here). */
static int core_play(WallCore *self, PyObject *move) {
    WallPosition *p = &self->position;
    /* A move of the last list is known by its identity: its number, checked legal here. */
    for (int at = 0; at < self->listed_count; at++) {
        if (self->listed[at] != move)
            continue;
        uint32_t code = self->listed_codes[at];
        if (code & COLUMN_MOVE) {
            int index = (int)(code & ~COLUMN_MOVE);
            if (!column_is_legal(p, index / 25, index / SIZE % SIZE, index % SIZE))
                break;
            choose_column(p, index / 25, index / SIZE % SIZE, index % SIZE);
            return 1;
        }
        int slot = CODE_SLOT(code), source = slot == p->offer.factory_count ? -1 : slot;
        if (p->special)
            return play_take(p, source, CODE_COLOUR(code), CODE_LINE(code), CODE_SPLIT(code), CODE_TO_PREVIOUS(code),
                             CODE_TO_NEXT(code));
        if (!take_is_legal(p, source, CODE_COLOUR(code), CODE_LINE(code)))
            break;
        settle_take(p, source, CODE_COLOUR(code), CODE_LINE(code));
        return 1;
    }
    PyTypeObject *type = Py_TYPE(move);
    long a, b, c;
    int split = p->special && (PyObject *)type == PyTuple_GET_ITEM(self->tables, T_SPLIT_TYPE);
    if (split || (PyObject *)type == PyTuple_GET_ITEM(self->tables, T_TAKE_TYPE)) {
        long to_previous = 0, to_next = 0;
        if (!read_long(move, str_source, &a) || !read_long(move, str_colour, &b) || !read_long(move, str_line, &c) ||
            (split && (!read_long(move, str_to_previous, &to_previous) || !read_long(move, str_to_next, &to_next))))
            return 0;
        if (p->special)
            return play_take(p, a, b, c, split, to_previous, to_next);
        if (!take_is_legal(p, a, b, c))
            return 0;
        settle_take(p, (int)a, (int)b, (int)c);
        return 1;
    }
    if ((PyObject *)type == PyTuple_GET_ITEM(self->tables, T_WALL_TYPE)) {
        if (!read_long(move, str_seat, &a) || !read_long(move, str_line, &b) || !read_long(move, str_column, &c) ||
            !column_is_legal(p, a, b, c))
            return 0;
        choose_column(p, (int)a, (int)b, (int)c);
        return 1;
    }
    return 0;
}

/* play(move, seed=None) -> True when played; False, changing nothing, for a move the Python engine must
 * judge.  With a seed, the chance the move leads to is resolved from it, and its outcomes are the answer
 * (a Steps object) instead of True. */
static PyObject *WallCore_play(WallCore *self, PyObject *const *args, Py_ssize_t count) {
    if (count < 1 || count > 2) {
        PyErr_SetString(PyExc_TypeError, "play(move, seed=None)");
        return NULL;
    }
    if (!core_play(self, args[0]))
        Py_RETURN_FALSE;
    if (count == 2 && args[1] != Py_None && self->position.phase == CHANCE) {
        StepRecord record;
        record_open(&record);
        if (resolve_chance(self, args[1], &record) < 0) {
            record_close(&record);
            return NULL;
        }
        return record_finish(&record, self->tables, wall_read_step);
    }
    Py_RETURN_TRUE;
}

static PyMethodDef WallCore_methods[] = {
    {"copy", (PyCFunction)WallCore_copy, METH_NOARGS, "An independent copy."},
    {"legal_moves", (PyCFunction)WallCore_legal_moves, METH_O, "The legal moves (of a seat, or None)."},
    {"play", (PyCFunction)(void (*)(void))WallCore_play, METH_FASTCALL,
     "play(move, seed=None): False (nothing changed) if the reference must judge the move; with a seed, the "
     "chance it leads to resolved, its outcomes the answer."},
    {"resolve", (PyCFunction)WallCore_resolve, METH_O, "Resolve pending chance from the seed; the outcomes."},
    {"deal", (PyCFunction)WallCore_deal, METH_VARARGS, "Deal a checked fill: deal(groups, bag, lid)."},
    {"deal_special", (PyCFunction)WallCore_deal_special, METH_VARARGS,
     "Deal a checked round's start with special factories: deal_special(groups, discs, extra, bag, lid)."},
    {"playout", (PyCFunction)WallCore_playout, METH_VARARGS, "Play on to the end: playout(seed, random)."},
    {"search", (PyCFunction)WallCore_search, METH_VARARGS,
     "The search bot's search: search(shortlist, seat, generator state, options) (native/search.h)."},
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
    str_to_previous = PyUnicode_InternFromString("to_previous");
    str_to_next = PyUnicode_InternFromString("to_next");
    return str_source && str_colour && str_line && str_seat && str_column && str_to_previous && str_to_next ? 0 : -1;
}
