/* WallCore: a position of a wall game held natively, as the Python bridge sees it
 * (mozaika.azul.native): the hot paths of the game protocol (legal moves, play, chance,
 * playouts, copies) and getters for everything else.  The rules are in wall.c.
 */
#include "wall.h"
#include "pyrandom.h"

#include <math.h>

static PyObject *str_source, *str_colour, *str_line, *str_seat, *str_column, *str_to_previous, *str_to_next;

/* The discs in the box, in the order of chocolatier.discs.DISCS, as disc codes (kind * 8 + colour + 1). */
static const int DISC_CODES[] = {EXTRA_TILE * 8,   PULL * 8 + 1, PULL * 8 + 2, PULL * 8 + 3, PULL * 8 + 4,
                                 PULL * 8 + 5,     KEEP * 8,     SPLIT * 8,    FLOOR_SPACE * 8};
#define DISC_COUNT ((int)(sizeof DISC_CODES / sizeof DISC_CODES[0]))

/* The outcome of a round's start the core sampled, made by the game's make_special. */
static PyObject *special_outcome(WallCore *self, const Groups *groups, const int *codes, int has_extra,
                                 int extra_colour, const int32_t *bag_before, const int32_t *lid_before) {
    const WallPosition *p = &self->position;
    int count = p->offer.factory_count;
    PyObject *factories = groups_tuple(groups);
    PyObject *discs = PyTuple_New(count);
    PyObject *extra = extra_colour >= 0 ? Py_BuildValue("(i)", extra_colour) : PyTuple_New(0);
    PyObject *drawn = has_extra ? PyTuple_New(count + 1) : NULL;
    PyObject *bag = int32_list(bag_before, COLOURS), *lid = int32_list(lid_before, COLOURS);
    PyObject *bag_after = int32_list(p->bag, COLOURS), *lid_after = int32_list(p->lid, COLOURS);
    PyObject *origin_bag = bag ? PyList_AsTuple(bag) : NULL, *origin_lid = lid ? PyList_AsTuple(lid) : NULL;
    PyObject *outcome = NULL;
    if (factories && discs && extra && (drawn || !has_extra) && origin_bag && origin_lid && bag_after && lid_after) {
        int failed = 0;
        for (int factory = 0; factory < count && !failed; factory++) {
            PyObject *code = PyLong_FromLong(codes[factory]);
            failed = code == NULL;
            if (code)
                PyTuple_SET_ITEM(discs, factory, code);
            if (drawn && !failed) {
                Py_INCREF(PyTuple_GET_ITEM(factories, factory));
                PyTuple_SET_ITEM(drawn, factory, PyTuple_GET_ITEM(factories, factory));
            }
        }
        if (drawn && !failed) {
            Py_INCREF(extra);
            PyTuple_SET_ITEM(drawn, count, extra);
        }
        if (!failed)
            outcome = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(self->tables, T_MAKE_SPECIAL), factories, discs,
                                                   extra, drawn ? drawn : factories, origin_bag, origin_lid, bag_after,
                                                   lid_after, NULL);
    }
    Py_XDECREF(factories);
    Py_XDECREF(discs);
    Py_XDECREF(extra);
    Py_XDECREF(drawn);
    Py_XDECREF(bag);
    Py_XDECREF(lid);
    Py_XDECREF(origin_bag);
    Py_XDECREF(origin_lid);
    Py_XDECREF(bag_after);
    Py_XDECREF(lid_after);
    return outcome;
}

/* A round's start with special factories, sampled as ChocolatierState.sample_chance samples it
 * (draw_special_fill): a random.Random seeded from the event's 64 chance bits places as many
 * discs as players on distinct factories, then draws the fill and SN1's extra praline. */
