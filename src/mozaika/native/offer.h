/* The factory offer every game of the family opens its rounds with (rules F-1, F-2, A-3,
 * S-5), and the draw that fills it, shared by the native boards (wall.c, ...).
 *
 * Everything here mirrors a Python function of mozaika.core (offer.py, drawing.py,
 * protocol.py's chance_bits) step for step: the Python engines are the specification,
 * and the differential tests hold this code to them.
 */
#ifndef MOZAIKA_OFFER_H
#define MOZAIKA_OFFER_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "pyrandom.h"
#include "steps.h"

#define MOST_FACTORIES 9
#define MOST_COLOURS 6
#define MOST_SEATS 4
#define FACTORY_SIZE 4
/* The bits of entropy a draw of `tiles` tiles reads (drawing.draw_bits). */
#define DRAW_BITS(tiles) (8 * (tiles) + 64)
/* Enough 32-bit limbs for the largest draw: 9 factories of 4 tiles (plus the 64 spare bits). */
#define ENTROPY_LIMBS ((DRAW_BITS(MOST_FACTORIES * FACTORY_SIZE) + 31) / 32 + 1)

/* The factories, the centre and the first-player marker (offer.FactoryOffer). */
typedef struct {
    int16_t factories[MOST_FACTORIES][MOST_COLOURS];
    int16_t centre[MOST_COLOURS];
    uint8_t masks[MOST_FACTORIES + 1]; /* colours on each factory, then the centre, as bits */
    uint8_t factory_count;
    uint8_t colours;
    uint8_t turn;
    uint8_t starter;
    uint8_t marker_in_centre;
    int8_t marker_holder; /* -1: nobody took it this round */
    int16_t tiles_on_table;
} Offer;

extern const int FACTORIES_BY_PLAYERS[5];

/* A source's index in `masks` and the move tables: a factory's own, the centre last. */
static inline int source_slot(const Offer *offer, int source) { return source < 0 ? offer->factory_count : source; }

static inline int16_t *source_counts(Offer *offer, int source) {
    return source < 0 ? offer->centre : offer->factories[source];
}

/* Finish a take whose source's counts have lost the tiles taken (FactoryOffer._take_from):
 * a factory's other tiles go to the centre; the round's first take from the centre takes
 * the marker (returns 1). */
static inline int offer_take_from(Offer *offer, int seat, int source, int colour) {
    if (source < 0) {
        if (!offer->centre[colour])
            offer->masks[offer->factory_count] &= (uint8_t) ~(1u << colour);
        if (offer->marker_in_centre) {
            offer->marker_in_centre = 0;
            offer->marker_holder = (int8_t)seat;
            return 1;
        }
        return 0;
    }
    int16_t *counts = offer->factories[source];
    uint8_t mask = offer->masks[offer->factory_count];
    for (int other = 0; other < offer->colours; other++) {
        if (counts[other]) {
            offer->centre[other] += counts[other];
            counts[other] = 0;
            mask |= (uint8_t)(1u << other);
        }
    }
    offer->masks[offer->factory_count] = mask;
    offer->masks[source] = 0;
    return 0;
}

/* How many sources (factories and the centre) hold each colour (FactoryOffer._colour_holders). */
void offer_colour_holders(const Offer *offer, int holders[MOST_COLOURS]);

/* A draw (drawing.sample_draw): groups of tiles, each sorted, and the bag and lid it leaves. */
typedef struct {
    uint8_t tiles[MOST_FACTORIES][FACTORY_SIZE];
    uint8_t sizes[MOST_FACTORIES];
    int group_count;
} Groups;

/* Put dealt groups on the factories and open the offer: the marker in the centre, the
 * round's starter to move (FactoryOffer._deal). */
void offer_deal(Offer *offer, const Groups *groups);

/* The entropy of a chance event, decided by the seed and the event's index (State.chance_bits):
 * the little-endian SHAKE-256 digest, read through the `entropy` callable
 * (seed, index, bytes) -> bytes.  Returns -1 with a Python error set on failure. */
int chance_entropy(PyObject *entropy, PyObject *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count);

/* The same entropy, the digest computed here (SHAKE-256 in C) where the seed is a whole number
 * that fits in 64 bits, else through the `entropy` callable as chance_entropy does. */
int seeded_entropy(PyObject *entropy, PyObject *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count);

/* What decides chance events: a Python seed `object` (as seeded_entropy reads it, through `entropy`
 * where it must), or, with `object` NULL, the whole number `value` (a search's simulations).  With
 * `prepared`, the first `prepared_bytes` of event `prepared_index`'s digest for `value`, computed
 * beforehand (chance_prepare: the vector environment hashes its games' events four at a time). */
typedef struct {
    PyObject *entropy;
    PyObject *object;
    int64_t value;
    const uint64_t *prepared;
    int64_t prepared_index;
    int prepared_bytes;
} ChanceSeed;

/* seeded_entropy for either kind of seed. */
int chance_seed_bits(const ChanceSeed *seed, int64_t index, int bits, uint32_t *limbs, int *limb_count);

/* The digests of `count` events (the whole-number seed values[k], event indices[k]) as chance_seed_bits
 * reads them, their first `bytes` (at most CHANCE_PREPARED_LANES lanes) into lanes[k]: four at a time. */
