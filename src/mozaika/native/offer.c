/* The shared factory offer and the draw (see offer.h). */
#include "offer.h"
#include "keccak.h"

const int FACTORIES_BY_PLAYERS[5] = {0, 0, 5, 7, 9};

void offer_deal(Offer *offer, const Groups *groups) {
    int tiles = 0;
    for (int index = 0; index < groups->group_count; index++) {
        int16_t *counts = offer->factories[index];
        uint8_t mask = 0;
        memset(counts, 0, sizeof offer->factories[index]);
        for (int tile = 0; tile < groups->sizes[index]; tile++) {
            int colour = groups->tiles[index][tile];
            counts[colour]++;
            mask |= (uint8_t)(1u << colour);
        }
        offer->masks[index] = mask;
        tiles += groups->sizes[index];
    }
    offer->masks[offer->factory_count] = 0;
    offer->tiles_on_table = (int16_t)tiles;
    offer->marker_in_centre = 1;
    offer->marker_holder = -1;
    offer->turn = offer->starter;
}

void offer_colour_holders(const Offer *offer, int holders[MOST_COLOURS]) {
    for (int colour = 0; colour < MOST_COLOURS; colour++)
        holders[colour] = 0;
    for (int slot = 0; slot <= offer->factory_count; slot++)
        for (int colour = 0; colour < offer->colours; colour++)
            holders[colour] += offer->masks[slot] >> colour & 1;
}

/* Digest bytes read as a little-endian number, in 32-bit limbs without high zero limbs. */
static void bytes_to_limbs(const unsigned char *bytes, Py_ssize_t size, uint32_t *limbs, int *limb_count) {
    int count = (int)((size + 3) / 4);
    for (int limb = 0; limb < count; limb++) {
        uint32_t value = 0;
        for (int byte = 3; byte >= 0; byte--) {
            Py_ssize_t at = (Py_ssize_t)limb * 4 + byte;
            value = value << 8 | (at < size ? bytes[at] : 0);
        }
        limbs[limb] = value;
    }
    while (count > 0 && limbs[count - 1] == 0)
        count--;
    *limb_count = count;
}

int chance_entropy(PyObject *entropy, PyObject *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count) {
    Py_ssize_t size = (bits + 7) / 8;
    PyObject *digest = PyObject_CallFunction(entropy, "OLn", seed, (long long)index, size);
    if (digest == NULL)
        return -1;
    if (!PyBytes_Check(digest) || PyBytes_GET_SIZE(digest) != size) {
        Py_DECREF(digest);
        PyErr_SetString(PyExc_RuntimeError, "the chance entropy must be bytes of the length asked for");
        return -1;
    }
    bytes_to_limbs((const unsigned char *)PyBytes_AS_STRING(digest), size, limbs, limb_count);
    Py_DECREF(digest);
    return 0;
}