static int resolve_special(WallCore *self, PyObject *seed, PyObject *steps) {
    WallPosition *p = &self->position;
    uint32_t limbs[ENTROPY_LIMBS];
    int limb_count;
    if (seeded_entropy(PyTuple_GET_ITEM(self->tables, T_ENTROPY), seed, p->chance_index, 64, limbs, &limb_count) < 0)
        return -1;
    uint64_t number = 0;
    for (int limb = 0; limb < limb_count; limb++)
        number |= (uint64_t)limbs[limb] << (32 * limb);
    PyRandom random;
    pyrandom_seed(&random, number);
    int factories = p->offer.factory_count, slots[MOST_FACTORIES], places[MOST_SEATS], chosen[MOST_SEATS];
    for (int factory = 0; factory < factories; factory++)
        slots[factory] = factory;
    pyrandom_sample(&random, slots, factories, p->players, places);
    pyrandom_sample(&random, DISC_CODES, DISC_COUNT, p->players, chosen);
    int codes[MOST_FACTORIES] = {0}, has_extra = 0;
    for (int seat = 0; seat < p->players; seat++) {
        codes[places[seat]] = chosen[seat];
        has_extra |= chosen[seat] >> 3 == EXTRA_TILE;
    }
    int wanted = FACTORY_SIZE * factories + has_extra;
    pyrandom_limbs(&random, DRAW_BITS(wanted), limbs, &limb_count);
    int32_t bag_before[COLOURS], lid_before[COLOURS];
    memcpy(bag_before, p->bag, sizeof bag_before);
    memcpy(lid_before, p->lid, sizeof lid_before);
    uint8_t drawn[MOST_FACTORIES * FACTORY_SIZE + 1];
    int count = draw_tiles(p->bag, p->lid, COLOURS, wanted, limbs, limb_count, drawn);
    Groups groups;
    groups.group_count = factories;
    for (int factory = 0; factory < factories; factory++) {
        int start = factory * FACTORY_SIZE, size = count - start;
        size = size < 0 ? 0 : size > FACTORY_SIZE ? FACTORY_SIZE : size;
        memcpy(groups.tiles[factory], drawn + start, (size_t)size);
        groups.sizes[factory] = (uint8_t)size;
        sort_tiles(groups.tiles[factory], size);
    }
    int extra_colour = has_extra && count > FACTORY_SIZE * factories ? drawn[FACTORY_SIZE * factories] : EMPTY;
    uint8_t kinds[MOST_FACTORIES];
    int8_t colours[MOST_FACTORIES];
    for (int factory = 0; factory < factories; factory++) {
        kinds[factory] = (uint8_t)(codes[factory] >> 3);
        colours[factory] = (int8_t)((codes[factory] & 7) - 1);
    }
    deal_special(p, &groups, kinds, colours, extra_colour);
    p->chance_index++;
    if (steps == NULL)
        return 0;
    PyObject *outcome = special_outcome(self, &groups, codes, has_extra, extra_colour, bag_before, lid_before);
    if (outcome == NULL)
        return -1;
    int failed = PyList_Append(steps, outcome);
    Py_DECREF(outcome);
    return failed;
}

