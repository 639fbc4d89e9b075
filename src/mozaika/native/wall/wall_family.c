/* The wall games in the core (core.h): the family's table, a new game, and the moves the Python
 * bridge (mozaika.azul.native) hands the core, as the core lists and plays them.  The rules are in
 * wall.c.
 */
#include "wall.h"

static PyObject *str_source, *str_colour, *str_line, *str_seat, *str_column, *str_to_previous, *str_to_next;

/* --- moves as Python values --------------------------------------------------------------------- */

PyObject *split_move(PyObject *tables, int source, int colour, int line, unsigned to_previous, unsigned to_next) {
    PyObject *key = PyLong_FromUnsignedLong(SPLIT_KEY(source, colour, line, to_previous, to_next));
    if (key == NULL)
        return NULL;
    PyObject *made = PyTuple_GET_ITEM(tables, T_SPLITS);
    PyObject *move = PyDict_GetItemWithError(made, key);
    if (move != NULL) {
        Py_INCREF(move);
    } else if (!PyErr_Occurred()) {
        move = PyObject_CallFunction(PyTuple_GET_ITEM(tables, T_MAKE_SPLIT), "iiiII", source, colour, line, to_previous,
                                     to_next);
        if (move != NULL && PyDict_SetItem(made, key, move) < 0)
            Py_CLEAR(move);
    }
    Py_DECREF(key);
    return move;
}

/* --- the family's entries ------------------------------------------------------------------ */

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

/* Core("wall", tables, players, grey, special=False): a new game waiting for its first fill. */
static int wall_start(void *position, PyObject *tables, PyObject *options) {
    int players, grey, special = 0;
    if (!PyArg_ParseTuple(options, "ip|p", &players, &grey, &special))
        return -1;
    if (special && !has_special_tables(tables)) {
        PyErr_SetString(PyExc_TypeError,
                        "special factories need the split-take class, make_split, make_special and a dict of splits");
        return -1;
    }
    if (players < 2 || players > MOST_SEATS) {
        PyErr_SetString(PyExc_ValueError, "2-4 players");
        return -1;
    }
    WallPosition *p = position;
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
    return 0;
}

/* legal_moves(seat): None for a seat outside the table in the tiling phase. */
CORE_HOT PyObject *wall_legal_moves(Core *core, int has_seat, long seat) {
    WallCore *self = (WallCore *)core;
    const WallPosition *p = &self->position;
    if (has_seat && p->phase == TILING && (seat < 0 || seat >= p->players))
        Py_RETURN_NONE;
    uint32_t *codes = self->listed_codes;
    int count = 0;
    if (p->phase == DRAFT) {
        if (!has_seat || seat == p->offer.turn)
            count = wall_move_codes(p, p->offer.turn, codes);
    } else if (p->phase == TILING) {
        for (int who = 0; who < p->players; who++)
            if (!has_seat || who == seat)
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

/* Play a move: 1 when played, 0 (nothing changed) for a move the Python engine must judge (not
 * one of this game's move classes, or illegal here). */
CORE_HOT int wall_play(Core *core, PyObject *move) {
    WallCore *self = (WallCore *)core;
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

static int wall_resolve(Core *core, void *position, const ChanceSeed *seed, StepRecord *record) {
    return resolve_position((WallCore *)core, position, seed, record);
}

static PyObject *wall_deal_core(Core *core, PyObject *args) { return wall_deal((WallCore *)core, args); }

static int wall_playout_core(Core *core, void *position, Draws *draws, const ChanceSeed *seed, StepRecord *record) {
    return wall_playout((WallCore *)core, position, draws, seed, record);
}

static int wall_to_move(const void *position, int *seats) {
    const WallPosition *p = position;
    int count = 0;
    if (p->phase == DRAFT) {
        seats[count++] = p->offer.turn;
    } else if (p->phase == TILING) {
        for (int seat = 0; seat < p->players; seat++)
            if (p->boards[seat].waiting)
                seats[count++] = seat;
    }
    return count;
}

static PyObject *wall_round(const void *position) {
    return PyLong_FromLongLong(((const WallPosition *)position)->round);
}

static PyObject *wall_code_to_move(PyObject *core, MoveCode code) { return wall_code_object((WallCore *)core, code); }

static PyObject *deal_special_method(PyObject *core, PyObject *args) {
    return wall_deal_special((WallCore *)core, args);
}

CORE_HOT_METHODS(wall, wall_legal_moves, wall_play)

static PyMethodDef wall_methods[] = {
    CORE_HOT_METHOD_DEFS(wall),
    {"deal_special", deal_special_method, METH_VARARGS,
     "Deal a checked round's start with special factories: deal_special(groups, discs, extra, bag, lid)."},
    {NULL},
};

_Static_assert(offsetof(WallCore, position) == offsetof(Core, position), "a wall core is a core");
_Static_assert(offsetof(WallPosition, offer) == 0 && offsetof(WallBoard, score) == 0,
               "the offer leads the position, and the score each board (core.h's Family)");
_Static_assert(sizeof(WallPosition) <= CORE_POSITION_ROOM, "a wall position fits a playout's copy");

const Family WALL_FAMILY = {
    .name = "wall",
    .type_name = "mozaika._native.WallCore",
    .position_size = sizeof(WallPosition),
    .most_moves = WALL_MOST_MOVES,
    .players_at = offsetof(WallPosition, players),
    .phase_at = offsetof(WallPosition, phase),
    .chance_index_at = offsetof(WallPosition, chance_index),
    .bag_at = offsetof(WallPosition, bag),
    .boards_at = offsetof(WallPosition, boards),
    .board_size = sizeof(WallBoard),
    .colours = COLOURS,
    .chance_phase = CHANCE,
    .over_phase = OVER,
    .most_chance_index = 1LL << 62,
    .board_fields = WALL_BOARD_FIELDS,
    .entropy = T_ENTROPY,
    .check_tables = check_tables,
    .start = wall_start,
    .legal_moves = wall_legal_moves,
    .play = wall_play,
    .resolve = wall_resolve,
    .read_step = wall_read_step,
    .deal = wall_deal_core,
    .playout = wall_playout_core,
    .board_field = wall_board_field,
    .to_move = wall_to_move,
    .round = wall_round,
    .dump = wall_dump,
    .load = wall_load,
    .check = wall_check,
    .getset = wall_getset,
    .methods = wall_methods,
    .search = &WALL_SEARCH,
    .code_to_move = wall_code_to_move,
    .vector = &WALL_VECTOR,
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
