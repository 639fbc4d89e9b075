/* WallCore's chance: the events the seed decides (factory fills, and Master Chocolatier's round
 * starts with the special factories, M-1) and the outcomes given to deal (deal, deal_special). */
#include "pyrandom.h"
#include "wall.h"

/* The discs in the box, in the order of chocolatier.discs.DISCS, as disc codes (kind * 8 + colour + 1). */
static const int DISC_CODES[] = {EXTRA_TILE * 8, PULL * 8 + 1, PULL * 8 + 2, PULL * 8 + 3,   PULL * 8 + 4,
                                 PULL * 8 + 5,   KEEP * 8,     SPLIT * 8,    FLOOR_SPACE * 8};
#define DISC_COUNT ((int)(sizeof DISC_CODES / sizeof DISC_CODES[0]))

/* The outcome of a round's start the core sampled, made by the game's make_special when the history
 * is read. */
static PyObject *special_outcome(PyObject *tables, const Groups *groups, const int *codes, int has_extra,
                                 int extra_colour, const int32_t *bag_before, const int32_t *lid_before,
                                 const int32_t *bag_after_counts, const int32_t *lid_after_counts) {
    int count = groups->group_count;
    PyObject *factories = groups_tuple(groups);
    PyObject *discs = PyTuple_New(count);
    PyObject *extra = extra_colour >= 0 ? Py_BuildValue("(i)", extra_colour) : PyTuple_New(0);
    PyObject *drawn = has_extra ? PyTuple_New(count + 1) : NULL;
    PyObject *bag = int32_list(bag_before, COLOURS), *lid = int32_list(lid_before, COLOURS);
    PyObject *bag_after = int32_list(bag_after_counts, COLOURS), *lid_after = int32_list(lid_after_counts, COLOURS);
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
            outcome = PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(tables, T_MAKE_SPECIAL), factories, discs, extra,
                                                   drawn ? drawn : factories, origin_bag, origin_lid, bag_after,
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
static int resolve_special(WallCore *self, WallPosition *p, const ChanceSeed *seed, StepRecord *record) {
    uint32_t limbs[ENTROPY_LIMBS];
    int limb_count;
    if (chance_seed_bits(seed, p->chance_index, 64, limbs, &limb_count) < 0)
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
    if (record == NULL)
        return 0;
    record_word(record, STEP_WORD(WALL_STEP_SPECIAL, (uint32_t)factories | (uint32_t)(has_extra << 4) |
                                                         (uint32_t)(extra_colour + 1) << 5));
    for (int factory = 0; factory < factories; factory++)
        record_word(record, (uint32_t)codes[factory]);
    record_groups(record, WALL_STEP_SPECIAL, &groups);
    const int32_t *counts[4] = {bag_before, lid_before, p->bag, p->lid};
    for (int kind = 0; kind < 4; kind++)
        for (int colour = 0; colour < COLOURS; colour++)
            record_word(record, (uint32_t)counts[kind][colour]);
    return 0;
}

/* A round's start as resolve_special records it (after its first word, whose value is `value`), made
 * by make_special; NULL (no error set) where the words do not hold one. */
static PyObject *read_special(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at,
                              uint32_t value) {
    int factories = (int)(value & 15), has_extra = (int)(value >> 4 & 1), extra_colour = (int)(value >> 5) - 1;
    if (factories > MOST_FACTORIES || extra_colour >= COLOURS || *at + factories + 1 > count)
        return NULL;
    int codes[MOST_FACTORIES];
    for (int factory = 0; factory < factories; factory++)
        codes[factory] = (int)words[(*at)++];
    Groups groups;
    uint32_t head = words[(*at)++];
    if (STEP_VALUE(head) != (uint32_t)factories || read_groups(words, count, at, (uint32_t)factories, &groups) < 0 ||
        *at + 4 * COLOURS > count)
        return NULL;
    int32_t counts[4][COLOURS];
    for (int kind = 0; kind < 4; kind++)
        for (int colour = 0; colour < COLOURS; colour++)
            counts[kind][colour] = (int32_t)words[(*at)++];
    return special_outcome(tables, &groups, codes, has_extra, extra_colour, counts[0], counts[1], counts[2], counts[3]);
}

/* resolve_position: every pending event of `p` as the seed decides; each outcome recorded in `record`. */
int resolve_position(WallCore *self, WallPosition *p, const ChanceSeed *seed, StepRecord *record) {
    while (p->phase == CHANCE && p->special)
        if (resolve_special(self, p, seed, record) < 0)
            return -1;
    while (p->phase == CHANCE) {
        int sizes[MOST_FACTORIES];
        int factories = p->offer.factory_count;
        for (int factory = 0; factory < factories; factory++)
            sizes[factory] = FACTORY_SIZE;
        uint32_t limbs[ENTROPY_LIMBS];
        int limb_count;
        if (chance_seed_bits(seed, p->chance_index, DRAW_BITS(FACTORY_SIZE * factories), limbs, &limb_count) < 0)
            return -1;
        Groups groups;
        /* (The groups are sorted only when the fill is read: the deal counts them.) */
        sample_draw_unsorted(p->bag, p->lid, COLOURS, sizes, factories, limbs, limb_count, &groups);
        deal_and_open(p, &groups);
        p->chance_index++;
        if (record != NULL)
            record_groups(record, WALL_STEP_FILL, &groups);
    }
    return 0;
}

PyObject *wall_read_step(PyObject *tables, const uint32_t *words, Py_ssize_t count, Py_ssize_t *at) {
    uint32_t word = words[(*at)++], value = STEP_VALUE(word);
    switch (STEP_TAG(word)) {
    case WALL_STEP_TAKE:
    case WALL_STEP_WALL: {
        PyObject *moves = PyTuple_GET_ITEM(tables, STEP_TAG(word) == WALL_STEP_TAKE ? T_TAKES : T_WALL_MOVES);
        if ((Py_ssize_t)value < PyTuple_GET_SIZE(moves)) {
            PyObject *move = PyTuple_GET_ITEM(moves, value);
            Py_INCREF(move);
            return move;
        }
        break;
    }
    case WALL_STEP_SPLIT: {
        unsigned to_next = value & 63, to_previous = value >> 6 & 63, line = value >> 12 & 7, colour = value >> 15 & 7;
        int source = (int)(value >> 18) - 1;
        if (source < MOST_FACTORIES && line <= FLOOR_LINE && colour < COLOURS)
            return split_move(tables, source, (int)colour, (int)line, to_previous, to_next);
        break;
    }
    case WALL_STEP_SPECIAL: {
        PyObject *outcome = read_special(tables, words, count, at, value);
        if (outcome != NULL || PyErr_Occurred())
            return outcome;
        break;
    }
    case WALL_STEP_FILL: {
        Groups groups;
        if (read_groups(words, count, at, value, &groups) == 0) {
            for (int group = 0; group < groups.group_count; group++)
                sort_tiles(groups.tiles[group], groups.sizes[group]);
            PyObject *tiles = groups_tuple(&groups);
            if (tiles == NULL)
                return NULL;
            PyObject *outcome = PyObject_CallOneArg(PyTuple_GET_ITEM(tables, T_MAKE_FILL), tiles);
            Py_DECREF(tiles);
            return outcome;
        }
        break;
    }
    }
    PyErr_SetString(PyExc_RuntimeError, "a step the wall games do not record");
    return NULL;
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
PyObject *wall_deal(WallCore *self, PyObject *args) {
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
PyObject *wall_deal_special(WallCore *self, PyObject *args) {
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