/* Write `value` in decimal at `at` (as Python's str of a whole number); the end of what was written. */
static char *write_decimal(char *at, long long value) {
    /* Two digits a division (a seed has 19), from the last pair back. */
    static const char PAIRS[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                "8081828384858687888990919293949596979899";
    unsigned long long magnitude = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    char digits[20];
    char *first = digits + sizeof digits;
    while (magnitude >= 100) {
        unsigned pair = (unsigned)(magnitude % 100);
        magnitude /= 100;
        *--first = PAIRS[2 * pair + 1];
        *--first = PAIRS[2 * pair];
    }
    if (magnitude >= 10) {
        *--first = PAIRS[2 * magnitude + 1];
        *--first = PAIRS[2 * magnitude];
    } else
        *--first = (char)('0' + magnitude);
    if (value < 0)
        *at++ = '-';
    size_t length = (size_t)(digits + sizeof digits - first);
    memcpy(at, first, length);
    return at + length;
}

/* The message a chance event of a whole-number seed hashes: "mozaika chance <seed> <index>"; its length. */
static size_t chance_message(char *message, long long value, int64_t index) {
    static const char prefix[] = "mozaika chance ";
    memcpy(message, prefix, sizeof prefix - 1);
    char *end = write_decimal(message + sizeof prefix - 1, value);
    *end++ = ' ';
    end = write_decimal(end, (long long)index);
    return (size_t)(end - message);
}

enum { MOST_MESSAGE = sizeof "mozaika chance " + 2 * 21 };

/* The digest's first `size` bytes, read from its lanes as a little-endian number: the lanes' halves,
 * the last limb cut to its bytes. */
static void lanes_to_limbs(const uint64_t *lanes, Py_ssize_t size, uint32_t *limbs, int *limb_count) {
    int count = (int)((size + 3) / 4);
    for (int limb = 0; limb < count; limb++)
        limbs[limb] = (uint32_t)(lanes[limb / 2] >> (limb % 2 * 32));
    if (size % 4)
        limbs[count - 1] &= (1u << (8 * (size % 4))) - 1;
    while (count > 0 && limbs[count - 1] == 0)
        count--;
    *limb_count = count;
}

/* The entropy of event `index` for a whole-number seed, SHAKE-256 computed here. */
static void number_entropy(long long value, int64_t index, Py_ssize_t size, uint32_t *limbs, int *limb_count) {
    char message[MOST_MESSAGE];
    size_t length = chance_message(message, value, index);
    uint64_t lanes[25];
    shake256_absorb_short(lanes, (const unsigned char *)message, length, (size_t)size);
    lanes_to_limbs(lanes, size, limbs, limb_count);
}

_Static_assert(CHANCE_PREPARED_LANES == SHAKE256_RATE / 8, "a prepared digest is the rate's lanes");

void chance_prepare(const int64_t *values, const int64_t *indices, int count, int bytes,
                    uint64_t (*lanes)[CHANCE_PREPARED_LANES]) {
    for (int first = 0; first < count; first += 4) {
        int batch = count - first < 4 ? count - first : 4;
        char messages[4][MOST_MESSAGE];
        const unsigned char *texts[4];
        size_t lengths[4];
        for (int which = 0; which < batch; which++) {
            lengths[which] = chance_message(messages[which], values[first + which], indices[first + which]);
            texts[which] = (const unsigned char *)messages[which];
        }
        shake256_lanes_x4(lanes + first, texts, lengths, batch, (size_t)bytes);
    }
}

int seeded_entropy(PyObject *entropy, PyObject *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count) {
    Py_ssize_t size = (bits + 7) / 8;
    if (PyLong_CheckExact(seed) && size < SHAKE256_RATE) {
        int overflow = 0;
        long long value = PyLong_AsLongLongAndOverflow(seed, &overflow);
        if (!overflow && !(value == -1 && PyErr_Occurred())) {
            number_entropy(value, index, size, limbs, limb_count);
            return 0;
        }
        PyErr_Clear();
    }
    return chance_entropy(entropy, seed, index, bits, limbs, limb_count);
}

int chance_seed_bits(const ChanceSeed *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count) {
    if (seed->object != NULL)
        return seeded_entropy(seed->entropy, seed->object, index, bits, limbs, limb_count);
    Py_ssize_t size = (bits + 7) / 8;
    if (seed->prepared != NULL && index == seed->prepared_index && size <= seed->prepared_bytes) {
        lanes_to_limbs(seed->prepared, size, limbs, limb_count);
        return 0;
    }
    if (size >= SHAKE256_RATE) {
        native_error(PyExc_RuntimeError, "a chance event larger than the native core draws");
        return -1;
    }
    number_entropy(seed->value, index, size, limbs, limb_count);
    return 0;
}

/* entropy, index = divmod(entropy, divisor), on little-endian 32-bit limbs. */
static uint32_t divmod_limbs(uint32_t *limbs, int *limb_count, uint32_t divisor) {
    uint64_t remainder = 0;
    for (int limb = *limb_count - 1; limb >= 0; limb--) {
        uint64_t current = remainder << 32 | limbs[limb];
        limbs[limb] = (uint32_t)(current / divisor);
        remainder = current % divisor;
    }
    while (*limb_count > 0 && limbs[*limb_count - 1] == 0)
        (*limb_count)--;
    return (uint32_t)remainder;
}

static int spread_tiles(const int32_t *counts, int colours, uint8_t *tiles) {
    int left = 0;
    for (int colour = 0; colour < colours; colour++) {
        memset(tiles + left, colour, (size_t)counts[colour]);
        left += counts[colour];
    }
    return left;
}

int draw_tiles(int32_t *bag, int32_t *lid, int colours, int wanted, uint32_t *limbs, int limb_count, uint8_t *drawn) {
    uint8_t tiles[2048];
    int left = spread_tiles(bag, colours, tiles);
    int count = 0;
    while (count < wanted) {
        if (left == 0) {
            int lid_tiles = 0;
            for (int colour = 0; colour < colours; colour++)
                lid_tiles += lid[colour];
            if (!lid_tiles)
                break;
            /* The lid refills the bag (F-2). */
            left = spread_tiles(lid, colours, tiles);
            for (int colour = 0; colour < colours; colour++) {
                bag[colour] = lid[colour];
                lid[colour] = 0;
            }
        }
        int take = wanted - count < left ? wanted - count : left;
        for (int remaining = left; remaining > left - take;) {
            /* Each random remaining tile is the next digit of the entropy in base `remaining`.  Several
             * digits are divided off at once, by the product of their bases (below 2**32): the
             * remainder holds them in mixed radix, the same digits one division at a time gives. */
            uint64_t product = (uint64_t)remaining;
            int digits = 1;
            while (remaining - digits > left - take && product * (uint64_t)(remaining - digits) <= UINT32_MAX) {
                product *= (uint64_t)(remaining - digits);
                digits++;
            }
            uint32_t digit_block = divmod_limbs(limbs, &limb_count, (uint32_t)product);
            for (; digits; digits--, remaining--) {
                uint32_t index = digit_block % (uint32_t)remaining;
                digit_block /= (uint32_t)remaining;
                uint8_t colour = tiles[index];
                drawn[count++] = colour;
                bag[colour]--;
                tiles[index] = tiles[remaining - 1];
            }
        }
        left -= take;
    }
    return count;
}

void sort_tiles(uint8_t *tiles, int size) {
    for (int tile = 1; tile < size; tile++) {
        uint8_t colour = tiles[tile];
        int at = tile;
        while (at > 0 && tiles[at - 1] > colour) {
            tiles[at] = tiles[at - 1];
            at--;
        }
        tiles[at] = colour;
    }
}

void sample_draw(int32_t *bag, int32_t *lid, int colours, const int *sizes, int group_count, uint32_t *limbs,
                 int limb_count, Groups *out) {
    sample_draw_unsorted(bag, lid, colours, sizes, group_count, limbs, limb_count, out);
    for (int group = 0; group < group_count; group++)
        sort_tiles(out->tiles[group], out->sizes[group]);
}

void sample_draw_unsorted(int32_t *bag, int32_t *lid, int colours, const int *sizes, int group_count, uint32_t *limbs,
                          int limb_count, Groups *out) {
    uint8_t drawn[MOST_FACTORIES * FACTORY_SIZE];
    int wanted = 0;
    for (int group = 0; group < group_count; group++)
        wanted += sizes[group];
    int count = draw_tiles(bag, lid, colours, wanted, limbs, limb_count, drawn);
    out->group_count = group_count;
    int start = 0;
    for (int group = 0; group < group_count; group++) {
        int size = sizes[group];
        if (start + size > count)
            size = count - start > 0 ? count - start : 0;
        uint8_t *into = out->tiles[group];
        for (int tile = 0; tile < size; tile++)
            into[tile] = drawn[start + tile];
        out->sizes[group] = (uint8_t)size;
        start += sizes[group];
    }
}

PyObject *counts_list(const int16_t *counts, int colours) {
    PyObject *list = PyList_New(colours);
    if (list == NULL)
        return NULL;
    for (int colour = 0; colour < colours; colour++)
        PyList_SET_ITEM(list, colour, PyLong_FromLong(counts[colour]));
    return list;
}

PyObject *int32_list(const int32_t *counts, int colours) {
    PyObject *list = PyList_New(colours);
    if (list == NULL)
        return NULL;
    for (int colour = 0; colour < colours; colour++)
        PyList_SET_ITEM(list, colour, PyLong_FromLong(counts[colour]));
    return list;
}

PyObject *groups_tuple(const Groups *groups) {
    PyObject *tuple = PyTuple_New(groups->group_count);
    if (tuple == NULL)
        return NULL;
    for (int group = 0; group < groups->group_count; group++) {
        PyObject *inner = PyTuple_New(groups->sizes[group]);
        if (inner == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        for (int tile = 0; tile < groups->sizes[group]; tile++)
            PyTuple_SET_ITEM(inner, tile, PyLong_FromLong(groups->tiles[group][tile]));
        PyTuple_SET_ITEM(tuple, group, inner);
    }
    return tuple;
}

double next_random(PyObject *random) {
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

void native_error(PyObject *type, const char *message) {
    PyGILState_STATE held = PyGILState_Ensure();
    PyErr_SetString(type, message);
    PyGILState_Release(held);
}

void native_no_memory(void) {
    PyGILState_STATE held = PyGILState_Ensure();
    PyErr_NoMemory();
    PyGILState_Release(held);
}

void playout_unlock(Unlocked *unlocked, Draws *draws, ChanceSeed *seed, PyObject *entropy, PyObject *seed_object) {
    unlocked->thread = NULL;
    seed->entropy = entropy;
    seed->object = seed_object;
    seed->value = 0;
    seed->prepared = NULL;
    if (draws->state == NULL || !PyLong_CheckExact(seed_object))
        return;
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(seed_object, &overflow);
    if (overflow || (value == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return;
    }
    seed->object = NULL; /* the number itself: number_entropy, as seeded_entropy reads it */
    seed->value = value;
    unlocked->shared_state = draws->state;
    unlocked->shared_index = draws->index;
    memcpy(unlocked->state, draws->state, sizeof unlocked->state);
    unlocked->index = *draws->index;
    draws->state = unlocked->state;
    draws->index = &unlocked->index;
    unlocked->thread = PyEval_SaveThread();
}

void playout_lock(Unlocked *unlocked, Draws *draws) {
    if (unlocked->thread == NULL)
        return;
    PyEval_RestoreThread(unlocked->thread);
    unlocked->thread = NULL;
    memcpy(unlocked->shared_state, unlocked->state, sizeof unlocked->state);
    *unlocked->shared_index = unlocked->index;
    draws->state = unlocked->shared_state;
    draws->index = unlocked->shared_index;
}

/* CPython's _random.Random object (Modules/_randommodule.c's RandomObject). */
typedef struct {
    PyObject_HEAD int index;
    uint32_t state[624];
} CPythonRandom;

static PyTypeObject *random_type; /* _random.Random, where its layout was confirmed */
static PyObject *random_method;   /* its random() method descriptor */
static PyObject *str_random;

int draws_open(Draws *draws, PyObject *generator) {
    draws->state = NULL;
    draws->index = NULL;
    draws->method = NULL;
    if (random_type != NULL && PyObject_TypeCheck(generator, random_type)) {
        PyObject *random = _PyType_Lookup(Py_TYPE(generator), str_random);
        if (random == random_method) {
            CPythonRandom *twister = (CPythonRandom *)generator;
            if (twister->index < 0 || twister->index > 624) {
                PyErr_SetString(PyExc_ValueError, "a generator in a state random.Random never holds");
                return -1;
            }
            draws->state = twister->state;
            draws->index = &twister->index;
            return 0;
        }
    }
    if (PyCallable_Check(generator)) {
        Py_INCREF(generator);
        draws->method = generator;
        return 0;
    }
    draws->method = PyObject_GetAttrString(generator, "random");
    return draws->method == NULL ? -1 : 0;
}

void draws_close(Draws *draws) { Py_CLEAR(draws->method); }

int draws_init(void) {
    str_random = PyUnicode_InternFromString("random");
    if (str_random == NULL)
        return -1;
    PyObject *module = PyImport_ImportModule("_random");
    if (module == NULL) {
        PyErr_Clear();
        return 0; /* no _random: every generator is called */
    }
    PyObject *type = PyObject_GetAttrString(module, "Random");
    Py_DECREF(module);
    if (type == NULL || !PyType_Check(type) ||
        ((PyTypeObject *)type)->tp_basicsize < (Py_ssize_t)sizeof(CPythonRandom)) {
        Py_XDECREF(type);
        PyErr_Clear();
        return 0;
    }
    PyObject *method = _PyType_Lookup((PyTypeObject *)type, str_random);
    /* Confirm the layout: the numbers drawn in place are random()'s, over a twist of the state. */
    PyObject *called = method ? PyObject_CallFunction(type, "i", 20260101) : NULL;
    PyObject *in_place = method ? PyObject_CallFunction(type, "i", 20260101) : NULL;
    int same = called != NULL && in_place != NULL;
    for (int draw = 0; draw < 700 && same; draw++) {
        PyObject *number = PyObject_CallMethod(called, "random", NULL);
        CPythonRandom *twister = (CPythonRandom *)in_place;
        same = number != NULL && twister->index >= 0 && twister->index <= 624 &&
               PyFloat_AsDouble(number) == pyrandom_random_at(twister->state, &twister->index);
        Py_XDECREF(number);
    }
    Py_XDECREF(called);
    Py_XDECREF(in_place);
    PyErr_Clear();
    if (same) {
        Py_INCREF(method);
        random_method = method;
        random_type = (PyTypeObject *)type; /* (the module's reference, kept) */
    } else {
        Py_DECREF(type);
    }
    return 0;
}

PyObject *values_tuple(const int64_t *values, int count) {
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int index = 0; index < count; index++) {
        PyObject *item = PyLong_FromLongLong(values[index]);
        if (item == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, index, item);
    }
    return tuple;
}

/* The next value, which must lie in [low, high]; a failed read sets ValueError once. */
int64_t next_value(Reader *reader, int64_t low, int64_t high) {
    if (reader->failed)
        return low;
    if (reader->at >= PyTuple_GET_SIZE(reader->values)) {
        PyErr_SetString(PyExc_ValueError, "a position's flat form is too short");
        reader->failed = 1;
        return low;
    }
    PyObject *item = PyTuple_GET_ITEM(reader->values, reader->at);
    int overflow = 0;
    long long value = PyLong_Check(item) ? PyLong_AsLongLongAndOverflow(item, &overflow) : 0;
    if (!PyLong_Check(item) || overflow || (value == -1 && PyErr_Occurred()) || value < low || value > high) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "value %zd of a position's flat form is out of the native core's range",
                     reader->at);
        reader->failed = 1;
        return low;
    }
    reader->at++;
    return value;
}

int append_new(PyObject *list, PyObject *item) {
    if (item == NULL)
        return -1;
    int failed = PyList_Append(list, item);
    Py_DECREF(item);
    return failed ? -1 : 0;
}

int read_groups(const uint32_t *words, Py_ssize_t count, Py_ssize_t *at, uint32_t group_count, Groups *groups) {
    if (group_count > MOST_FACTORIES || *at + (Py_ssize_t)group_count > count)
        return -1;
    groups->group_count = (int)group_count;
    for (int group = 0; group < groups->group_count; group++) {
        uint32_t packed = words[(*at)++];
        groups->sizes[group] = (uint8_t)((packed & 7) > FACTORY_SIZE ? FACTORY_SIZE : (packed & 7));
        for (int tile = 0; tile < groups->sizes[group]; tile++)
            groups->tiles[group][tile] = (uint8_t)(packed >> (3 + 3 * tile) & 7);
    }
    return 0;
}
