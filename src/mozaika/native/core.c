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
    playout_unlock(&unlocked, &draws, &chance, PyTuple_GET_ITEM(self->tables, family->entropy), seed);
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
    game.vector = self->family->vector;
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
