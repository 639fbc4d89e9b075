/* Core's shared fields (core.h): the getters every family has, read through its table, and the
 * offer's part of every flat form. */
#include "core.h"

/* --- the offer's part of the flat form ---------------------------------------------------------- */

int offer_dump(const Offer *offer, int64_t *values) {
    int n = 0;
    values[n++] = offer->turn;
    values[n++] = offer->starter;
    values[n++] = offer->marker_in_centre;
    values[n++] = offer->marker_holder;
    values[n++] = offer->tiles_on_table;
    for (int factory = 0; factory < offer->factory_count; factory++)
        for (int colour = 0; colour < offer->colours; colour++)
            values[n++] = offer->factories[factory][colour];
    for (int colour = 0; colour < offer->colours; colour++)
        values[n++] = offer->centre[colour];
    for (int slot = 0; slot <= offer->factory_count; slot++)
        values[n++] = offer->masks[slot];
    return n;
}

void offer_load(Offer *offer, Reader *r, int players, int colours, int most_tiles) {
    offer->factory_count = (uint8_t)FACTORIES_BY_PLAYERS[players];
    offer->colours = (uint8_t)colours;
    offer->turn = (uint8_t)next_value(r, 0, players - 1);
    offer->starter = (uint8_t)next_value(r, 0, players - 1);
    offer->marker_in_centre = (uint8_t)next_value(r, 0, 1);
    offer->marker_holder = (int8_t)next_value(r, -1, players - 1);
    offer->tiles_on_table = (int16_t)next_value(r, 0, 4096);
    for (int factory = 0; factory < offer->factory_count; factory++)
        for (int colour = 0; colour < colours; colour++)
            offer->factories[factory][colour] = (int16_t)next_value(r, 0, most_tiles);
    for (int colour = 0; colour < colours; colour++)
        offer->centre[colour] = (int16_t)next_value(r, 0, most_tiles);
    for (int slot = 0; slot <= offer->factory_count; slot++)
        offer->masks[slot] = (uint8_t)next_value(r, 0, (1 << colours) - 1);
}

/* --- getters ------------------------------------------------------------------------------------ */

PyObject *small_list(const void *values, int count, int is_signed) {
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

#define OFFER(self) ((const Offer *)(self)->position)
#define BYTE_AT(self, at) ((self)->position[(self)->family->at])

static PyObject *get_phase(Core *self, void *c) { return PyLong_FromLong(BYTE_AT(self, phase_at)); }
static PyObject *get_players(Core *self, void *c) { return PyLong_FromLong(BYTE_AT(self, players_at)); }
static PyObject *get_turn(Core *self, void *c) { return PyLong_FromLong(OFFER(self)->turn); }
static PyObject *get_starter(Core *self, void *c) { return PyLong_FromLong(OFFER(self)->starter); }
static PyObject *get_round(Core *self, void *c) { return self->family->round(self->position); }
static PyObject *get_is_chance(Core *self, void *c) { return PyBool_FromLong(core_is_chance(self)); }
static PyObject *get_is_over(Core *self, void *c) {
    return PyBool_FromLong(BYTE_AT(self, phase_at) == self->family->over_phase);
}
static PyObject *get_tiles_on_table(Core *self, void *c) { return PyLong_FromLong(OFFER(self)->tiles_on_table); }
static PyObject *get_marker_in_centre(Core *self, void *c) { return PyBool_FromLong(OFFER(self)->marker_in_centre); }
static PyObject *get_marker_holder(Core *self, void *c) {
    if (OFFER(self)->marker_holder < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(OFFER(self)->marker_holder);
}
static int64_t *chance_index(Core *self) {
    return (int64_t *)((unsigned char *)self->position + self->family->chance_index_at);
}
static PyObject *get_chance_index(Core *self, void *c) { return PyLong_FromLongLong(*chance_index(self)); }
static int set_chance_index(Core *self, PyObject *value, void *c) {
    if (value == NULL || !PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "chance_index is a whole number");
        return -1;
    }
    int overflow = 0;
    long long index = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || index < 0 || index > self->family->most_chance_index) {
        PyErr_SetString(PyExc_OverflowError, "chance_index out of the native core's range");
        return -1;
    }
    *chance_index(self) = index;
    return 0;
}
static PyObject *get_factories(Core *self, void *c) {
    const Offer *offer = OFFER(self);
    PyObject *list = PyList_New(offer->factory_count);
    if (list == NULL)
        return NULL;
    for (int factory = 0; factory < offer->factory_count; factory++) {
        PyObject *counts = counts_list(offer->factories[factory], offer->colours);
        if (counts == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, factory, counts);
    }
    return list;
}
static PyObject *get_centre(Core *self, void *c) { return counts_list(OFFER(self)->centre, OFFER(self)->colours); }
static PyObject *get_masks(Core *self, void *c) {
    return small_list(OFFER(self)->masks, OFFER(self)->factory_count + 1, 0);
}
static PyObject *get_bag(Core *self, void *c) {
    return int32_list((const int32_t *)((const unsigned char *)self->position + self->family->bag_at),
                      self->family->colours);
}
static PyObject *get_scores(Core *self, void *c) {
    const Family *family = self->family;
    int players = BYTE_AT(self, players_at);
    PyObject *list = PyList_New(players);
    if (list == NULL)
        return NULL;
    int64_t scores[MOST_SEATS];
    board_scores(self->position + family->boards_at, family->board_size, players, scores);
    for (int seat = 0; seat < players; seat++) {
        PyObject *score = PyLong_FromLongLong(scores[seat]);
        if (score == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, seat, score);
    }
    return list;
}
static PyObject *get_to_move(Core *self, void *c) {
    int seats[MOST_SEATS];
    int count = self->family->to_move(self->position, seats);
    if (count == 1)
        return Py_BuildValue("(i)", seats[0]);
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int index = 0; index < count; index++)
        PyTuple_SET_ITEM(tuple, index, PyLong_FromLong(seats[index]));
    return tuple;
}
static PyObject *get_family(Core *self, void *c) { return PyUnicode_FromString(self->family->name); }
static PyObject *get_tables(Core *self, void *c) {
    Py_INCREF(self->tables);
    return self->tables;
}

PyGetSetDef Core_getset[] = {
    {"family", (getter)get_family, NULL, "The family of boards the position is of (Core(family, ...)).", NULL},
    {"tables", (getter)get_tables, NULL, "What the core hands out (made by the family's bridge).", NULL},
    {"phase", (getter)get_phase, NULL, NULL, NULL},
    {"players", (getter)get_players, NULL, NULL, NULL},
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
    {"scores", (getter)get_scores, NULL, NULL, NULL},
    {"to_move", (getter)get_to_move, NULL, NULL, NULL},
    {NULL},
};
