/* mozaika._native.Core, written once over the families' tables (core.h). */
#include "core.h"

static const Family *family_named(PyObject *name) {
    if (!PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "a core's family is named by a string");
        return NULL;
    }
    for (const Family *const *family = FAMILIES; *family != NULL; family++)
        if (PyUnicode_CompareWithASCIIString(name, (*family)->name) == 0)
            return *family;
    PyErr_Format(PyExc_ValueError, "no family of boards named %R", name);
    return NULL;
}

/* Each family's subtype of Core (FAMILIES' order): Core with the family's own getters and methods. */
#define MOST_FAMILIES 8
static PyTypeObject *family_types[MOST_FAMILIES];

static Core *new_core(const Family *family, PyObject *tables) {
    int index = 0;
    while (FAMILIES[index] != family)
        index++;
    PyTypeObject *type = family_types[index];
    Core *self = (Core *)type->tp_alloc(type, (Py_ssize_t)family->position_size);
    if (self == NULL)
        return NULL;
    self->family = family;
    Py_INCREF(tables);
    self->tables = tables;
    return self;
}

/* Core(family, tables, players, *options): a new game waiting for its first chance. */
static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs)) || PyTuple_GET_SIZE(args) < 3) {
        PyErr_SetString(PyExc_TypeError, "Core(family, tables, players, *options)");
        return NULL;
    }
    const Family *family = family_named(PyTuple_GET_ITEM(args, 0));
    PyObject *tables = PyTuple_GET_ITEM(args, 1);
    if (family == NULL || family->check_tables(tables) < 0)
        return NULL;
    PyObject *options = PyTuple_GetSlice(args, 2, PyTuple_GET_SIZE(args));
    if (options == NULL)
        return NULL;
    Core *self = new_core(family, tables);
    if (self != NULL && family->start(CORE_POSITION(self), tables, options) < 0)
        Py_CLEAR(self);
    Py_DECREF(options);
    return (PyObject *)self;
}

static void Core_dealloc(Core *self) {
    PyMem_Free(self->listed);
    PyMem_Free(self->listed_codes);
    PyMem_Free(self->listed_at);
    Py_XDECREF(self->tables);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A family's subtype: the same, then the type its instances hold released (without CPython's
 * subtype_dealloc, which a core has no need of: no __dict__, no weak references, no finaliser). */
static void family_dealloc(Core *self) {
    PyTypeObject *type = Py_TYPE(self);
    Core_dealloc(self);
    Py_DECREF(type);
}

static PyObject *Core_copy(Core *self, PyObject *unused) {
    Core *other = new_core(self->family, self->tables);
    if (other != NULL)
        memcpy(other->position, self->position, self->family->position_size);
    return (PyObject *)other;
}

static PyObject *Core_legal_moves(Core *self, PyObject *seat_object) {
    return core_legal_moves(self, seat_object, self->family->legal_moves);
}

static int resolve_chance(Core *self, PyObject *seed, StepRecord *record) {
    ChanceSeed chance = {PyTuple_GET_ITEM(self->tables, self->family->entropy), seed, 0};
    return self->family->resolve(self, CORE_POSITION(self), &chance, record);
}

PyObject *core_play_chance(Core *self, PyObject *seed) {
    StepRecord record;
    record_open(&record);
    if (resolve_chance(self, seed, &record) < 0) {
        record_close(&record);
        return NULL;
    }
    return record_finish(&record, self->tables, self->family->read_step);
}

static PyObject *Core_play(Core *self, PyObject *const *args, Py_ssize_t count) {
    return core_play(self, args, count, self->family->play);
}

/* resolve(seed) -> the outcomes of the pending chance events as a Steps object (made into the Python
 * engine's outcomes when read), or None when none was pending. */
static PyObject *Core_resolve(Core *self, PyObject *seed) { return core_play_chance(self, seed); }

static PyObject *Core_deal(Core *self, PyObject *args) { return self->family->deal(self, args); }

/* playout(seed, generator) -> every step to the end of the game as a Steps object (None when the game
 * is over), each decision uniform over the legal moves: State.playout, with `generator` the
 * random.Random (or its random() method). */