#define CHANCE_PREPARED_LANES 17
void chance_prepare(const int64_t *values, const int64_t *indices, int count, int bytes,
                    uint64_t (*lanes)[CHANCE_PREPARED_LANES]);

/* Sample a draw of groups of `sizes` from bag and lid, as drawing.sample_draw does with this
 * entropy (which it consumes); bag and lid are updated to what the draw leaves. */
void sample_draw(int32_t *bag, int32_t *lid, int colours, const int *sizes, int group_count, uint32_t *limbs,
                 int limb_count, Groups *out);
/* The same, each group's tiles left in the order drawn (for a caller that only counts them, or sorts
 * them when it must show them). */
void sample_draw_unsorted(int32_t *bag, int32_t *lid, int colours, const int *sizes, int group_count, uint32_t *limbs,
                          int limb_count, Groups *out);

/* Draw `wanted` tiles from bag and lid into `drawn` in the order drawn (the loop of drawing.sample_draw,
 * consuming the entropy); bag and lid are updated.  Returns how many were drawn (fewer when both run
 * out).  The bag and the lid must each hold at most 2048 tiles. */
int draw_tiles(int32_t *bag, int32_t *lid, int colours, int wanted, uint32_t *limbs, int limb_count, uint8_t *drawn);

/* Sort a group of drawn tiles by colour (Python's group.sort()). */
void sort_tiles(uint8_t *tiles, int size);

/* The next number of a playout's generator (its random() method), checked to lie in [0, 1);
 * -1 with an error set on failure. */
double next_random(PyObject *random);

/* A playout's generator: a random.Random whose random() is CPython's own, drawn in place (its
 * twister read and advanced here, as random() would, without a call), else any other generator's
 * random() method called for each number. */
typedef struct {
    uint32_t *state; /* the twister's words, drawn in place; NULL: call `method` */
    int *index;
    PyObject *method; /* a new reference, or NULL */
} Draws;
/* Open `generator` (a random.Random, or a callable giving numbers in [0, 1)); 0, or -1 with an error set. */
int draws_open(Draws *draws, PyObject *generator);
void draws_close(Draws *draws);
/* The next number in [0, 1); -1 with an error set on failure. */
static inline double draws_next(Draws *draws) {
    return draws->state != NULL ? pyrandom_random_at(draws->state, draws->index) : next_random(draws->method);
}
/* Set an error from code that may run without the GIL (a search, a vector step): the GIL is taken for
 * the moment it takes. */
void native_error(PyObject *type, const char *message);
void native_no_memory(void);

/* A playout that may run without the GIL: where the generator is drawn in place and the seed is a whole
 * number of 64 bits (no Python call left), the twister is copied here and the GIL released; playout_lock
 * takes the GIL back and puts the twister back in the generator.  `seed` is the ChanceSeed to play with. */
typedef struct {
    PyThreadState *thread; /* NULL: the GIL is held */
    uint32_t *shared_state;
    int *shared_index;
    uint32_t state[624];
    int index;
} Unlocked;
void playout_unlock(Unlocked *unlocked, Draws *draws, ChanceSeed *seed, PyObject *entropy, PyObject *seed_object);
void playout_lock(Unlocked *unlocked, Draws *draws);

/* Learn where CPython keeps a random.Random's twister (checked against random() itself); 0 or -1. */
int draws_init(void);

/* A draw's groups as the steps record them (steps.h): a word of `tag` and the group count, then one
 * word per group (its size, then its colours, three bits each); and read back from words[*at] (after
 * the first word, whose value is `group_count`): 0, or -1 where the words do not hold them. */
static inline void record_groups(StepRecord *record, int tag, const Groups *groups) {
    record_word(record, STEP_WORD(tag, groups->group_count));
    for (int group = 0; group < groups->group_count; group++) {
        uint32_t word = groups->sizes[group];
        for (int tile = 0; tile < groups->sizes[group]; tile++)
            word |= (uint32_t)groups->tiles[group][tile] << (3 + 3 * tile);
        record_word(record, word);
    }
}
int read_groups(const uint32_t *words, Py_ssize_t count, Py_ssize_t *at, uint32_t group_count, Groups *groups);

/* How many bits are set. */
static inline int bits_in(uint64_t value) {
    int count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
}

/* Each seat's score, the first field of every board (`boards`, `board_size` bytes apart). */
static inline void board_scores(const void *boards, size_t board_size, int players, int64_t *scores) {
    for (int seat = 0; seat < players; seat++)
        memcpy(&scores[seat], (const unsigned char *)boards + (size_t)seat * board_size, sizeof(int64_t));
}

/* Python values of the offer, for getters. */
PyObject *counts_list(const int16_t *counts, int colours);
PyObject *int32_list(const int32_t *counts, int colours);
PyObject *groups_tuple(const Groups *groups);

/* Append `item`, a new reference (NULL: a failed call, passed on), to `list`, releasing it; 0 or -1. */
int append_new(PyObject *list, PyObject *item);

/* A position's flat form (each core's dump and load): its values as a tuple of whole numbers, and
 * read back one by one, each checked to lie in its range. */
PyObject *values_tuple(const int64_t *values, int count);
typedef struct {
    PyObject *values;
    Py_ssize_t at;
    int failed;
} Reader;
/* The next value, which must lie in [low, high]; a failed read sets ValueError once. */
int64_t next_value(Reader *reader, int64_t low, int64_t high);

#endif
