/* Python's random.Random, bit for bit: the Mersenne Twister (MT19937) seeded from a whole
 * number as random.seed(int) seeds it, with getrandbits and the _randbelow that sample() uses.
 *
 * Master Chocolatier's special factories place their discs with a random.Random seeded from
 * the event's chance bits (ChocolatierState.sample_chance); the core draws the same numbers.
 */
#ifndef MOZAIKA_PYRANDOM_H
#define MOZAIKA_PYRANDOM_H

#include <stdint.h>

typedef struct {
    uint32_t state[624];
    int index;
    /* How many of the state's first words are twisted: 624 (CPython's state), but for a twister just
     * seeded here, whose first block is twisted a word at a time as the words are drawn (a round
     * start draws a dozen of its 624); its state is CPython's only once twisted (624). */
    int twisted;
} PyRandom;

/* Work out the tables seeding starts from; once, when the module is loaded, before any seeding. */
void pyrandom_init(void);

/* random.Random(seed) for a whole number 0 <= seed < 2**64. */
void pyrandom_seed(PyRandom *random, uint64_t seed);

/* random.random() of a twister held as CPython holds it (its 624 words and its position). */
double pyrandom_random_at(uint32_t *state, int *index);

/* random.getrandbits(bits) for 0 < bits <= 32. */
uint32_t pyrandom_bits(PyRandom *random, int bits);

/* random.getrandbits(bits) for any bits > 0, as little-endian 32-bit limbs (`limbs` holds
 * (bits + 31) / 32 of them); the count of limbs up to the highest that is not zero goes to
 * *limb_count. */
void pyrandom_limbs(PyRandom *random, int bits, uint32_t *limbs, int *limb_count);

/* random._randbelow(n) for 0 < n < 2**32. */
uint32_t pyrandom_below(PyRandom *random, uint32_t n);

/* random.sample(population, k) of a population of n <= 21 values (CPython's pool method, the one
 * it takes for such populations): the k chosen go to `chosen` in order. */
void pyrandom_sample(PyRandom *random, const int *population, int n, int k, int *chosen);

#endif