static PyObject *Core_playout(Core *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 2) {
        PyErr_SetString(PyExc_TypeError, "playout(seed, generator)");
        return NULL;
    }
    PyObject *seed = args[0], *generator = args[1];
    Draws draws;
    if (draws_open(&draws, generator) < 0)
        return NULL;
    const Family *family = self->family;
    StepRecord record;
    record_open(&record);
    /* Played on a copy, put back at the end: without the GIL (where no Python call is left), another
     * thread may touch the core meanwhile. */
    _Alignas(16) unsigned char position[CORE_POSITION_ROOM];
    memcpy(position, self->position, family->position_size);
    ChanceSeed chance;
    Unlocked unlocked;
    playout_unlock(&unlocked, &draws, &chance, PyTuple_GET_ITEM(self->tables, family->entropy), seed,
                   family->playout_unlocks(position));
    int status = family->playout(self, position, &draws, &chance, &record);
    playout_lock(&unlocked, &draws);
    memcpy(self->position, position, family->position_size);
    draws_close(&draws);
    if (status < 0) {
        record_close(&record);
        return NULL;
    }
    return record_finish(&record, self->tables, family->read_step);
}

/* search(shortlist, seat, generator state, options): see search.h's search_method. */
static PyObject *Core_search(Core *self, PyObject *args) {
    SearchGame game = *self->family->search;
    game.core = (PyObject *)self;
    game.players = ((const uint8_t *)self->position)[self->family->players_at];
    return search_method(&game, self->position, args, self->family->code_to_move);
}

/* board(seat, field): one field of a seat's board (the family's numbers, in its bridge's order). */
static PyObject *Core_board(Core *self, PyObject *const *args, Py_ssize_t count) {
    if (count != 2) {
        PyErr_SetString(PyExc_TypeError, "board(seat, field)");
        return NULL;
    }
    long seat = PyLong_AsLong(args[0]), field = PyLong_AsLong(args[1]);
    if (PyErr_Occurred())
        return NULL;
    int players = ((const uint8_t *)self->position)[self->family->players_at];
    if (seat < 0 || seat >= players || field < 0 || field >= self->family->board_fields) {
        PyErr_SetString(PyExc_IndexError, "no such seat or board field");
        return NULL;
    }
    return self->family->board_field(self->position, (int)seat, (int)field);
}

/* dump() -> the position's flat form, a tuple of whole numbers (the family's bridge documents its order). */
static PyObject *Core_dump(Core *self, PyObject *unused) {
    int64_t values[CORE_DUMP_ROOM];
    int count = self->family->dump(self->position, values);
    return count < 0 ? NULL : values_tuple(values, count);
}

/* load(family, tables, values), or a family's type's load(tables, values): the position of a dump() (or of the bridge's
 * flat form of a Python position); ValueError when a value lies outside what the native core holds. */
static PyObject *Core_load(PyTypeObject *type, PyObject *args) {
    PyObject *name, *tables, *values;
    const Family *family = NULL;
    for (int index = 0; FAMILIES[index] != NULL; index++)
        if (type == family_types[index])
            family = FAMILIES[index];
    if (family != NULL) { /* a family's own type: load(tables, values) */
        if (!PyArg_ParseTuple(args, "OO!", &tables, &PyTuple_Type, &values))
            return NULL;
    } else {
        if (!PyArg_ParseTuple(args, "OOO!", &name, &tables, &PyTuple_Type, &values))
            return NULL;
        family = family_named(name);
    }
    if (family == NULL || family->check_tables(tables) < 0)
        return NULL;
    Core *self = new_core(family, tables);
    if (self == NULL)
        return NULL;
    Reader reader = {values, 0, 0};
    family->load(self->position, &reader);
    if (!reader.failed && reader.at != PyTuple_GET_SIZE(values)) {
        PyErr_SetString(PyExc_ValueError, "a position's flat form is too long");
        reader.failed = 1;
    }
    const char *broken = reader.failed ? NULL : family->check(self->position, tables);
    if (broken != NULL && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "a position's flat form is not consistent: %s", broken);
    if (reader.failed || broken != NULL)
        Py_CLEAR(self);
    return (PyObject *)self;
}