/* resolve_chance: every pending event as the seed decides; each outcome appended to `steps`. */
static int resolve_chance(WallCore *self, PyObject *seed, PyObject *steps) {
    WallPosition *p = &self->position;
    while (p->phase == CHANCE && p->special)
        if (resolve_special(self, seed, steps) < 0)
            return -1;
    while (p->phase == CHANCE) {
        int sizes[MOST_FACTORIES];
        int factories = p->offer.factory_count;
        for (int factory = 0; factory < factories; factory++)
            sizes[factory] = FACTORY_SIZE;
        uint32_t limbs[ENTROPY_LIMBS];
        int limb_count;
        if (seeded_entropy(PyTuple_GET_ITEM(self->tables, T_ENTROPY), seed, p->chance_index,
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

/* M-3: a take from SN4 with leftovers, once per split: every subset of the leftover colours to
 * the previous neighbour (from all of them down to none), the rest to the next. */
/* SN4's take with its split, as the Python engine makes it: made once by make_split and kept. */
static PyObject *split_move(WallCore *self, int source, int colour, int line, unsigned to_previous, unsigned to_next) {
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

static int add_splits(WallCore *self, int source, int colour, int line, unsigned leftovers, PyObject *moves) {
    unsigned subset = leftovers;
    for (;;) {
        PyObject *move = split_move(self, source, colour, line, subset, leftovers ^ subset);
        if (move == NULL)
            return -1;
        int failed = PyList_Append(moves, move);
        Py_DECREF(move);
        if (failed)
            return -1;
        if (subset == 0)
            return 0;
        subset = (subset - 1) & leftovers;
    }
}

static int add_take(WallCore *self, int slot, int colour, int line, int split_from, PyObject *moves) {
    const Offer *offer = &self->position.offer;
    if (slot == split_from) {
        unsigned on_split = offer->masks[slot];
        if (on_split & (on_split - 1)) /* more than one colour: the take leaves leftovers to split */
            return add_splits(self, slot, colour, line, on_split & ~(1u << colour), moves);
    }
    return append_borrowed(moves, take_move(self, slot, colour, line));
}

static int add_takes(WallCore *self, PyObject *moves) {
    const WallPosition *p = &self->position;
    const uint8_t *accept = p->boards[p->offer.turn].accept;
    int split_from = p->special ? disc_index(p, SPLIT) : -1;
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        unsigned mask = p->offer.masks[slot];
        for (int colour = 0; colour < COLOURS; colour++) {
            if (!(mask >> colour & 1))
                continue;
            for (int line = 0; line < SIZE; line++)
                if ((accept[colour] >> line & 1) && add_take(self, slot, colour, line, split_from, moves))
                    return -1;
            if (add_take(self, slot, colour, FLOOR_LINE, split_from, moves))
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
        !PyType_Check(PyTuple_GET_ITEM(tables, T_TAKE_TYPE)) || !PyType_Check(PyTuple_GET_ITEM(tables, T_WALL_TYPE)) ||
        !PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_FILL)) || !PyCallable_Check(PyTuple_GET_ITEM(tables, T_ENTROPY))) {
        PyErr_SetString(PyExc_TypeError, "WallCore tables: (takes, wall moves, take class, wall-move class, "
                                         "make_fill, entropy, split-take class, make_split, make_special, splits)");
        return -1;
    }
    return 0;
}

/* Whether the tables can play Master Chocolatier's special factories. */
int has_special_tables(PyObject *tables) {
    return PyType_Check(PyTuple_GET_ITEM(tables, T_SPLIT_TYPE)) && PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_SPLIT)) &&
           PyCallable_Check(PyTuple_GET_ITEM(tables, T_MAKE_SPECIAL)) && PyDict_CheckExact(PyTuple_GET_ITEM(tables, T_SPLITS));
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
        PyErr_SetString(PyExc_TypeError, "special factories need the split-take class, make_split, make_special and a dict of splits");
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

/* Play a move: 1 when played, 0 (nothing changed) for a move the Python engine must judge (not
 * one of this game's move classes, or illegal here). */
static int core_play(WallCore *self, PyObject *move) {
    WallPosition *p = &self->position;
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

/* play(move) -> True when played; False, changing nothing, for a move the Python engine must judge. */
static PyObject *WallCore_play(WallCore *self, PyObject *move) {
    return PyBool_FromLong(core_play(self, move));
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

/* Read a checked fill's groups (a tuple of a tuple of colours per factory) and the bag and lid it
 * leaves (lists of counts); 0, or -1 with ValueError. */
static int read_fill(WallPosition *p, PyObject *groups_object, PyObject *bag, PyObject *lid, Groups *groups,
                     int extra_per_group) {
    if (p->phase != CHANCE || PyTuple_GET_SIZE(groups_object) != p->offer.factory_count ||
        PyList_GET_SIZE(bag) != COLOURS || PyList_GET_SIZE(lid) != COLOURS) {
        PyErr_SetString(PyExc_ValueError, "a fill of every factory, in the chance phase");
        return -1;
    }
    groups->group_count = p->offer.factory_count;
    for (int group = 0; group < groups->group_count; group++) {
        PyObject *tiles = PyTuple_GET_ITEM(groups_object, group);
        if (!PyTuple_Check(tiles) || PyTuple_GET_SIZE(tiles) > FACTORY_SIZE) {
            PyErr_SetString(PyExc_ValueError, "a factory's tiles: a tuple of at most 4 colours");
            return -1;
        }
        groups->sizes[group] = (uint8_t)PyTuple_GET_SIZE(tiles);
        for (int tile = 0; tile < groups->sizes[group]; tile++) {
            long colour = PyLong_AsLong(PyTuple_GET_ITEM(tiles, tile));
            if (colour < 0 || colour >= COLOURS) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "no such colour");
                return -1;
            }
            groups->tiles[group][tile] = (uint8_t)colour;
        }
    }
    int32_t counts[2][COLOURS];
    PyObject *piles[2] = {bag, lid};
    for (int pile = 0; pile < 2; pile++)
        for (int colour = 0; colour < COLOURS; colour++) {
            long count = PyLong_AsLong(PyList_GET_ITEM(piles[pile], colour));
            if (count < 0 || count > 255) { /* as load(): the draw's tile list has room for 255 of each */
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a pile's count out of range");
                return -1;
            }
            counts[pile][colour] = (int32_t)count;
        }
    memcpy(p->bag, counts[0], sizeof p->bag);
    memcpy(p->lid, counts[1], sizeof p->lid);
    return 0;
}

/* deal(groups, bag, lid): a checked fill (apply_draw has taken it from the bag and lid it leaves). */
static PyObject *WallCore_deal(WallCore *self, PyObject *args) {
    PyObject *groups_object, *bag, *lid;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyTuple_Type, &groups_object, &PyList_Type, &bag, &PyList_Type, &lid))
        return NULL;
    WallPosition saved = self->position;
    Groups groups;
    if (read_fill(&self->position, groups_object, bag, lid, &groups, 0) < 0) {
        self->position = saved;
        return NULL;
    }
    deal_and_open(&self->position, &groups);
    Py_RETURN_NONE;
}