int read_long(PyObject *object, PyObject *name, long *value) {
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

static PyGetSetDef Core_getset[] = {
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

static PyMethodDef Core_methods[] = {
    {"copy", (PyCFunction)Core_copy, METH_NOARGS, "An independent copy."},
    {"legal_moves", (PyCFunction)Core_legal_moves, METH_O, CORE_LEGAL_MOVES_DOC},
    {"play", (PyCFunction)(void (*)(void))Core_play, METH_FASTCALL, CORE_PLAY_DOC},
    {"resolve", (PyCFunction)Core_resolve, METH_O, "Resolve pending chance from the seed; the outcomes."},
    {"deal", (PyCFunction)Core_deal, METH_VARARGS, "Deal a checked outcome of the pending chance (the family's)."},
    {"playout", (PyCFunction)(void (*)(void))Core_playout, METH_FASTCALL, "Play on to the end: playout(seed, random)."},
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "The search bot's search: search(shortlist, seat, generator state, options) (native/search.h)."},
    {"board", (PyCFunction)(void (*)(void))Core_board, METH_FASTCALL, "board(seat, field)."},
    {"dump", (PyCFunction)Core_dump, METH_NOARGS, "The position's flat form."},
    {"load", (PyCFunction)Core_load, METH_VARARGS | METH_CLASS,
     "load(family, tables, values): a position (a family's type: load(tables, values))."},
    {NULL},
};

PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mozaika._native.Core",
    .tp_doc = "Core(family, tables, players, *options): a position of a game of the family, held natively.",
    .tp_basicsize = sizeof(Core),
    .tp_itemsize = 1,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = Core_new,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

/* Two tables of entries, each ending with a zeroed entry, as one (kept for the module's life); NULL
 * with an error set. */
static void *joined(const void *first, const void *second, size_t size) {
    static const char zero[64];
    size_t counts[2] = {0, 0};
    const char *tables[2] = {first, second};
    for (int table = 0; table < 2; table++)
        while (tables[table] != NULL && memcmp(tables[table] + counts[table] * size, zero, size) != 0)
            counts[table]++;
    char *into = PyMem_Calloc(counts[0] + counts[1] + 1, size);
    if (into == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(into, first, counts[0] * size);
    if (counts[1])
        memcpy(into + counts[0] * size, second, counts[1] * size);
    return into;
}

int core_init(PyObject *module) {
    if (PyType_Ready(&CoreType) < 0)
        return -1;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        return -1;
    }
    for (int index = 0; FAMILIES[index] != NULL; index++) {
        if (index == MOST_FAMILIES) {
            PyErr_SetString(PyExc_SystemError, "more families than the core has room for");
            return -1;
        }
        const Family *family = FAMILIES[index];
        /* The type has the core's methods and getters as its own, beside the family's (CPython's
         * specialised calls want a method's type to be the object's own); the family's first, so that
         * its own legal_moves and play (CORE_HOT_METHODS) are the ones kept. */
        PyMethodDef *methods = joined(family->methods, Core_methods, sizeof *methods);
        PyGetSetDef *getset = joined(Core_getset, family->getset, sizeof *getset);
        if (methods == NULL || getset == NULL)
            return -1;
        PyType_Slot slots[] = {{Py_tp_getset, getset},
                               {Py_tp_methods, methods},
                               {Py_tp_dealloc, (void *)family_dealloc},
                               {Py_tp_doc, (void *)family->name},
                               {0}};
        PyType_Spec spec = {family->type_name, 0, 0, Py_TPFLAGS_DEFAULT, slots};
        PyObject *type = PyType_FromSpecWithBases(&spec, (PyObject *)&CoreType);
        if (type == NULL)
            return -1;
        family_types[index] = (PyTypeObject *)type;
        Py_INCREF(type);
        if (PyModule_AddObject(module, strrchr(family->type_name, '.') + 1, type) < 0) {
            Py_DECREF(type);
            return -1;
        }
    }
    return 0;
}