/* deal_special(groups, discs, extra, bag, lid): a checked round's start with special factories
 * (ChocolatierState._apply_chance after its checks): each factory's disc as kind * 8 + colour + 1
 * (0: an ordinary factory), SN1's extra praline (a tuple of at most one colour). */
static PyObject *WallCore_deal_special(WallCore *self, PyObject *args) {
    PyObject *groups_object, *discs, *extra, *bag, *lid;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!", &PyTuple_Type, &groups_object, &PyTuple_Type, &discs, &PyTuple_Type,
                          &extra, &PyList_Type, &bag, &PyList_Type, &lid))
        return NULL;
    WallPosition *p = &self->position;
    WallPosition saved = *p;
    Groups groups;
    int count = p->offer.factory_count;
    if (!p->special || PyTuple_GET_SIZE(discs) != count || PyTuple_GET_SIZE(extra) > 1 ||
        read_fill(p, groups_object, bag, lid, &groups, 0) < 0) {
        *p = saved;
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a special fill: a disc code per factory and at most one extra");
        return NULL;
    }
    uint8_t kinds[MOST_FACTORIES];
    int8_t colours[MOST_FACTORIES];
    for (int factory = 0; factory < count; factory++) {
        long code = PyLong_AsLong(PyTuple_GET_ITEM(discs, factory));
        long kind = code >> 3, colour = (code & 7) - 1;
        if (code < 0 || kind > FLOOR_SPACE || colour >= COLOURS || (kind == PULL) != (colour >= 0)) {
            *p = saved;
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "no such disc code");
            return NULL;
        }
        kinds[factory] = (uint8_t)kind;
        colours[factory] = (int8_t)colour;
    }
    long extra_colour = PyTuple_GET_SIZE(extra) ? PyLong_AsLong(PyTuple_GET_ITEM(extra, 0)) : -1;
    if (PyTuple_GET_SIZE(extra) && (extra_colour < 0 || extra_colour >= COLOURS)) {
        *p = saved;
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "no such colour");
        return NULL;
    }
    deal_special(p, &groups, kinds, colours, (int)extra_colour);
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

static int bits_in(unsigned value) {
    int count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
}

/* One draft move of a game with special factories, as State.playout picks it: uniform over
 * legal_moves() in its order (SN4's takes once per split), found without building the list;
 * the move is appended to `steps` and played.  0, or -1 with an error set. */
static int special_draft_step(WallCore *self, PyObject *random, PyObject *steps) {
    WallPosition *p = &self->position;
    const uint8_t *accept = p->boards[p->offer.turn].accept;
    int split_from = disc_index(p, SPLIT);
    unsigned on_split = split_from >= 0 ? p->offer.masks[split_from] : 0;
    int splits_each = on_split & (on_split - 1) ? 1 << (bits_in(on_split) - 1) : 1;
    long count = 0;
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        int each = slot == split_from ? splits_each : 1;
        for (int colour = 0; colour < COLOURS; colour++)
            if (p->offer.masks[slot] >> colour & 1)
                count += (long)each * (bits_in(accept[colour]) + 1);
    }
    double number = count ? next_random(random) : -1.0;
    if (number < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, "no legal move in a position that is not over");
        return -1;
    }
    long pick = (long)(number * (double)count);
    for (int slot = 0; slot <= p->offer.factory_count; slot++) {
        int each = slot == split_from ? splits_each : 1;
        for (int colour = 0; colour < COLOURS; colour++) {
            if (!(p->offer.masks[slot] >> colour & 1))
                continue;
            for (int line = 0; line <= SIZE; line++) {
                int destination = line < SIZE ? line : FLOOR_LINE;
                if (line < SIZE && !(accept[colour] >> line & 1))
                    continue;
                if (pick >= each) {
                    pick -= each;
                    continue;
                }
                int source = slot == p->offer.factory_count ? -1 : slot;
                PyObject *move;
                unsigned to_previous = 0, to_next = 0;
                int split = each > 1;
                if (split) {
                    unsigned leftovers = on_split & ~(1u << colour);
                    to_previous = leftovers; /* add_splits' order: every subset, from all of them down to none */
                    for (long nth = 0; nth < pick; nth++)
                        to_previous = (to_previous - 1) & leftovers;
                    to_next = leftovers ^ to_previous;
                    move = split_move(self, source, colour, destination, to_previous, to_next);
                    if (move == NULL)
                        return -1;
                } else {
                    move = take_move(self, slot, colour, destination);
                    Py_INCREF(move);
                }
                int failed = PyList_Append(steps, move);
                Py_DECREF(move);
                if (failed)
                    return -1;
                if (play_take(p, source, colour, destination, split, to_previous, to_next) != 1) {
                    PyErr_SetString(PyExc_RuntimeError, "a listed move was refused");
                    return -1;
                }
                return 0;
            }
        }
    }
    PyErr_SetString(PyExc_RuntimeError, "a move was counted but not found");
    return -1;
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
        if (p->phase == DRAFT && p->special) {
            /* The protocol's own loop (State.playout), as the Python engine plays these games. */
            if (special_draft_step(self, random, steps) < 0)
                goto failed;
        } else if (p->phase == DRAFT) {
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
    {"deal_special", (PyCFunction)WallCore_deal_special, METH_VARARGS,
     "Deal a checked round's start with special factories: deal_special(groups, discs, extra, bag, lid)."},
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
    str_to_previous = PyUnicode_InternFromString("to_previous");
    str_to_next = PyUnicode_InternFromString("to_next");
    return str_source && str_colour && str_line && str_seat && str_column && str_to_previous && str_to_next ? 0 : -1;
}
